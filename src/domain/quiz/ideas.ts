/**
 * The key ideas a quiz asks about: the week's key ideas of docs/design.md §3 («Study material worth
 * studying», domain/study/key-ideas.ts), read the way a quiz needs them. The study side finds the
 * ideas (a definition, a named statement, a formula, a date, a person) in the sentences it reads
 * well; this module only turns each into a question's words and an option (pure given the
 * dictionary check): the term, name, formula or year is the option, and the definition, statement,
 * what the formula gives or the event is the question. A question must stand alone: a definition
 * keeps only its defining clause (not what follows a colon, an example, a second definition
 * coordinated with it), one that leans on a sentence before it («ese sentido», «dicho proceso»)
 * gives no idea, and the question never says its own answer.
 */
import { keyIdeasOfWeek, type KeyIdea } from '../study/key-ideas.js';
import type { WordCheck } from '../study/reading.js';
import { articleFor } from '../study/idea-cards.js';
import { formulaCondition } from '../study/card-wording.js';
import { headOf } from './kinds.js';
import { madeVerb, workQuestions } from './made-verb.js';
import { tableIdeas } from './tables.js';
import { personYear } from './years.js';
import { datedIdeas } from './dated.js';
import { saidByIdeas } from './said-by.js';
import { EVERYDAY_WORDS, GENERIC_NOUNS, ROLE_WORD } from '../cards/lexicon.js';

export type { QuizIdea, QuizIdeaKind, SourceNote } from './idea-types.js';
import type { QuizIdea, QuizIdeaKind, SourceNote } from './idea-types.js';
import { fold } from '../../lib/fold.js';
import { escapeRegExp } from '../../lib/regexp.js';

/** The study kinds a question can be made of: a key term or a heading is read in a sentence that defines nothing. */
const READ: ReadonlySet<KeyIdea['kind']> = new Set(['definicion', 'enunciado', 'formula', 'fecha', 'persona', 'obra']);

const MAX_TERM_WORDS = 6;
const MIN_STATEMENT_WORDS = 3;
/** An option longer than Telegram's 100 characters cannot be offered. */
const MAX_TERM_CHARS = 100;

const ARTICLE = /^(?:el|la|los|las|un|una|lo)\s+/iu;
const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;
const clean = (s: string) => s.replace(/\s+/g, ' ').replace(/[\s.;:,]+$/u, '').trim();
const capital = (s: string) => s.charAt(0).toLocaleUpperCase('es') + s.slice(1);

/** `statement` with `term` hidden, so the question never says its own answer. */
function hide(statement: string, term: string): string {
  const bare = term.replace(ARTICLE, '');
  // «Ingreso total (IT)»: the term, its words without the abbreviation, and the abbreviation alone.
  const abbreviation = /\(([^)]{1,12})\)/u.exec(bare)?.[1];
  const forms = [bare, bare.replace(/\s*\([^)]*\)\s*/gu, ' ').trim(), ...(abbreviation ? [abbreviation] : [])].filter(Boolean);
  return forms.reduce((text, f) => text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(f)}(?![\\p{L}\\p{N}])`, 'giu'), '___'), statement);
}

/** Demonstratives that point at something said before («ese sentido», «dicho proceso», «esto»). */
const DEMONSTRATIVE = /(?<![\p{L}\p{N}])(?:(?:ese|esa|esos|esas|este|esta|estos|estas|dicho|dicha|dichos|dichas)\s+(?:mism[oa]s?\s+)?(\p{L}+)|esto|eso|ello)(?![\p{L}\p{N}])/giu;

/**
 * True when `statement` leans on a sentence before it: a demonstrative whose noun it has not
 * named yet («la ley que fija ese sentido»). «…entre dos focos… entre esos mismos focos» stands alone.
 */
export function leansOnContext(statement: string): boolean {
  for (const m of statement.matchAll(DEMONSTRATIVE)) {
    const noun = m[1];
    if (!noun) return true;
    const before = fold(statement.slice(0, m.index));
    if (!before.includes(fold(noun).slice(0, 5))) return true;
  }
  return false;
}

/**
 * The defining clause of a definition: up to a colon or semicolon (what follows is an example,
 * a formula or a second idea), before an example («, como…»), before a second definition
 * coordinated with it («…, y bien inferior a aquel…») and before a second claim («…, y se expresa…»).
 */
export function definingClause(statement: string): string {
  return statement
    .split(/\s*[:;]\s/u)[0]!
    .replace(/,\s+(?:como|por ejemplo|p\.\s*ej\.|así como)\s.*$/iu, '')
    .replace(/,\s+y\s+[^,]{1,60}?\s+(?:a|al)\s+(?:aquel|aquella|aquellos|aquellas|la|las|los|lo|el|un|una)\s.*$/iu, '')
    // «…, y se expresa en…», «…, y permite comparar…»: a second claim about the term, not its definition.
    .replace(/,\s+y\s+(?:(?:no|siempre|nunca|también)\s+)?(?:se|es|son|permite|permiten|puede|pueden|sirve|sirven|depende|dependen|suele|suelen)\s.*$/iu, '');
}

/**
 * «aquel que…» said of the term's head noun: «Un proceso X es aquel que…» → «el proceso que…». A
 * one-word term keeps «aquel» (its head is the answer itself).
 */
function namedGenus(statement: string, term: string): string {
  const head = headOf(term);
  const lead = /^(aquel|aquella)(?=\s)/iu.exec(statement);
  if (!lead || wordCount(term.replace(ARTICLE, '')) < 2) return statement;
  return `${lead[1]!.toLocaleLowerCase('es') === 'aquel' ? 'el' : 'la'} ${head}${statement.slice(lead[1]!.length)}`;
}

/**
 * The term as the sentence writes it: a name the reader cut inside a word («enunciado de K» of
 * «enunciado de Kelvin-Planck») is completed to the whole word, hyphens included.
 */
export function wholeTerm(term: string, sentence: string): string {
  const m = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(term)}([\\p{L}\\p{N}]*(?:[-–][\\p{L}\\p{N}]+)*)`, 'iu').exec(sentence);
  return m ? `${term}${m[1]}` : term;
}

/** A person's name: two to four capitalised words, particles between them («José de Espronceda», «Vincent van Gogh»). */
const PERSON_NAME = /^\p{Lu}[\p{L}'’-]+(?:\s+(?:(?:de|del|van|von|da|di)\s+)?\p{Lu}[\p{L}'’-]+){1,3}$/u;

/** A sentence that opens with its own subject, with no article («Aumenta cuanto mayor es…»): a verb or a name, not a term defined. */
const opensBare = (sentence: string, term: string) => fold(sentence).startsWith(fold(term));

/** The question's words and the option of one key idea, or undefined when they cannot make a fair question. */
function shaped(k: KeyIdea): { kind: QuizIdeaKind; term: string; statement: string } | undefined {
  switch (k.kind) {
    case 'definicion': {
      // «Se llama X al número de…»: the body read after «al» takes the article the contraction held.
      const contracted = new RegExp(`(?<![\\p{L}])al\\s+${escapeRegExp(k.body.slice(0, 40))}`, 'iu').test(k.sentence);
      const said = definingClause(`${k.verb && k.verb !== 'significa' ? `${k.verb} ` : ''}${contracted ? 'el ' : ''}${k.body}`);
      // A definition by formula («dS = δQrev / T, es decir, …») is asked as a formula, not as words.
      // «José de Espronceda es el poeta romántico por excelencia»: a person, asked «¿Quién es…?».
      if (opensBare(k.sentence, k.term) && PERSON_NAME.test(k.term) && !said.includes('=')) {
        const verb = new RegExp(`^${escapeRegExp(k.term)}\\s+(es|fue|era)\\s`, 'iu').exec(k.sentence)?.[1] ?? 'es';
        return { kind: 'persona', term: k.term, statement: `${verb.toLocaleLowerCase('es')} ${said}` };
      }
      if (said.includes('=') || opensBare(k.sentence, k.term)) return undefined;
      if (!definesItsTerm(k)) return undefined;
      return { kind: 'definicion', term: k.term, statement: namedGenus(said, k.term) };
    }
    case 'enunciado': return { kind: 'enunciado', term: wholeTerm(k.term, k.sentence), statement: k.body };
    case 'formula': {
      if (!k.formula) return undefined;
      // The conditions under which it holds, as the cards ask them («…en un proceso isotermo
      // reversible»): without them a formula of a special case is a wrong answer to the general question.
      const when = formulaCondition(k.condition);
      return { kind: 'formula', term: k.formula.text, statement: `${k.article || articleFor(k.term)} ${k.term}${when ? ` ${when}` : ''}` };
    }
    case 'fecha': return yearQuestion(k);
    // A work with its author: «¿Quién pintó «Almuerzo sobre la hierba»?», the author the option.
    case 'obra': return k.author && wordCount(k.author) >= 2 ? { kind: 'persona', term: k.author, statement: workQuestions(k.term, k.author, madeVerb(k.sentence)).who } : undefined;
    case 'persona': return { kind: 'persona', term: k.term, statement: `${k.verb ?? 'fue'} ${k.body}` };
    default: return undefined;
  }
}

/** A quantity said alone («unos 580 °C», «más de 60.000 km»): what something measures, not what it is. */
const QUANTITY = /^(?:(?:unos|unas|aproximadamente|cerca\s+de|casi|más\s+de|menos\s+de|alrededor\s+de|hasta|entre)\s+)?[\d.,]+(?:\s|$)/iu;
/** A verb in a past tense («publicó», «dibujaron», «trabajaba»): what someone did, not what the term is. */
const DEED = /(?:ó|aron|ieron|aba|aban)$/u;

/**
 * True when a study-side «definition» really says what its term is, so a quiz may ask for the
 * term by it (or for it by the term): not the answer to a question its sentence frames but what it
 * is made of or who they were («Las placas se mueven porque…» answers why they move), not a deed told of it in a past tense («…, que publicó
 * en 1915…»), not a quantity alone («unos 580 °C»), not of a role something plays («el material
 * preferido»), and never of one everyday word alone («punto», «placas» said bare: which point, which plates?).
 */
export function definesItsTerm(k: Pick<KeyIdea, 'term' | 'verb' | 'body' | 'question'>): boolean {
  // What it is made of («¿De qué está formado el ciclo de Carnot?») or who they were defines it; why, how, when or which does not.
  if (k.question && !/^¿(?:De qué (?:está|están|estaba|estaban) formad[oa]s?|En qué consisten?|Quiénes (?:son|fueron|eran))\s/u.test(k.question)) return false;
  const verb = k.verb?.toLocaleLowerCase('es').split(/\s+/u).at(-1);
  if (verb && DEED.test(verb) && !/^(?:fue|fueron)$/u.test(verb)) return false;
  if (QUANTITY.test(k.body.trim()) || ROLE_WORD.test(k.term)) return false;
  const words = k.term.replace(ARTICLE, '').toLocaleLowerCase('es').split(/\s+/u).filter(Boolean);
  return !(words.length === 1 && (GENERIC_NOUNS.has(words[0]!) || EVERYDAY_WORDS.has(words[0]!)));
}

/**
 * A date asked by its year alone («el 15 de abril de 1874» → 1874: the options are years, and a
 * day and month beside bare years would point at the answer); the event without the date in it.
 */
function yearQuestion(k: KeyIdea): { kind: QuizIdeaKind; term: string; statement: string } | undefined {
  const year = /(?:1\d{3}|20\d{2})/u.exec(k.year ?? '')?.[0];
  if (!year || !k.year) return undefined;
  const event = k.body.replace(new RegExp(`\\s*(?:(?:en|el|del|hacia|desde|de)\\s+)?${escapeRegExp(k.year)}`, 'iu'), '').replace(/\s+,/gu, ',');
  // «La primera exposición…» reads on after «¿En qué año»; a name («Napoleón III…») keeps its capital.
  const said = k.when ?? event;
  const statement = /^(?:El|La|Los|Las|Un|Una|Unos|Unas)\s/u.test(said) ? said.charAt(0).toLocaleLowerCase('es') + said.slice(1) : said;
  // What is left must still say what happened, and not another year (which one would be asked?).
  if (statement.includes(year) || /(?:1\d{3}|20\d{2})/u.test(statement) || wordCount(statement) < MIN_STATEMENT_WORDS) return undefined;
  return { kind: 'fecha', term: year, statement };
}

/** Words that name no statement in particular: «Enunciado general» is the lecture's wording, not a name a student learns. */
const GENERIC = new Set(['general', 'generales', 'principal', 'basico', 'basica', 'fundamental', 'anterior', 'siguiente', 'nuevo', 'nueva', 'mismo', 'misma', 'otro', 'otra']);

/** True when a statement's name says which one it is: a specifier besides its head that is not a generic word. */
function named(term: string): boolean {
  const rest = fold(term).split(/[^\p{L}\p{N}-]+/u).filter((w) => w && !['de', 'del', 'la', 'el', 'los', 'las'].includes(w)).slice(1);
  return rest.length === 0 || rest.some((w) => !GENERIC.has(w));
}

/** The quiz idea of one key idea of `note`, or undefined when it cannot make a fair question. */
export function quizIdeaOf(k: KeyIdea, note: SourceNote): QuizIdea | undefined {
  if (!READ.has(k.kind)) return undefined;
  const s = shaped(k);
  if (!s) return undefined;
  // An option reads as a name: «Entropía», «Ciclo de Carnot», «Enunciado de Clausius» — no article,
  // no abbreviation in brackets (the only option with one would stand out).
  const t = clean(s.kind === 'formula' || s.kind === 'fecha' ? s.term : capital(s.term.replace(ARTICLE, '').replace(/\s*\([^)]*\)/gu, '')));
  const statement = clean(hide(s.statement, t));
  // What a formula gives is its quantity with its article («la varianza»): two words ask it whole.
  const fewest = s.kind === 'formula' ? 2 : MIN_STATEMENT_WORDS;
  if (!t || Array.from(t).length > MAX_TERM_CHARS || wordCount(statement) < fewest || leansOnContext(statement)) return undefined;
  // A definition that says its own term («el conjunto que forman tiene menos energía que los átomos
  // separados», of «átomos») is circular: the question would name its answer.
  if (s.kind === 'definicion' && statement.includes('___')) return undefined;
  if (s.kind !== 'formula' && s.kind !== 'fecha' && wordCount(t) > MAX_TERM_WORDS) return undefined;
  if (s.kind === 'enunciado' && !named(t)) return undefined;
  // A passage that does not hold the answer cannot be quoted as the reason for it.
  const passage = clean(k.sentence);
  // A person is named by surname once introduced («Monet es el impresionista…» for Claude Monet).
  const mark = s.kind === 'fecha' ? t : s.kind === 'persona' ? t.split(' ').at(-1)! : t.split(' ')[0]!;
  if (s.kind !== 'formula' && !fold(passage).includes(fold(mark))) return undefined;
  const file = note.origen?.archivo ?? note.archivo;
  const page = note.origen ? note.origen.pagina : note.pagina;
  const source = { noteId: note.id, ...(file ? { file } : {}), ...(typeof page === 'number' ? { page } : {}) };
  const article = s.kind === 'definicion' && /^(?:el|la|los|las)$/u.test(k.article) ? k.article : undefined;
  return { kind: s.kind, term: t, statement, source, passage, ...(article ? { article } : {}) };
}

/**
 * The ideas of each week of `notes` (the study side's key ideas of the week, `course` their
 * background), one per kind and term within a week, weeks in the order their notes come.
 */
export function ideasByWeek(notes: readonly SourceNote[], isWord: WordCheck, course: readonly SourceNote[] = notes): Map<number | null, QuizIdea[]> {
  const byId = new Map(notes.map((n) => [n.id, n]));
  const out = new Map<number | null, QuizIdea[]>();
  for (const week of new Set(notes.map((n) => n.semana ?? null))) {
    const seen = new Set<string>();
    const ideas: QuizIdea[] = [];
    const ofWeek = notes.filter((n) => (n.semana ?? null) === week);
    const read = keyIdeasOfWeek(ofWeek, course, isWord).map((k) => quizIdeaOf(k, byId.get(k.noteId)!));
    const found = [
      ...read,
      // What a table says of its authors and works (tables.ts), after what the sentences say.
      ...ofWeek.flatMap((n) => tableIdeas(n, isWord)),
      // The dated events the key ideas leave out (dated.ts): a sentence already asked by its year is not asked twice.
      ...ofWeek.flatMap((n) => datedIdeas(n)).filter((d) => !read.some((i) => i?.kind === 'fecha' && i.passage === d.passage)),
      // People named as an example of who said something («Otros, como Josep Fontana, insisten en que…»).
      ...ofWeek.flatMap((n) => saidByIdeas(n)),
      // A person's dated deed asked by its year too (years.ts), after every idea read as it is.
      ...read.map((i) => i && personYear(i)),
    ];
    for (const idea of found) {
      if (!idea || seen.has(keyOf(idea))) continue;
      seen.add(keyOf(idea));
      ideas.push(idea);
    }
    out.set(week, ideas);
  }
  return out;
}

/** One idea per kind and term; a year may answer two events («1808»: the abdications, the Junta Central). */
const keyOf = (i: QuizIdea) => `${i.kind}:${fold(i.term)}${i.kind === 'fecha' ? `:${fold(i.statement)}` : ''}`;

/** Every idea of `notes`, week by week (ideasByWeek), one per kind and term in all (the first one read). */
export function ideasOfNotes(notes: readonly SourceNote[], isWord: WordCheck, course: readonly SourceNote[] = notes): QuizIdea[] {
  return poolOf(ideasByWeek(notes, isWord, course));
}

/** The weeks' ideas as one course: one per kind and term (the first one read). */
export function poolOf(weeks: ReadonlyMap<number | null, readonly QuizIdea[]>): QuizIdea[] {
  const seen = new Set<string>();
  return [...weeks.values()].flat().filter((i) => !seen.has(keyOf(i)) && seen.add(keyOf(i)));
}

/** The idea one sentence gives read alone as a note (for examples and tests), if any. */
export function ideaOfSentence(sentence: string, note: SourceNote, isWord: WordCheck): QuizIdea | undefined {
  return ideasOfNotes([{ ...note, texto: sentence }], isWord)[0];
}
