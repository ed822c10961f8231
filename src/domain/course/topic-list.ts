/**
 * A syllabus typed the way the greeting asks for it: a list of topics, one a line, maybe under one
 * lead-in line that names the course («mi curso es Historia Contemporánea, 4 semanas:»). Pure: text
 * in, a course (or the sentence of what to fix) out, or `undefined` when the text is no such list.
 * syllabus.ts reads the programmes pasted from a university's PDF; this reads what a person writes.
 *
 * The rule, chosen so that ordinary chat messages are not swallowed:
 * - Topic lines are all of one kind: plain, bulleted («-», «•», «*», «·») or numbered («1.», «1)»,
 *   «Semana 1: …», «Tema 2 …»).
 * - A topic line, without its marker, is at most MAX_TOPIC_CHARS characters, ends no sentence (no
 *   final «.» or «…»), asks and exclaims nothing («?», «¿», «!», «¡») and names no week inside it
 *   («prepara la semana 3» is a request). A plain one starts with a capital letter or a digit: a
 *   line in lower case continues the sentence above it («prepara la semana 3\ncon mi voz»).
 * - The lead-in is the first line when it is not marked, is at most MAX_LEAD_CHARS, asks nothing,
 *   names no week, and ends in «:», names the course («curso», «temario», «asignatura», «materia»,
 *   «programa», «N semanas»), or is the heading (capitalised) of a bulleted or numbered list.
 * - At least MIN_TOPICS topics and at most MAX_WEEKS; plain lines with no lead-in need
 *   MIN_BARE_TOPICS, because two short bare lines are as often a chat message («Hola\nQué tal»)
 *   as a two-week course.
 *
 * A numbered list is read by the syllabus parser (its numbers are the weeks: a gap or a repeat gets
 * its sentence); plain and bulleted topics are weeks 1..N in the order written. Either way the
 * course's title comes from the lead-in (syllabus.ts's `courseTitle`), else SYLLABUS.untitled.
 */
import { SYLLABUS as S } from '../../strings/course.js';
import { MAX_WEEKS } from './course.js';
import { mondayOf, placeYears, yearClue } from './syllabus-dates.js';
import { courseTitle, keyTermsOfTitle, parseSyllabusText, readDatedText, type ParsedCourse, type SyllabusResult } from './syllabus.js';

/** Fewest topics a list with a lead-in, bullets or numbers needs to be a syllabus. */
export const MIN_TOPICS = 2;
/** Fewest topics for bare plain lines with no lead-in (see the module comment). */
export const MIN_BARE_TOPICS = 3;
/**
 * Longest topic line a typed list may have, in characters: shorter than a week's title may be, so
 * that a few long sentences of chat are not taken for a course.
 */
export const MAX_TOPIC_CHARS = 80;
/** Longest lead-in line, in characters («mi curso es …, 14 semanas:» with a long name fits). */
export const MAX_LEAD_CHARS = 120;

type Kind = 'plain' | 'bullet' | 'numbered';
interface Line { text: string; line: number; kind: Kind; body: string }

const BULLET = /^[-*•·]\s+/;
const NUMBER = /^\d{1,3}\s*[.)]\s+/;
const LABEL = /^(?:semana|sem\.?|tema|unidad|week|unit)\s*\d{1,3}(?!\d)\s*[:.)\-–—]?\s*/i;
/** A week named inside a line: what a request does («haz la portada de la semana 2»). */
const NAMES_WEEK = /\b(?:semana|tema|unidad|week)\s+\d/i;
const ASKS = /[?¿!¡]/;
const ENDS_SENTENCE = /(?:\.|…)$/;
const COURSE_WORDS = /(?:^|[^\p{L}])(?:curso|temario|asignatura|materia|programa|\d{1,3}\s+(?:semanas|temas|unidades))(?!\p{L})/iu;
const CAPITAL = /^[«"'(]?[\p{Lu}\d]/u;

function lineOf(text: string, line: number): Line {
  for (const [kind, re] of [['bullet', BULLET], ['numbered', NUMBER], ['numbered', LABEL]] as const) {
    const m = re.exec(text);
    if (m) return { text, line, kind, body: text.slice(m[0].length).trim() };
  }
  return { text, line, kind: 'plain', body: text };
}

function isTopic(l: Line): boolean {
  const b = l.body;
  if (!b || Array.from(b).length > MAX_TOPIC_CHARS || ASKS.test(b) || ENDS_SENTENCE.test(b) || NAMES_WEEK.test(b)) return false;
  return l.kind !== 'plain' || CAPITAL.test(b);
}

function isLeadIn(l: Line, topics: Kind): boolean {
  const t = l.text;
  if (l.kind !== 'plain' || Array.from(t).length > MAX_LEAD_CHARS || ASKS.test(t) || NAMES_WEEK.test(t)) return false;
  return t.endsWith(':') || COURSE_WORDS.test(t) || (topics !== 'plain' && CAPITAL.test(t) && !ENDS_SENTENCE.test(t));
}

/** The course a list of topics makes, or undefined when `text` is no such list (the module comment's rule). */
export function readTopicList(text: string, opts: { now: Date }): SyllabusResult | undefined {
  const lines = text.replace(/\r\n?/g, '\n').split('\n').flatMap((raw, i) => (raw.trim() ? [lineOf(raw.trim(), i + 1)] : []));
  const asList = (topics: Line[]): Kind | undefined => {
    const kind = topics[0]?.kind;
    return kind && topics.length <= MAX_WEEKS && topics.every((l) => l.kind === kind && isTopic(l)) ? kind : undefined;
  };
  const [first, ...rest] = lines;
  if (!first) return undefined;
  const underLead = asList(rest);
  let lead: Line | undefined;
  let topics: Line[];
  let kind: Kind | undefined;
  if (underLead && rest.length >= MIN_TOPICS && isLeadIn(first, underLead)) [lead, topics, kind] = [first, rest, underLead];
  else {
    kind = asList(lines);
    topics = lines;
    if (!kind || lines.length < (kind === 'plain' ? MIN_BARE_TOPICS : MIN_TOPICS)) return undefined;
  }

  if (kind === 'numbered') return parseSyllabusText(text, opts);
  const read = topics.map((l) => readDatedText(l.body));
  for (const [i, r] of read.entries()) {
    if (r.badDate) return { ok: false, problem: S.badDate(topics[i]!.line, topics[i]!.text) };
    if (!r.title) return { ok: false, problem: S.emptyTitle(i + 1, topics[i]!.line) };
  }
  const days = placeYears(read.map((r) => r.date), yearClue(text, lead?.text ?? '', opts.now));
  const weeks: ParsedCourse['semanas'] = read.map((r, i) => ({ numero: i + 1, titulo: r.title, inicio: days[i] === undefined ? null : mondayOf(days[i]!), terminos: keyTermsOfTitle(r.title) }));
  return { ok: true, course: { titulo: (lead && courseTitle([lead.text])) ?? S.untitled, semanas: weeks } };
}
