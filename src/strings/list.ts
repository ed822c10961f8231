/**
 * «a, b y c»: a list joined as Spanish joins it, the last item after «y». Every surface that lists
 * things in a sentence uses this one helper (Intl's Spanish list format), so none ends «a, b, c».
 */
const SPANISH_LIST = new Intl.ListFormat('es', { style: 'long', type: 'conjunction' });

export const listed = (items: readonly (string | number)[]): string => SPANISH_LIST.format(items.map(String));

/**
 * A title or a phrase the student wrote, followed by `mark` as a sentence goes on after it: its own
 * closing full stop stands for a «.» («Arrhenius.» ends «… semana 4: Arrhenius.», never «Arrhenius..»)
 * and gives way to any other mark («Semana 4 · Arrhenius: todavía…»); a «?», «!» or «…» of its own ends
 * the sentence too.
 */
export function ended(text: string, mark: '.' | ':' = '.'): string {
  const t = text.trimEnd();
  if (mark === '.' && /[.!?…]$/u.test(t)) return t;
  return `${t.replace(/(?<!\.)\.$/u, '')}${mark}`;
}
