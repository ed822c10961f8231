/**
 * The names a note is about, for a note in long prose where no rule read what a sentence states
 * (docs/design.md §3). A lecture in plain paragraphs introduces its people, works and institutions
 * without «X es …» or bold: «Eurípides, que vivió entre el 480 y el 406 a. C., ganó muy pocos
 * concursos…», «Su obra mayor es la Orestíada, …». Two signals say a name is the note's, neither
 * a pattern of wording:
 * - its section's heading lists it («Esquilo, Sófocles y Eurípides»): the teacher's own outline;
 * - the course comes back to it (written at least twice), and the note has no other idea.
 * Each is then a key term, asked as a cloze in a sentence of the note that carries it. Pure.
 */
import { escapeRegExp } from '../../lib/regexp.js';

const cap = (w: string) => `${w[0]!.toLocaleUpperCase('es')}${w.slice(1)}`;
/** A run of capitalised words after a lower-case word or a comma, with «de / del / de la» inside: «Luca Pacioli», «Grandes Dionisias». */
const NAME_RUN = /(?<=[\p{Ll},;:] )\p{Lu}[\p{L}'’-]+(?:\s+(?:de\s+(?:la\s+|los\s+|las\s+)?|del\s+)?\p{Lu}[\p{L}'’-]+){0,3}/gu;

/** The names the heading lists («esquilo, sófocles y eurípides» → Esquilo, Sófocles, Eurípides), each written as the notes write it. */
export function headingNames(heading: string | undefined, properWord: (w: string) => boolean): string[] {
  if (!heading) return [];
  return heading.split(/\s*[,;:]\s*|\s+(?:y|e)\s+/u).map((p) => p.trim()).filter(Boolean)
    .map((p) => p.split(/\s+/u).map(cap).join(' '))
    .filter((p) => p.split(/\s+/u).length <= 3 && p.split(/\s+/u).every((w) => /^\p{Lu}\p{Ll}/u.test(w) && properWord(w)));
}

/**
 * The names this note is about: written in it at least twice and in few other notes (a setting such
 * as «Atenas» runs through the course; the note's own person or work is written mostly there), the
 * most the note's own first. `notesWriting(name)`: how many of the course's notes write it.
 */
export function namesOfNote(text: string, names: ReadonlySet<string>, notesWriting: (name: string) => number, courseNotes: number): string[] {
  const plain = text.replace(/\*+/gu, '');
  const runs = [...new Set([...plain.matchAll(NAME_RUN)].map((m) => m[0]))].filter((r) => names.has(r.split(/\s+/u)[0]!));
  return runs.map((r) => ({ r, here: [...plain.matchAll(new RegExp(`(?<![\\p{L}])${escapeRegExp(r)}(?![\\p{L}])`, 'gu'))].length, df: notesWriting(r) }))
    .filter((x) => x.here >= 2 && x.df <= Math.max(1, courseNotes / 4))
    .sort((a, b) => b.here * Math.log(1 + courseNotes / b.df) - a.here * Math.log(1 + courseNotes / a.df))
    .map((x) => x.r);
}

/** A pointer to people or things said before («el primero de ellos»): a question of it would not stand alone. */
const POINTS_BACK = /(?<![\p{L}])(?:ellos|ellas|éste|ésta|este|esta|estos|estas|ese|esa|esos|esas|aquel|aquella|aquellos|aquellas|dichos?|dichas?)(?![\p{L}])/u;

/**
 * «Eurípides, que vivió entre el 480 y el 406 a. C., ganó muy pocos concursos en vida …»: a name the
 * note is about, an aside on their life, and what they did — asked «¿Quién ganó …?»; when what they
 * did points back («…, es el primero de ellos»), asked by the aside itself («¿Quién vivió … y combatió
 * en Maratón?»). Answered with the name.
 */
export function lifeOf(sentence: string, name: string): { kind: 'persona'; term: string; article: ''; verb: string; body: string } | undefined {
  const m = new RegExp(`^${escapeRegExp(name)}(?:\\s+\\([^()]*\\))?,\\s+(?:que|quien)\\s+(\\p{Ll}+)\\s+([^,;]{3,120}),\\s+(\\p{Ll}+)\\s+([^;]+?)[.;]?$`, 'u').exec(sentence);
  if (!m) return undefined;
  const claim = m[4]!.split(/,\s+(?:pero|aunque|mientras que|y)\s/u)[0]!;
  if (claim.split(/\s+/u).length >= 3 && !POINTS_BACK.test(claim) && !/^(?:es|son|fue|era)$/u.test(m[3]!)) return { kind: 'persona', term: name, article: '', verb: m[3]!, body: claim };
  // The aside alone: «que vivió … y que combatió en Maratón» → «vivió … y combatió en Maratón».
  const life = m[2]!.replace(/\s+y\s+que\s+/u, ' y ');
  return life.split(/\s+/u).length >= 3 ? { kind: 'persona', term: name, article: '', verb: m[1]!, body: life } : undefined;
}
