/**
 * The notes as the chat shows them (pure): the list, a page at a time, each note with its week and
 * source; one note whole with its buttons; the week buttons of a move (the student's own
 * course weeks, whatever their number); a note's cards. Every text is packed within Telegram's
 * limit by construction (lib/message-pack.ts), every button written through the registry.
 */
import type { InlineKeyboardButton, InlineKeyboardMarkup } from 'grammy/types';
import { packMessages, type PackedMessage, type PackItem } from '../lib/message-pack.js';
import { withoutEmphasis } from '../strings/material.js';
import type { Card, Note } from '../store/index.js';
import { classWeeks, weekOfNote, weekTitle, weekTopic, type Course } from '../domain/course/course.js';
import { NOTES, sourceLabel } from '../strings/notes.js';
import { quote } from '../strings/count.js';
import { CALLBACKS, type NoteCardTap, type NoteTap } from './callbacks.js';
import { splitText } from './format.js';
import { weekPickerRows } from './keyboards.js';
import { topicAsWritten } from '../lib/name-case.js';
import { fold } from '../lib/fold.js';
import { DEFAULT_TOPIC } from '../domain/notebook.js';
import { isFileTopic } from '../domain/material/split.js';

/** Notes per page of the list: one phone screen, and one row of buttons each four. */
export const NOTES_PAGE_SIZE = 8;
/** Buttons per row: the list's note numbers and the move's weeks. */
const PER_ROW = 4;
/**
 * A note's short title in the list (characters): with its number, a full line of a 390-pixel phone —
 * cut at 32, «Tema 2. De la deriva continenta…» said less than the line had room for.
 */
const LINE_TITLE = 48;
/** A week's title in a heading is cut here (a syllabus may title a week with a whole sentence). */
const WEEK_TITLE_SHOWN = 60;
/** A week over a run of the list's notes, «Semana N · » and its title: the title a line of a phone too. */
const WEEK_HEAD_SHOWN = 60;
/** Cards of one note that get buttons (Telegram allows 100 buttons a keyboard: two per card). */
export const CARD_BUTTONS_MAX = 40;

const noteButton = (text: string, tap: NoteTap): InlineKeyboardButton => ({ text, callback_data: CALLBACKS.note.format(tap) });
const cardButton = (text: string, tap: NoteCardTap): InlineKeyboardButton => ({ text, callback_data: CALLBACKS.noteCard.format(tap) });
const rows = <T>(xs: readonly T[], n = PER_ROW): T[][] => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, (i + 1) * n));

/** A week in words for a heading: «Semana 5 · Narración», cut when a title is long. */
export function weekWords(course: Course, week: number | null): string | null {
  return week === null ? null : quote(weekTitle(course, week), WEEK_TITLE_SHOWN);
}

/**
 * Whether a note's topic names a section of its own: not the topic that only stands in for one — the
 * DEFAULT_TOPIC of a note written without one, the name of the file its text had no heading in
 * (split.ts), or its week's title, which a photo without a heading gets (split.ts `photoTopics`) and
 * the list says above it already («Mitosis» under «Semana 12 · Mitosis»).
 */
function namesSection(note: Note, week: number | null, course: Course): boolean {
  const topic = fold(note.tema);
  if (topic === DEFAULT_TOPIC || (week !== null && topic === fold(weekTopic(course, week)))) return false;
  return !(note.origen && isFileTopic(note.tema, note.origen.archivo));
}

/** A text's first sentence (of its first line), without its full stop. */
const firstSentence = (text: string): string => {
  const line = text.trim().split('\n', 1)[0]!;
  return /^(.+?)[.!?…](?=\s|$)/u.exec(line)?.[1] ?? line;
};

/** «4. la Constitución de 1812», «2.1) Causas»: a section's own number before its heading. */
const SECTION_NUMBER = /^(\d{1,2}(?:\.\d{1,2})*)[.)]?\s+(?=\p{L})/u;

/**
 * A section's heading as the chat shows it beside a note's number: its own number said as
 * «apartado 4» after it, so that «7 · 4. La Constitución de 1812» never reads as two note numbers;
 * `part`, where the section gave several notes, tells them apart.
 */
export function sectionTitle(tema: string, texto: string, part?: { n: number; of: number }, max = Infinity): string {
  const written = topicAsWritten(tema, texto);
  const number = SECTION_NUMBER.exec(written);
  const heading = number ? topicAsWritten(written.slice(number[0].length), texto) : written;
  const said = [...(number ? [NOTES.section(number[1]!)] : []), ...(part && part.of > 1 ? [NOTES.part(part.n, part.of)] : [])];
  return said.length ? `${quote(heading, Math.max(12, max - said.join(', ').length - 3))} (${said.join(', ')})` : quote(heading, max);
}

/**
 * A note's title in the list, by one rule: a note filed from a section is named by the section's
 * heading (its topic), every note of the section alike and told apart by its place among them («2 de 3»);
 * a note without one by its first sentence — both cut at a word. (Naming the first note of a section
 * by its heading and the others by their first words read as two rules in one lecture.)
 */
function shortTitle(note: Note, week: number | null, course: Course, parts: ReadonlyMap<number, { n: number; of: number }>): string {
  const title = namesSection(note, week, course) ? sectionTitle(note.tema, note.texto, parts.get(note.id), LINE_TITLE) : quote(firstSentence(withoutEmphasis(note.texto)), LINE_TITLE);
  return title.replace(/\p{L}/u, (c) => c.toLocaleUpperCase('es'));
}

/** Each note of a section that gave several, with its place among them (in the order they were filed). */
function sectionParts(notes: ReadonlyArray<{ note: Note; week: number | null }>, course: Course): Map<number, { n: number; of: number }> {
  const bySection = new Map<string, number[]>();
  for (const { note, week } of notes) {
    if (!namesSection(note, week, course)) continue;
    const key = `${week ?? ''}\u0000${note.origen?.archivo ?? ''}\u0000${fold(note.tema)}`;
    (bySection.get(key) ?? bySection.set(key, []).get(key)!).push(note.id);
  }
  const parts = new Map<number, { n: number; of: number }>();
  for (const ids of bySection.values()) [...ids].sort((a, b) => a - b).forEach((id, i) => parts.set(id, { n: i + 1, of: ids.length }));
  return parts;
}

/**
 * The notes in list order: the newest first — what a student just sent is what they look for —, each
 * with its week (its own, or its topic's in a notebook from before notes carried one).
 */
export function listOrder(notes: readonly Note[], course: Course): Array<{ note: Note; week: number | null }> {
  return notes.map((note) => ({ note, week: weekOfNote(course, note) })).sort((a, b) => b.note.id - a.note.id);
}

export interface NotesPage {
  messages: PackedMessage[];
  /** Under the last message: a button per note of the page, then the pages. */
  keyboard: InlineKeyboardMarkup;
  page: number;
  pages: number;
}

/**
 * Page `page` (from 1; clamped) of the list; `week` 0 lists every note, another number only that
 * week's; `examples`, the shipped example notes still as shipped, are said to be that (not «escrita
 * en el chat»: the student never wrote them). Undefined when there is nothing to list (the caller says so in its own words).
 */
export function notesPage(notes: readonly Note[], course: Course, page: number, week: number, examples: ReadonlySet<number> = new Set()): NotesPage | undefined {
  const every = listOrder(notes, course);
  const parts = sectionParts(every, course);
  const all = every.filter((x) => week === 0 || x.week === week);
  if (all.length === 0) return undefined;
  const pages = Math.ceil(all.length / NOTES_PAGE_SIZE);
  const p = Math.min(Math.max(1, page), pages);
  const shown = all.slice((p - 1) * NOTES_PAGE_SIZE, p * NOTES_PAGE_SIZE);
  // One note a line, under its week: the page's notes of one week together (newest first, the order
  // of the pages), the week said once; a list of one week says it in its header.
  const items: PackItem[] = [];
  const weeks = [...new Set(shown.map((x) => x.week))];
  for (const w of week === 0 ? weeks : [undefined]) {
    const group = shown.filter((x) => w === undefined || x.week === w);
    const head = w === undefined ? [''] : [`\n${NOTES.weekHead(w === null ? null : quote(weekTitle(course, w), WEEK_HEAD_SHOWN))}`];
    const lines = group.map(({ note, week: own }) => NOTES.line(note.id, shortTitle(note, own, course, parts), examples.has(note.id)));
    items.push({ text: [...head, ...lines].join('\n') });
  }
  items.push({ text: `\n${NOTES.hint(shown.some(({ note }) => examples.has(note.id)))}` });
  const header = NOTES.header(all.length, p, pages, week === 0 ? undefined : weekWords(course, week) ?? undefined);
  const nav = [
    ...(p > 1 ? [noteButton(NOTES.prev, { kind: 'page', page: p - 1, week })] : []),
    ...(p < pages ? [noteButton(NOTES.next, { kind: 'page', page: p + 1, week })] : []),
  ];
  const open = shown.map(({ note }) => noteButton(NOTES.open(note.id), { kind: 'open', note: note.id }));
  return { messages: packMessages(header, items, '\n'), keyboard: { inline_keyboard: [...rows(open), ...(nav.length ? [nav] : [])] }, page: p, pages };
}

/** One note whole (split only where Telegram's limit needs it), the buttons under the last part. */
export function noteMessages(note: Note, course: Course, cards: number): { messages: string[]; keyboard: InlineKeyboardMarkup } {
  const head = NOTES.noteHead(note.id, sectionTitle(note.tema, note.texto), weekWords(course, weekOfNote(course, note)), sourceLabel(note.origen));
  return {
    messages: splitText(`${head}\n\n${withoutEmphasis(note.texto)}`),
    keyboard: {
      inline_keyboard: [
        [noteButton(NOTES.move, { kind: 'moveAsk', note: note.id }), noteButton(NOTES.edit, { kind: 'edit', note: note.id })],
        [noteButton(NOTES.remove, { kind: 'deleteAsk', note: note.id }), ...(cards > 0 ? [noteButton(NOTES.cards(cards), { kind: 'cards', note: note.id })] : [])],
      ],
    },
  };
}

/** The weeks a note can move to: every week of the student's course but its own, none, and staying. */
export function moveKeyboard(note: Note, course: Course): InlineKeyboardMarkup {
  const own = weekOfNote(course, note);
  // Labelled as every week picker is: «3 · Título», so the student moves it by subject.
  const weeks = weekPickerRows(classWeeks(course).filter((w) => w !== own), (w, text) => noteButton(text, { kind: 'move', note: note.id, week: w }), (w) => weekTopic(course, w));
  return {
    inline_keyboard: [
      ...weeks,
      ...(own !== null ? [[noteButton(NOTES.noWeekButton, { kind: 'move', note: note.id, week: 0 })]] : []),
      [noteButton(NOTES.cancel, { kind: 'stay', note: note.id })],
    ],
  };
}

export function deleteKeyboard(id: number): InlineKeyboardMarkup {
  return { inline_keyboard: [[noteButton(NOTES.deleteYes(id), { kind: 'delete', note: id })], [noteButton(NOTES.deleteNo, { kind: 'keep', note: id })]] };
}

/** Under «la nota 29 tenía 3 tarjetas»: delete them too, or keep them. */
export function cardsTooKeyboard(id: number, n: number): InlineKeyboardMarkup {
  return { inline_keyboard: [[noteButton(NOTES.cardsTooYes(n), { kind: 'dropCards', note: id })], [noteButton(NOTES.cardsTooNo(n), { kind: 'keepCards', note: id })]] };
}

/** A corrected note's cards of its old text: redo them from the corrected text, or keep them. */
export function redoCardsKeyboard(id: number, n: number): InlineKeyboardMarkup {
  return { inline_keyboard: [[noteButton(NOTES.cardsRedoYes(n), { kind: 'redoCards', note: id })], [noteButton(NOTES.cardsRedoNo(n), { kind: 'keepOldCards', note: id })]] };
}

/** A note's cards, questions and answers, each with ✏️ and 🗑 (the first CARD_BUTTONS_MAX). */
export function noteCardsMessages(id: number, cards: readonly Card[]): { messages: PackedMessage[]; keyboard: InlineKeyboardMarkup } {
  const messages = packMessages(NOTES.cardsHeader(id, cards.length), cards.map((c) => ({ text: NOTES.cardLine(c.id, c.pregunta, c.respuesta) })));
  const buttons = cards.slice(0, CARD_BUTTONS_MAX).map((c) => [cardButton(NOTES.cardEdit(c.id), { kind: 'edit', card: c.id }), cardButton(NOTES.cardRemove(c.id), { kind: 'deleteAsk', card: c.id })]);
  return { messages, keyboard: { inline_keyboard: rows(buttons.flat()) } };
}

export function cardDeleteKeyboard(id: number): InlineKeyboardMarkup {
  return { inline_keyboard: [[cardButton(NOTES.cardDeleteYes(id), { kind: 'delete', card: id })], [cardButton(NOTES.cardDeleteNo, { kind: 'keep', card: id })]] };
}

/**
 * A correction's question: the sentence, then what it says now as a `code` entity (a tap copies it
 * on Telegram), cut to fit the message. Offsets in UTF-16 units, as Telegram counts them.
 */
export function correctionAsk(lead: string, current: string): PackedMessage {
  const [only] = packMessages('', [{ text: `${lead}\n\n${current}`, entities: [{ type: 'code', offset: lead.length + 2, length: current.length }] }]);
  return only!;
}
