/**
 * Who said what, where notes name them as an example of a group (pure): «Historiadores como Miguel
 * Artola han subrayado que…», «Otros, como Josep Fontana, insisten en que…». A humanities week
 * names its historians and actors this way more than it defines them, and the study side's key
 * ideas read no person there; asked «¿Quién ha subrayado que…?» with the week's other people as
 * options (build.ts), the verb said of one person.
 */
import { sentencesOf } from '../study/reading.js';
import type { QuizIdea, SourceNote } from './idea-types.js';

const NAME = String.raw`\p{Lu}[\p{L}'’-]+(?:\s+(?:(?:de|del|de\s+la)\s+)?\p{Lu}[\p{L}'’-]+){1,3}`;
/** «Historiadores como X han…», «Otros, como X, insisten…»: a group, «como», a name, a plural verb, what they say. */
const SAID_BY = new RegExp(`^\\p{Lu}\\p{Ll}+,?\\s+como\\s+(${NAME}),?\\s+(han\\s+\\p{Ll}+(?:ado|ido)|\\p{Ll}{3,}(?:an|en))\\s+(.+?)\\.?$`, 'u');

/** A plural verb said of one person: «han subrayado» → «ha subrayado», «insisten» → «insiste», «defendían» → «defendía». */
export function singular(verb: string): string {
  return verb.startsWith('han ') ? `ha ${verb.slice(4)}` : verb.replace(/n$/u, '');
}

/** The person and what the sentence says they said or did, or undefined. */
export function saidBy(sentence: string): { person: string; said: string } | undefined {
  const m = SAID_BY.exec(sentence.replace(/\s+/gu, ' ').trim());
  if (!m || m[3]!.split(' ').length < 4) return undefined;
  return { person: m[1]!, said: `${singular(m[2]!)} ${m[3]!}` };
}

/** The people of `note` asked by what it says they said. */
export function saidByIdeas(note: SourceNote): QuizIdea[] {
  const file = note.origen?.archivo ?? note.archivo;
  const source = { noteId: note.id, ...(file ? { file } : {}) };
  return sentencesOf(note.texto).flatMap((s) => {
    const plain = s.text.replace(/[*_]+/gu, '');
    const found = saidBy(plain);
    return found ? [{ kind: 'persona' as const, term: found.person, statement: found.said, source, passage: plain.replace(/[\s.]+$/u, '') }] : [];
  });
}
