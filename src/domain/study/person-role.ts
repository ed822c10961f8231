/**
 * A person long prose introduces by their role (docs/design.md §3): «Carlomagno, rey de los francos
 * desde el 768 y coronado emperador …, gobernó un territorio inmenso …», «El historiador griego
 * Polibio, que llegó a Roma como rehén en el 167 a. C., se preguntó …». The rules that read a person
 * (idea-rules.ts personActs) need two capitalised words to tell a person from a place; a role noun
 * beside the name («rey», «historiador», cards/lexicon.ts PERSON_ROLES) tells it here, so a single
 * name is read too. Asked «¿Quién fue <role>?» or «¿Quién <did> …?», answered with the name. Pure.
 */
import { PERSON_ROLES } from '../cards/lexicon.js';
import { lifeOf } from './note-names.js';
import type { Found } from './sentence-idea.js';

/** A name of one to four capitalised words, with its links («Luis el Piadoso», «Adalberón de Laon»). */
const NAME = String.raw`\p{Lu}[\p{L}'’-]+(?:\s+(?:de\s+|del\s+|el\s+|van\s+|von\s+)?\p{Lu}[\p{L}'’-]+){0,3}`;
/** «Carlomagno, rey de los francos …, gobernó …»: the name, its role up to the comma before its verb. */
const NAME_THEN_ROLE = new RegExp(String.raw`^(${NAME}),\s+((\p{Ll}+)\s[^;:()]{6,160}?),\s+\p{Ll}+(?:ó|ió|aba|ía|aron|ieron)\s`, 'u');
/** «El historiador griego Polibio, …»: a role and up to two words qualifying it, then the name. */
const ROLE_THEN_NAME = new RegExp(String.raw`^(?:El|La)\s+(\p{Ll}+)(?:\s+\p{Ll}+){0,2}\s+(${NAME})(?=[\s,(])`, 'u');

/** Most words of a role asked as a question: a longer one is a career, not a clue. */
const ROLE_MAX_WORDS = 25;

/** The person a plain sentence introduces by their role, if it does. */
export function personByRole(sentence: string): Found | undefined {
  const named = NAME_THEN_ROLE.exec(sentence);
  if (named && PERSON_ROLES.has(named[3]!) && named[2]!.split(/\s+/u).length <= ROLE_MAX_WORDS) {
    return { kind: 'persona', term: named[1]!, article: '', body: named[2]!, verb: 'fue' };
  }
  const role = ROLE_THEN_NAME.exec(sentence);
  if (!role || !PERSON_ROLES.has(role[1]!)) return undefined;
  // From the name on, the sentence reads as one about them: their life and what they did.
  const life = lifeOf(sentence.slice(role.index + role[0].length - role[2]!.length), role[2]!);
  return life ? { ...life } : undefined;
}

/** «… por el fraile franciscano Luca Pacioli …»: a role, up to two words qualifying it, then a name, anywhere in a sentence. */
const ROLE_BEFORE_NAME = new RegExp(String.raw`(?<![\p{L}])(?:el|la)\s+(\p{Ll}+)(?:\s+\p{Ll}+){0,2}\s+(${NAME})(?=[\s,.;:(]|$)`, 'gu');

/**
 * The people a sentence names after their role, wherever they stand («La expresión la introdujo el
 * matemático británico Karl Pearson en 1893»): key people of the note, each asked as a cloze on the name.
 */
export function namesByRole(sentence: string): string[] {
  return [...sentence.matchAll(ROLE_BEFORE_NAME)].filter((m) => PERSON_ROLES.has(m[1]!)).map((m) => m[2]!);
}
