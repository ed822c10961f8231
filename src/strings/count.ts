/**
 * «1 nota», «3 notas»: a number with its noun, in the singular for one. Every surface counts with
 * this one helper, so a template never says «1 tarjetas» again (a number glued to a plural noun
 * reads wrong exactly when the number is 1, which is the case nobody writes a sample for).
 */
export const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
