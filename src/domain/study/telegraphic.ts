/**
 * Notes taken as a list, as a student writes them by hand (docs/design.md §3): lines with no full
 * stop, where «=» says what a term is and a name with two years is a period — «• Pronunciamiento =
 * golpe militar que se pronuncia a favor de un programa político», «• Trienio Liberal 1820-1823:
 * moderados vs exaltados». The reader asks a sentence for its closing mark (reading.ts), which such a
 * line never has; this reads only these two shapes, each a line whole (the next line does not carry
 * on in lower case), and leaves the line's other words alone. Pure.
 */
import { articleFor } from './article.js';
import { CARD_QUESTIONS } from '../../strings/study.js';
import type { Found } from './sentence-idea.js';

/** «• Término = lo que es …»: a term of one to four words (no figures), «=», and words that say what it is. */
const EQUALS = /^[ \t]*[-*•][ \t]+(\p{L}[\p{L}'’-]*(?:[ \t]+\p{L}[\p{L}'’-]*){0,3})[ \t]*=[ \t]*(\p{Ll}[^=\n]*?)[ \t]*$/u;
/** «• Trienio Liberal 1820-1823: …», «• Década Ominosa (1823–1833) — …»: a capitalised name and its first and last year. */
const PERIOD = /^[ \t]*[-*•][ \t]+(\p{Lu}[\p{L}'’-]*(?:[ \t]+[\p{L}'’-]+){0,4}?)[ \t]+\(?(1\d{3}|20\d{2})[ \t]*[-–][ \t]*(1\d{3}|20\d{2})\)?(?=[ \t]*(?:[:—–-]|$))/u;

export interface TelegraphicIdea { found: Found; line: string; at: number }

/** The ideas a note's list lines state by «=» or by a period's years, each with its line and where it starts. */
export function telegraphicIdeas(text: string): TelegraphicIdea[] {
  const ideas: TelegraphicIdea[] = [];
  const lines = text.split('\n');
  let at = 0;
  lines.forEach((line, k) => {
    const start = at;
    at += line.length + 1;
    // A line the next one carries on in lower case («… D. Carlos no» / «acepta — …») is cut, not whole.
    const next = lines.slice(k + 1).find((l) => l.trim() !== '');
    if (next !== undefined && /^\s*\p{Ll}/u.test(next)) return;
    const equals = EQUALS.exec(line);
    if (equals) {
      // What it is, up to a semicolon that adds another claim.
      const body = equals[2]!.split(/;\s/u)[0]!.trim();
      // «Crecimiento real = crecimiento natural + saldo migratorio» is a formula in words (word-formula.ts reads it).
      if (/[+−×·/]|\s-\s/u.test(body)) return;
      // A line's capital is the line's, not the term's («Pronunciamiento», «Crecimiento real»).
      const term = /^\p{Lu}\p{Ll}+(?:\s+\p{Ll}[\p{L}'’-]*)*$/u.test(equals[1]!) ? `${equals[1]![0]!.toLocaleLowerCase('es')}${equals[1]!.slice(1)}` : equals[1]!;
      if (body.split(/\s+/u).length >= 3) ideas.push({ found: { kind: 'definicion', term, article: '', body }, line, at: start });
      return;
    }
    const period = PERIOD.exec(line);
    if (period) {
      const name = period[1]!;
      const named = `${articleFor(name)} ${name}`;
      ideas.push({ found: { kind: 'definicion', term: name, article: '', body: `${period[2]}-${period[3]}`, question: CARD_QUESTIONS.periodYears(named) }, line, at: start });
    }
  });
  return ideas;
}
