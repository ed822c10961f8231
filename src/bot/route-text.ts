/**
 * The one rule for free text and text files (issue 26 §2, issue 25 §2). A pasted or forwarded
 * text, or a `.txt`/`.md` document, is one of:
 *
 * - a **syllabus** (`temario`): the parser finds at least MIN_SYLLABUS_WEEKS weeks and the text has
 *   the shape of a syllabus — labelled weeks («Semana 1: …», «Tema 2 …», «Week 3») or table rows
 *   make up at least SYLLABUS_LINE_SHARE of its lines, or a numbered list makes up at least
 *   LIST_LINE_SHARE of them (a list inside prose is prose). A text shaped like a syllabus that the
 *   parser refuses (a repeated week, a bad date) gets the parser's sentence. Or a **list of
 *   topics** as a person types one (domain/course/topic-list.ts has the rule): one short topic a
 *   line — plain, bulleted or numbered — maybe under a lead-in that names the course. A list of
 *   topics never goes on to the understanding: read as a request, its words could match a week of
 *   the course in use and start a run on it.
 * - **material** to import: anything else longer than a request (MATERIAL_MIN_CHARS), or a text file.
 * - a **message** for the understanding of requests: the rest.
 *
 * The answer carries one button that corrects the guess: a syllabus proposal [📄 Es material, no un
 * temario], a material proposal [📅 Es un temario] — the latter only under a text that could be one
 * (mightBeSyllabus: a labelled week, or a few numbered or bulleted lines, but never numbered
 * headings over paragraphs, a lecture); under paragraphs of prose it only offered a wrong turn. Material goes to the existing import approval
 * (domain/material/imports.ts), unchanged. A pasted text is named by its title (pasteName), never
 * by a file's name with an extension: the student made no file.
 */
import { Composer, type Context } from 'grammy';
import { MATERIAL, PASTE_NAME } from '../strings/material.js';
import { sentenceCase } from '../lib/name-case.js';
import { COURSE_CHAT } from '../strings/course-chat.js';
import { MaterialError } from '../domain/material/errors.js';
import { savedIds, type Imports } from '../domain/material/imports.js';
import { proposalText, weekNameOf } from '../domain/material/proposal.js';
import { decodeText } from '../domain/material/sniff.js';
import { parseSyllabusText, type ParsedCourse } from '../domain/course/syllabus.js';
import { readTopicList } from '../domain/course/topic-list.js';
import type { Course } from '../domain/course/course.js';
import { CALLBACKS } from './callbacks.js';
import type { CourseChat } from './course-chat.js';
import type { CourseProposals } from './course-proposals.js';
import { withSyllabusButton } from './course-keyboards.js';
import { noKeyboard } from './keyboards.js';
import { download } from './material.js';
import { importKeyboard } from './material-keyboards.js';
import { personaOf } from './access.js';
import { stillPending } from '../store/decision.js';
import { DECISION } from '../strings/decisions.js';

/** A syllabus has at least this many weeks (one «Semana 3» in a sentence is a request). */
export const MIN_SYLLABUS_WEEKS = 2;
/** Share of the non-empty lines that labelled weeks or table rows must be. */
export const SYLLABUS_LINE_SHARE = 0.25;
/** Share of the non-empty lines a bare numbered list must be (a list inside prose is prose). */
export const LIST_LINE_SHARE = 0.5;
/** A text at least this long that is no syllabus is material (a request is one sentence). */
export const MATERIAL_MIN_CHARS = 1_000;
/** A title longer than this (characters) is cut at a word: a title, not a paragraph. */
export const PASTE_TITLE_MAX = 60;
/** Numbered or bulleted lines that make a text worth offering [📅 Es un temario] under, without a labelled week. */
export const SYLLABUS_HINT_ITEMS = 2;

/**
 * The name a person reads for a pasted text — in its import's proposal, /notas, /material and the
 * source line of a quote: its title, from its own first heading or line («# La luz» → «La luz»),
 * without markdown marks or a list's bullet — a long line by its first sentence, else cut at a
 * word; PASTE_NAME when it has no words. No extension: the import reads it as a text on its own
 * (imports.ts, readingName).
 */
export function pasteName(text: string): string {
  const first = text.split(/\r?\n/).map((l) => l.replace(/^\s*(?:#{1,6}\s+|[-*•·]\s+|\d{1,3}[.)]\s+)?/u, '').replace(/[*_`]+/g, '').trim()).find((l) => /\p{L}/u.test(l));
  if (!first) return PASTE_NAME;
  // No separators or control characters in a name; a trailing colon or full stop ends the line, not the title.
  let title = first.replace(/[\\/\p{Cc}]+/gu, ' ').replace(/\s+/g, ' ').replace(/[\s.:;,]+$/u, '');
  // A long first line is a paragraph: its first sentence names it when that is short enough.
  const sentence = /^(.+?)[.!?…](?:\s|$)/u.exec(title)?.[1];
  if (Array.from(title).length > PASTE_TITLE_MAX && sentence && Array.from(sentence).length <= PASTE_TITLE_MAX) title = sentence;
  if (Array.from(title).length > PASTE_TITLE_MAX) {
    const head = Array.from(title).slice(0, PASTE_TITLE_MAX).join('');
    title = `${head.slice(0, Math.max(head.lastIndexOf(' '), PASTE_TITLE_MAX / 2)).trimEnd()}…`;
  }
  // A title typed in capitals («TEMA 2. DE LA DERIVA…») reads as a sentence (name-case.ts).
  return sentenceCase(title);
}

const LABELLED = /^\W{0,3}(?:semana|sem\.?|tema|unidad|week|unit)\s*\d{1,3}(?!\d)/i;
const TABLE_ROW = /^\d{1,3}(?:\t|\s{2,})\S/;
const LIST_ITEM = /^\d{1,3}\s*[.)]\s+\S/;
const BULLET_ITEM = /^[-*•·]\s+\S/u;

/**
 * Whether a text read as material could still be a syllabus, so that [📅 Es un temario] is worth
 * offering: a line labelled as a week or a unit («Semana 3 …», «Tema 2 …»), a table row, or
 * SYLLABUS_HINT_ITEMS numbered or bulleted lines. Paragraphs of prose are not.
 */
export function mightBeSyllabus(text: string): boolean {
  const lines = text.replace(/\r\n?/g, '\n').split('\n').map((l) => l.trim());
  const labelled = lines.filter((l) => LABELLED.test(l) || TABLE_ROW.test(l)).length;
  // A lecture: its numbered lines head paragraphs. Its title («Tema 2. …») and the lists inside its
  // sections say nothing of a syllabus; only weeks labelled as such (two or more) still might.
  if (lecturedHeadings(lines) >= SYLLABUS_HINT_ITEMS) return labelled >= SYLLABUS_HINT_ITEMS;
  return labelled > 0 || lines.filter((l) => LIST_ITEM.test(l) || BULLET_ITEM.test(l)).length >= SYLLABUS_HINT_ITEMS;
}

/** A line of prose: long, or a sentence that ends. */
const PROSE = (l: string) => Array.from(l).length >= 120 || (/[.!?…]$/u.test(l) && l.split(/\s+/).length >= 12);

/**
 * How many numbered lines of the text head a paragraph, as a lecture's sections do («1. Introducción»
 * and, under it, maybe after a blank line, «Hasta principios del siglo XX…»): a short numbered line,
 * no sentence, whose next line is prose. A syllabus's numbered lines are its weeks, one after another;
 * a list's items follow each other too.
 */
function lecturedHeadings(lines: readonly string[]): number {
  let n = 0;
  lines.forEach((l, i) => {
    const heading = l.replace(/^#{1,6}\s+/, '');
    if (!LIST_ITEM.test(heading) || Array.from(heading).length > 80 || /[.,;:!?…]$/u.test(heading)) return;
    const next = lines.slice(i + 1).find((x) => x !== '');
    if (next !== undefined && !LIST_ITEM.test(next) && !BULLET_ITEM.test(next) && PROSE(next)) n++;
  });
  return n;
}

export type Routed =
  | { kind: 'temario'; course: ParsedCourse }
  | { kind: 'temario_malo'; problem: string }
  | { kind: 'material' }
  | { kind: 'mensaje' };

/** What a text is (pure but for `now`, today by default: a syllabus with no year is this academic year's). */
export function classifyText(text: string, now = new Date()): Routed {
  const lines = text.replace(/\r\n?/g, '\n').split('\n').map((l) => l.trim()).filter(Boolean);
  const labelled = lines.filter((l) => LABELLED.test(l) || TABLE_ROW.test(l)).length;
  const listed = lines.filter((l) => LIST_ITEM.test(l)).length;
  const shaped = (labelled >= MIN_SYLLABUS_WEEKS && labelled / lines.length >= SYLLABUS_LINE_SHARE)
    || (listed >= MIN_SYLLABUS_WEEKS + 1 && listed / lines.length >= LIST_LINE_SHARE);
  if (shaped) {
    const parsed = parseSyllabusText(text, { now });
    if (parsed.ok && parsed.course.semanas.length >= MIN_SYLLABUS_WEEKS) return { kind: 'temario', course: parsed.course };
    if (!parsed.ok && labelled >= MIN_SYLLABUS_WEEKS) return { kind: 'temario_malo', problem: parsed.problem };
  }
  const topics = readTopicList(text, { now });
  if (topics) return topics.ok ? { kind: 'temario', course: topics.course } : { kind: 'temario_malo', problem: topics.problem };
  return Array.from(text).length >= MATERIAL_MIN_CHARS ? { kind: 'material' } : { kind: 'mensaje' };
}

export interface RouteDeps {
  courseChat: CourseChat;
  proposals: CourseProposals;
  imports: Imports;
  course: () => Promise<Course>;
  log: (message: string, error?: unknown) => void;
}

export function createRouter(deps: RouteDeps) {
  /**
   * Material: the import's proposal, with [📅 Es un temario] under its own buttons when the text
   * might be one — or was proposed as one a moment ago (`wasSyllabus`: the way back stays offered).
   * A paste is named by its title (pasteName); a text file keeps its own `name`.
   */
  const material = async (ctx: Context, t: string, bytes: Uint8Array, opts: { name?: string; wasSyllabus?: boolean } = {}) => {
    try {
      const { record, yaExistia } = await deps.imports.propose(opts.name ?? pasteName(t), bytes, opts.name === undefined ? { pegado: true } : {});
      if (yaExistia) return void (await ctx.reply(MATERIAL.alreadyHad(record.nombre, savedIds(record).length)));
      const buttons = importKeyboard(record.clave);
      const offer = opts.wasSyllabus === true || mightBeSyllabus(t);
      await ctx.reply(proposalText(record, weekNameOf(await deps.course())), { reply_markup: offer ? withSyllabusButton(buttons, record.clave) : buttons });
    } catch (e) {
      if (e instanceof MaterialError) return void (await ctx.reply(e.message));
      throw e;
    }
  };

  /** Handles `text` (a paste, or a text file's named `name`) when it is a syllabus or material; false when it is a message for the understanding. */
  const text = async (ctx: Context, t: string, name?: string): Promise<boolean> => {
    const r = classifyText(t);
    switch (r.kind) {
      case 'temario': await deps.courseChat.proposeSyllabus(ctx, r.course, t, true); return true;
      case 'temario_malo': await ctx.reply(r.problem); return true;
      case 'material': await material(ctx, t, new TextEncoder().encode(t), name === undefined ? {} : { name }); return true;
      case 'mensaje': return false;
    }
  };

  const composer = new Composer<Context>();
  /**
   * A text file (`.txt`, `.md`), routed like a paste (a short one that is no syllabus is still
   * material). The material's document handler (material.ts) hands it here: it routes every document.
   */
  const textFile = async (ctx: Context, name: string, fileId: string) => {
    const bytes = await download(ctx, fileId);
    const t = decodeText(bytes).text;
    const r = classifyText(t);
    if (r.kind === 'temario' || r.kind === 'temario_malo') return void (await text(ctx, t, name));
    await material(ctx, t, bytes, { name });
  };

  // The guess corrected: a proposed syllabus is material after all…
  composer.callbackQuery(/^rt:m:/, async (ctx) => {
    const tap = CALLBACKS.reroute.parse(ctx.callbackQuery.data);
    const p = tap ? await deps.proposals.find(tap.key) : undefined;
    const refused = stillPending(p) ?? (p?.texto === undefined ? 'desconocida' : undefined);
    if (!p || refused || p.texto === undefined) return void (await ctx.answerCallbackQuery({ text: DECISION.refused(refused ?? 'desconocida'), show_alert: true }));
    await ctx.answerCallbackQuery();
    // Read as material instead: the course proposal gives way to the import's.
    await deps.proposals.decide(p.clave, 'sustituida', personaOf(ctx.from).nombre);
    await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined);
    await material(ctx, p.texto, new TextEncoder().encode(p.texto), { wasSyllabus: true });
  });
  // …or proposed material is a syllabus.
  composer.callbackQuery(/^rt:t:/, async (ctx) => {
    const tap = CALLBACKS.reroute.parse(ctx.callbackQuery.data);
    const r = tap ? await deps.imports.find(tap.key) : undefined;
    const refusedImport = stillPending(r);
    if (!r || refusedImport) return void (await ctx.answerCallbackQuery({ text: DECISION.refused(refusedImport ?? 'desconocida'), show_alert: true }));
    await ctx.answerCallbackQuery();
    const parsed = parseSyllabusText(r.texto, { now: new Date() });
    if (!parsed.ok) return void (await ctx.reply(COURSE_CHAT.notSyllabus(parsed.problem)));
    await deps.imports.discard(r.clave, 'sustituida');
    await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined);
    await deps.courseChat.proposeSyllabus(ctx, parsed.course, r.texto, false);
  });

  /** A long paste kept from the offer (its parts joined): routed as one text; never left to the understanding. */
  const pasted = async (ctx: Context, t: string) => {
    if (!(await text(ctx, t))) await material(ctx, t, new TextEncoder().encode(t));
  };

  return { composer, text, pasted, textFile };
}

export type Router = ReturnType<typeof createRouter>;
