/**
 * The two shapings every surface shares: a number with its noun, and a text cut at a word.
 *
 * «1 nota», «3 notas»: a number with its noun, in the singular for one. Every surface counts with
 * this one helper, so a template never says «1 tarjetas» again (a number glued to a plural noun
 * reads wrong exactly when the number is 1, which is the case nobody writes a sample for).
 */
export const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** A short quote of a note or card, for a question that names it: «La narración es el rel…». */
export function quote(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  // Cut at a word: «…a través de un…», never «…de u…» nor «…continenta…»; only a word longer than
  // half the room is cut inside.
  const head = chars.slice(0, max - 1).join('');
  // The room ends where a word ends («…a hijos.» before a space): that word stays.
  const space = chars[max - 1] === ' ' ? head.length : head.lastIndexOf(' ');
  return `${(space >= head.length * 0.5 ? head.slice(0, space) : head).replace(/[\s,;:·–—-]+$/u, '')}…`;
}
