/**
 * A quiz from key ideas (pure): one question per idea — the definition, statement or formula in
 * the question, worded by what it asks for («¿Cómo se llama…?», «¿Qué enunciado…?», «¿Qué fórmula
 * da…?», «¿En qué año…?»), the term, name or formula as the right option — with three distractors
 * naming the same sort of thing (kinds.ts), from the idea's own document, then its week, then the
 * rest of the course where it reads as the same subject: never a paraphrase of the right one, never
 * two alike, never another idea that says the same thing, and no word that only the question and
 * the right option share (docs/design.md §3). Where the course has too few of a kind, a date
 * gets years made near it (years.ts), a lecture's only formula its own wrong operations
 * (formula-variants.ts), and a term of a sort the table does not know the terms its lecture
 * defines. Options are shuffled with a seeded generator, so the
 * same quiz id gives the same quiz on every machine. Everything fits Telegram's poll limits
 * (webchat/polls.ts POLL_LIMITS): question ≤ 300, options ≤ 100, explanation ≤ 200 characters.
 */
import { mulberry32 } from '../../lib/prng.js';
import type { QuizIdea } from './ideas.js';
import { carriesTell, contentStems, headOf, sortOf, tellTales } from './kinds.js';
import { formulaCues, leftLetters, sameLeftSide } from './formula-cues.js';
import { speaksSubject, subjectStems, subjectTest } from './subject.js';
import { madeYears, yearsOf } from './years.js';
import { wrongFormulas } from './formula-variants.js';
import { reverseOf } from './reverse.js';
import { couldBePerson } from './mentions.js';
import { fold } from '../../lib/fold.js';
import { QUIZ_STEMS } from '../../strings/study.js';
import { escapeRegExp } from '../../lib/regexp.js';

/** Telegram's limits for a quiz poll, in characters (the same figures the embedded Bot API checks). */
export const QUIZ_LIMITS = Object.freeze({ question: 300, option: 100, explanation: 200 });
/** Options per question: the right one and three distractors. */
export const OPTIONS_PER_QUESTION = 4;
/** Questions when the student names no number; the most one quiz sends (Telegram has no such limit: a long run of polls is not a test). */
export const DEFAULT_QUESTIONS = 5;
export const MAX_QUESTIONS = 20;
/**
 * The fewest questions a quiz is sent with (unless the student asked for fewer): a quiz of one
 * question tells the student nothing a card would not.
 */
export const MIN_QUESTIONS = 3;

export interface QuizQuestion {
  idea: QuizIdea;
  /** Asked the other way round (reverse.ts): the term in the question, its definition or statement the right option. */
  reverse?: true;
  question: string;
  options: string[];
  /** Index of the right option in `options`. */
  correct: number;
  explanation: string;
}

const chars = (s: string) => Array.from(s).length;
const STOP = new Set(['el', 'la', 'los', 'las', 'un', 'una', 'de', 'del', 'y', 'o', 'en', 'a', 'al', 'que', 'por', 'para', 'con', 'se', 'su', 'sus']);
/** Content words, without accents and a plural ending: «Máquinas térmicas» ~ «maquina termica». */
function stems(s: string): string[] {
  return fold(s).split(/[^\p{L}\p{N}]+/u).filter((w) => w && !STOP.has(w)).map((w) => w.replace(/(?:es|s)$/u, ''));
}

/**
 * True when `a` and `b` say the same thing in other words (so one cannot be the other's distractor):
 * equal, one inside the other, or sharing at least `share` of the shorter one's content words.
 */
export function paraphrase(a: string, b: string, share = 0.5): boolean {
  const x = stems(a);
  const y = stems(b);
  if (x.length === 0 || y.length === 0) return fold(a).replace(/\s+/g, '') === fold(b).replace(/\s+/g, '');
  const ys = new Set(y);
  const shared = x.filter((w) => ys.has(w)).length;
  // Equal, one inside the other, or most of the shorter one's words shared.
  return shared / Math.min(x.length, y.length) >= share;
}

/**
 * True when two terms name the same thing. Terms with one head and different specifiers
 * («Enunciado de Clausius», «Enunciado de Kelvin-Planck»; «Ciclo de Carnot», «Ciclo Otto») are two
 * things of one sort — the best distractors for each other — however many words they share.
 */
export function sameTerm(a: string, b: string): boolean {
  if (!paraphrase(a, b)) return false;
  const [ha, ...ra] = stems(a);
  const [hb, ...rb] = stems(b);
  // «Elasticidad precio de la demanda» and «… de la oferta» share «precio» and are still two things: each says something the other does not.
  return !(ha === hb && ra.some((w) => !rb.includes(w)) && rb.some((w) => !ra.includes(w)));
}

/** Share of content words at which two statements are the same statement. */
const STATEMENT_COPY = 0.9;

/** Text cut to `max` characters at a word, with «…». */
export function cut(text: string, max: number): string {
  if (chars(text) <= max) return text;
  const head = Array.from(text).slice(0, max - 1).join('');
  const at = head.lastIndexOf(' ');
  return `${(at > max / 2 ? head.slice(0, at) : head).replace(/[\s,;:.]+$/u, '')}…`;
}

/** A definition as the thing it describes: «una magnitud que…» → «la magnitud que…», «mide…» → «lo que mide…». */
function described(statement: string): string {
  const s = statement.replace(/^se\s+define\s+como\s+/iu, '');
  const definite: Record<string, string> = { un: 'el', una: 'la', unos: 'los', unas: 'las' };
  const article = /^(un|una|unos|unas)\s/iu.exec(s);
  if (article) return `${definite[article[1]!.toLocaleLowerCase('es')]!}${s.slice(article[1]!.length)}`;
  if (/^(?:el|la|los|las|lo|aquel|aquella|aquellos|aquellas)\s/iu.test(s)) return s;
  return `lo que ${s}`;
}

/**
 * The question for an idea, in Telegram's 300 characters, worded by what it asks for: a name
 * («¿Cómo se llama…?»), a statement, a formula, a year, a person, a work.
 */
export function questionOf(idea: QuizIdea, options: readonly string[] = [idea.term]): string {
  const frame = (before: string, text = idea.statement, after = '?') => `${before}${cut(text, QUIZ_LIMITS.question - chars(before) - chars(after))}${after}`;
  // An idea worded as a whole question already («¿De quién es «El contrato social»?») is asked as it is.
  if (idea.statement.startsWith('¿')) return frame('', idea.statement, '');
  switch (idea.kind) {
    case 'definicion':
    case 'termino': {
      // «En el enlace covalente dos no metales comparten…»: asked «¿En qué enlace dos no metales comparten…?».
      const head = settingHead(idea);
      if (head) return frame(`¿En qué ${head} `);
      const said = described(idea.statement);
      // «¿Cómo se llaman los que no dependen…?»: the verb agrees with a plural.
      return frame(QUIZ_STEMS.called(/^(?:los|las)\s/iu.test(said)), said);
    }
    case 'enunciado': {
      // «¿Qué enunciado…?» beside one option called «Enunciado de…» points at it: then the question names no head.
      const cue = headOf(idea.term) === 'enunciado' && options.some((o) => headOf(o) !== 'enunciado');
      const asks = QUIZ_STEMS.statement(cue);
      return frame(/^que\s/iu.test(idea.statement) ? asks : `${asks}que `);
    }
    case 'formula': return frame(QUIZ_STEMS.formula);
    case 'fecha': return frame(QUIZ_STEMS.year);
    case 'persona': return frame('¿Quién ');
    case 'obra': return frame('¿Qué obra ');
  }
}

/**
 * The head noun of a two-word-or-longer term its passage opens with as a setting («En el enlace
 * covalente dos no metales comparten…» → enlace), or undefined: what follows it is what happens in it.
 */
function settingHead(idea: QuizIdea): string | undefined {
  if (idea.kind !== 'definicion' || idea.term.split(/\s+/u).length < 2 || /^(?:si|cuando)\s/iu.test(idea.statement)) return undefined;
  const opens = new RegExp(`^en\\s+(?:el|la|los|las|un|una)\\s+${escapeRegExp(fold(idea.term))}\\s+(.*)$`, 'u').exec(fold(idea.passage));
  return opens && opens[1] === fold(idea.statement) ? idea.term.split(/\s+/u)[0]!.toLocaleLowerCase('es') : undefined;
}

/**
 * True when the question reads as Spanish: a definition by what the term does («mide…») is asked
 * «¿Cómo se llama lo que mide…?», which needs a verb there — «lo que procesos sin…» is no question.
 */
export function readsWell(idea: QuizIdea): boolean {
  if ((idea.kind !== 'definicion' && idea.kind !== 'termino') || settingHead(idea)) return true;
  const said = described(idea.statement);
  if (!said.startsWith('lo que ')) return true;
  const verb = fold(said.slice('lo que '.length).split(/\s+/u)[0] ?? '');
  // A present third person ends in «-a», «-e» or «-an», «-en» («mide», «indica», «estudian»); a plural noun or a number does not.
  return /^(?:es|son|fue|fueron|ha|han|hay|va|da|dan|esta|estan)$/u.test(verb) || (/[ae]n?$/u.test(verb) && !NUMBERS.has(verb));
}
const NUMBERS = new Set(['uno', 'una', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez']);

/** Where the idea was read, in words: the file and page when known, else the note. */
export function sourceName(idea: QuizIdea): string {
  const { file, page, noteId } = idea.source;
  if (file) return page !== undefined ? `${file}, pág. ${page}` : file;
  return `nota ${noteId}`;
}

/** The explanation: the passage quoted, and where it comes from, in 200 characters. */
export function explanationOf(idea: QuizIdea): string {
  const tail = ` (${sourceName(idea)})`;
  // A formula on its own line after the sentence that introduces it («…su rendimiento es:») is quoted
  // with it: the explanation shows the answer, as the lecture writes it right after.
  const formula = idea.kind === 'formula' && !idea.passage.includes(idea.term) ? `: ${idea.term}` : '';
  const room = QUIZ_LIMITS.explanation - chars(tail) - 2 - chars(formula);
  if (formula && room > 40) return `«${cut(idea.passage.replace(/[\s:]+$/u, ''), room)}${formula}»${tail}`;
  return `«${cut(idea.passage, QUIZ_LIMITS.explanation - chars(tail) - 2)}»${tail}`;
}

/** A 32-bit seed from any text (FNV-1a): the quiz id gives the quiz's shuffles. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Which week a note is of (undefined: none), so distractors come from the same week first. */
export type WeekOfNote = (noteId: number) => number | null | undefined;

/** The document an idea was read from: its file when known, else its note. */
const documentOf = (idea: QuizIdea) => idea.source.file ?? `nota ${idea.source.noteId}`;

/**
 * What a subject is compared by (subject.ts): the idea's file, else the week its note is of (typed
 * notes of one week are one lecture's), else all the notes of no week together.
 */
function subjectKeyOf(idea: QuizIdea, weekOf: WeekOfNote): string {
  if (idea.source.file) return idea.source.file;
  const week = weekOf(idea.source.noteId);
  // Typed notes of no known week are read together: one note alone is too short to have a subject.
  return week !== undefined && week !== null ? `semana ${week}` : 'notas sin semana';
}

/** The «same subject» test of a pool and each subject's vocabulary, read once per pool (a sample builds many quizzes from one). */
interface Subjects { same: (a: string, b: string) => boolean; vocabulary: (key: string) => ReadonlySet<string> }
const subjects = new WeakMap<readonly QuizIdea[], Subjects>();
function subjectsOf(pool: readonly QuizIdea[], weekOf: WeekOfNote): Subjects {
  let found = subjects.get(pool);
  if (!found) {
    const texts = new Map<string, string>();
    for (const o of pool) {
      const key = subjectKeyOf(o, weekOf);
      texts.set(key, `${texts.get(key) ?? ''} ${o.passage} ${o.mention ? '' : o.term}`);
    }
    const vocabularies = new Map([...texts].map(([k, t]) => [k, new Set(subjectStems(t))]));
    found = { same: subjectTest(texts), vocabulary: (key) => vocabularies.get(key) ?? new Set() };
    subjects.set(pool, found);
  }
  return found;
}

/**
 * A term's grammatical shape: its words, counted, and the number of its head («Foco» 1, singular;
 * «Distancia recorrida» 2, singular; «Adiabáticas» 1, plural). A term of another sort is offered
 * only in the answer's shape: a one-word singular beside a one-word singular reads as one more name.
 */
function shapeOf(term: string): string {
  const words = term.split(/\s+/u);
  const head = fold(words[0] ?? '');
  return `${words.length}:${/s$/u.test(head) && !/is$/u.test(head) ? 'plural' : 'singular'}`;
}

const YEAR_ONLY = /^(?:1\d{3}|20\d{2})$/u;
/** Years a plausible wrong year lies within: a student who cannot tell 1824 from 2027 is not being asked the date. */
const YEAR_SPAN = 50;

/**
 * Three distractors for `idea` from `pool`, or undefined when it has too few. Each names the same
 * sort of thing as the right option (kinds.ts `sortOf`), is no paraphrase of it nor of another
 * distractor, and is not named by the question. They come from the idea's own document first,
 * then its week, then the rest of the course — there only from a document of the same subject
 * (subject.ts), and never a term whose sort the table does not know. A word the question shares
 * with the right option must be shared by every distractor, else the question points at its
 * answer and is not asked; a formula's distractors never compute the same quantity and carry the
 * letters of the answer's left side that the question's words begin with (formula-cues.ts).
 */
export function distractorsFor(idea: QuizIdea, pool: readonly QuizIdea[], random: () => number, weekOf: WeekOfNote = () => undefined): string[] | undefined {
  const week = weekOf(idea.source.noteId);
  const sameWeek = (o: QuizIdea) => week !== undefined && week !== null && weekOf(o.source.noteId) === week;
  const subject = subjectsOf(pool, weekOf);
  const own = subjectKeyOf(idea, weekOf);
  // Another week's option where its document reads as this subject, or its own sentence speaks it
  // (a person, year or movement has no sentence: only a document of the subject offers one).
  const ofSubject = (o: QuizIdea) => subject.same(own, subjectKeyOf(o, weekOf)) || (!o.mention && speaksSubject(o.passage, subject.vocabulary(own)));
  const sort = sortOf(idea);
  const doc = pool.filter((o) => documentOf(o) === documentOf(idea));
  const near = pool.filter((o) => !doc.includes(o) && sameWeek(o));
  // Another week's options only where they read as the same subject, and only of a sort the table knows.
  const far = sort === 'otro' ? [] : pool.filter((o) => !doc.includes(o) && !near.includes(o) && ofSubject(o));
  // Years nearest the answer first: 1872 beside 1874 is plausible, 2027 is not.
  const byNearness = (ideas: QuizIdea[]) => (sort === 'fecha' ? ideas.sort((a, b) => Math.abs(Number(a.term) - Number(idea.term)) - Math.abs(Number(b.term) - Number(idea.term))) : ideas);
  const cues = idea.kind === 'formula' ? formulaCues(idea.statement, idea.term) : [];
  const question = fold(`${idea.statement} ${idea.passage}`);
  // Within each tier, what the lecture says something of (an author of a work) before what it only names (a critic, a king).
  const tier = (ideas: QuizIdea[]) => byNearness(shuffled(ideas, random)).sort((a, b) => Number(a.mention ?? false) - Number(b.mention ?? false));
  // A term whose sort the table does not know («Trayectoria: la línea que…») takes, after the
  // document's other such terms, the terms its own document defines of any sort in its own shape:
  // the lecture's vocabulary («Desplazamiento», «Rapidez») is what a student must tell it from.
  const lexicon = sort === 'otro' && idea.kind === 'definicion' ? tier(doc).filter((o) => o.kind === 'definicion' && !o.mention && sortOf(o) !== 'otro' && shapeOf(o.term) === shapeOf(idea.term)) : [];
  const eligible = [...tier(doc), ...tier(near), ...tier(far), ...lexicon].filter((other) =>
    other !== idea && (sortOf(other) === sort || lexicon.includes(other)) && chars(other.term) <= QUIZ_LIMITS.option
    // A section's title is a term of the same head or none («Enlace metálico» beside «Enlace iónico», never «Ejemplo resuelto»).
    && (!other.heading || headOf(other.term) === headOf(idea.term))
    // A term defined only under a condition («si los átomos son iguales, el enlace es apolar») is a case
    // of what its section speaks of: beside a question of that section, it would be a second right answer.
    && !(/^(?:si|cuando)\s/iu.test(other.statement) && other.source.noteId === idea.source.noteId)
    // Two definitions may share most words and still define different things («elasticidad renta» and
    // «elasticidad cruzada»): those are the best distractors. Only a near-copy says the same thing.
    && !sameTerm(other.term, idea.term) && !paraphrase(other.statement, idea.statement, STATEMENT_COPY)
    // A distractor the question names is no distractor («¿Cómo se llama … la entropía…?»).
    && !fold(idea.statement).includes(fold(other.term))
    // A year is offered as a year only, and never one the quoted sentence also says (it may be right too).
    && (sort !== 'fecha' || (YEAR_ONLY.test(other.term) && !question.includes(other.term) && Math.abs(Number(other.term) - Number(idea.term)) <= YEAR_SPAN))
    // A person the quoted sentence names may have done it too; and a «¿Quién…?» is offered people only, never an institution or a place.
    && (sort !== 'persona' || (!fold(idea.passage).includes(fold(other.term)) && couldBePerson(other.term)))
    && (idea.kind !== 'formula' || (!sameLeftSide(other.term, idea.term) && cues.every((c) => leftLetters(other.term).has(c)))));
  // «¿En qué enlace…?» says the answer's head: every option is one of the kind it names.
  const head = settingHead(idea);
  const tells = new Set([...tellTales(idea.statement, idea.term), ...(head ? contentStems(head) : [])]);
  const picked: QuizIdea[] = [];
  for (const other of eligible) {
    if (picked.length === OPTIONS_PER_QUESTION - 1) break;
    // Two options alike, or two formulas of one quantity (the student knows both cannot be wrong), are one option.
    if (picked.some((p) => sameTerm(p.term, other.term) || fold(p.term) === fold(other.term) || (idea.kind === 'formula' && sameLeftSide(p.term, other.term)))) continue;
    // Each word the question shares with the right option is carried by every distractor: one option
    // without the word the question says is one the student rules out («el ciclo…» beside a process).
    if ([...tells].some((t) => !carriesTell(other.term, t))) continue;
    picked.push(other);
  }
  const terms = picked.map((p) => p.term);
  // Too few years in the course: the rest made near the right one (years.ts), none the question says.
  if (sort === 'fecha' && YEAR_ONLY.test(idea.term) && terms.length < OPTIONS_PER_QUESTION - 1) {
    const said = new Set([...terms, idea.term].map(Number).concat((question.match(/\d{4}/gu) ?? []).map(Number)));
    terms.push(...madeYears(Number(idea.term), OPTIONS_PER_QUESTION - 1 - terms.length, said, Math.max(...yearsOf(pool)), random));
  }
  // A subject whose only formula is this one has no other to offer: the right formula's wrong
  // operations are the options (formula-variants.ts), all of one quantity. Where it has others,
  // those are what the student must tell apart, and too few of them make no question.
  if (idea.kind === 'formula' && terms.length < OPTIONS_PER_QUESTION - 1) {
    const others = new Set([...doc, ...near, ...far].filter((o) => o.kind === 'formula' && !sameLeftSide(o.term, idea.term)).map((o) => o.term.split('=')[0]!.trim()));
    const wrong = wrongFormulas(idea.term).filter((f) => chars(f) <= QUIZ_LIMITS.option);
    if (others.size > 0 || wrong.length < OPTIONS_PER_QUESTION - 1) return undefined;
    return shuffled(wrong, random).slice(0, OPTIONS_PER_QUESTION - 1);
  }
  if (terms.length < OPTIONS_PER_QUESTION - 1) return undefined;
  return terms;
}

/** The right option of a question: the term, or the definition of a reverse one. */
const answerOf = (q: Pick<QuizQuestion, 'options' | 'correct'>) => q.options[q.correct]!;

/**
 * Up to `count` questions about `asked` (in the order given), distractors from `pool` (the course's
 * ideas); an idea with too few distractors of its kind is asked the other way round where its
 * lecture has definitions or statements enough (reverse.ts), else left out, as is one whose question
 * names an earlier question's answer (or whose answer an earlier question names). `quizId` seeds every shuffle.
 */
export function buildQuiz(asked: readonly QuizIdea[], pool: readonly QuizIdea[], count: number, quizId: string, weekOf?: WeekOfNote): QuizQuestion[] {
  const random = mulberry32(seedOf(quizId));
  const out: QuizQuestion[] = [];
  const forward = (idea: QuizIdea): QuizQuestion | undefined => {
    const distractors = distractorsFor(idea, pool, random, weekOf);
    if (!distractors) return undefined;
    const options = shuffled([idea.term, ...distractors], random);
    return { idea, question: questionOf(idea, options), options, correct: options.indexOf(idea.term), explanation: explanationOf(idea) };
  };
  const week = (idea: QuizIdea) => weekOf?.(idea.source.noteId);
  const backward = (idea: QuizIdea): QuizQuestion | undefined => {
    const sameWeek = (o: QuizIdea) => week(idea) !== undefined && week(idea) !== null && week(o) === week(idea);
    const r = reverseOf(idea, pool, random, sameWeek, documentOf, { optionMax: QUIZ_LIMITS.option, wrong: OPTIONS_PER_QUESTION - 1, paraphrase, sameTerm, shuffled });
    if (!r) return undefined;
    const options = shuffled([r.answer, ...r.wrong], random);
    return { idea, reverse: true, question: r.question, options, correct: options.indexOf(r.answer), explanation: explanationOf(idea) };
  };
  for (const idea of asked) {
    if (out.length >= count) break;
    if (idea.mention || chars(idea.term) > QUIZ_LIMITS.option) continue;
    const made = (readsWell(idea) && forward(idea)) || backward(idea);
    if (!made) continue;
    // One question of a quiz never names another one's answer (the student would read it there).
    if (out.some((q) => fold(made.question).includes(fold(answerOf(q))) || fold(q.question).includes(fold(answerOf(made))))) continue;
    out.push(made);
  }
  return out;
}
