/**
 * «a, b y c»: a list joined as Spanish joins it, the last item after «y». Every surface that lists
 * things in a sentence uses this one helper (Intl's Spanish list format), so none ends «a, b, c».
 */
const SPANISH_LIST = new Intl.ListFormat('es', { style: 'long', type: 'conjunction' });

export const listed = (items: readonly (string | number)[]): string => SPANISH_LIST.format(items.map(String));
