/**
 * A week asked again when everything asked is already made (issue 46, item 4): ONE message, before
 * any run starts, saying what the student has, with buttons to redo. It is a reply to the message
 * that carried the week's newest cover (Telegram quotes a photo with its thumbnail, so the student
 * sees which one at a glance; a message can reply to only one other, and a photo is the one that
 * reads in a quote), or to the newest episode when there is no cover. «Newest» is the chat's own
 * record of what it was sent, newest last, so after «otra portada» the pointer is the new cover, never
 * the one it replaced. What changed since the episode or the cards were made (week-sources.ts) is
 * said, with a button to bring it in. A redo («rehaz», «otra vez») never comes here.
 */
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'grammy';
import type { PlanIntent } from '../agent/intent.js';
import { notesOfWeek, weekStem, weekTitle, type Course } from '../domain/course/course.js';
import { goneNotes, newerNotes, readCardSources, readEpisodeSources } from '../domain/week-sources.js';
import type { Card, Note } from '../store/index.js';
import { REPEAT } from '../strings/repeat.js';
import { repeatKeyboard } from './keyboards.js';
import type { SentRecord } from './state.js';

export interface RepeatDeps {
  notes: { list(): Promise<Note[]> };
  cards: { list(): Promise<Card[]> };
  /** The deck's file: the cards' record of their notes lies beside it. */
  deckFile: string;
  /** What the chat was sent, oldest first (state.ts). */
  sentTo(chatId: number): readonly SentRecord[];
}

/**
 * The newest message that carried a version of `file` (the same week's cover or episode: same folder,
 * stem and extension; a redo's `semana_03-v2.png` is one) — what «es esta» must point at, not the
 * version a cached call happens to return.
 */
export function newestVersionSent(sent: readonly SentRecord[], file: string): SentRecord | undefined {
  const dir = path.dirname(file);
  const ext = path.extname(file);
  const stem = /^(semana_\d+)/.exec(path.basename(file))?.[1];
  if (!stem) return sent.findLast((s) => s.path === file);
  return sent.findLast((s) => {
    const name = path.basename(s.path);
    return path.dirname(s.path) === dir && path.extname(name) === ext && (name === `${stem}${ext}` || name.startsWith(`${stem}-`));
  });
}

/** The newest file of `week` this chat has of one kind (`.png` cover, `.wav` episode) made for the week's current title. */
async function newest(sent: readonly SentRecord[], week: number, ext: '.png' | '.wav', title: string): Promise<SentRecord | undefined> {
  const stem = weekStem(week);
  for (const s of [...sent].reverse()) {
    const name = path.basename(s.path);
    if (path.extname(name) !== ext || !(name === `${stem}${ext}` || name.startsWith(`${stem}-`))) continue;
    const made = await madeFor(s.path);
    if (made === 'gone') continue;
    // A file made under another title of the week (the course changed since) is not this week's.
    if (made !== undefined && made !== title) continue;
    return s;
  }
  return undefined;
}

/** The week title the file's sidecar names; 'gone' when the file is not there any more. */
async function madeFor(file: string): Promise<string | undefined | 'gone'> {
  const there = await access(file).then(() => true, () => false);
  if (!there) return 'gone';
  try {
    const side = JSON.parse(await readFile(file.replace(/\.(png|wav)$/, '.json'), 'utf8')) as { salida?: { artifacts?: Array<{ meta?: { title?: unknown } }> } };
    const t = side.salida?.artifacts?.[0]?.meta?.title;
    return typeof t === 'string' ? t : undefined;
  } catch {
    return undefined; // no sidecar (an older file): taken as the week's
  }
}

/**
 * Answers a request for `week` when every part it asks for is already made and up to date for
 * what it reads; true when it answered (no run starts). A part missing, or cards with notes new
 * since, leaves the request to the run, which makes only what is missing.
 */
export async function answerRepeat(ctx: Context, deps: RepeatDeps, course: Course, week: number, actions: PlanIntent['actions']): Promise<boolean> {
  if (!actions.portada && !actions.narracion && !actions.tarjetas) return false;
  const sent = deps.sentTo(ctx.chat!.id);
  const title = weekTitle(course, week);
  const cover = actions.portada ? await newest(sent, week, '.png', title) : undefined;
  const episode = actions.narracion ? await newest(sent, week, '.wav', title) : undefined;
  if ((actions.portada && !cover) || (actions.narracion && !episode)) return false;
  const weekNotes = notesOfWeek(course, await deps.notes.list(), week);
  const ids = new Set(weekNotes.map((n) => n.id));
  const cards = actions.tarjetas ? (await deps.cards.list()).filter((c) => ids.has(c.id_nota)) : [];
  if (actions.tarjetas && cards.length === 0) return false;
  const newCards = actions.tarjetas ? await newSinceCards(deps.deckFile, weekNotes, cards) : undefined;
  // Cards asked while notes came since: the run makes the cards of those (the deck keeps the rest).
  if (actions.tarjetas && (newCards ?? 0) > 0 && !actions.portada && !actions.narracion) return false;
  const made = episode ? await readEpisodeSources(episode.path) : undefined;
  const newEpisode = made ? newerNotes(weekNotes, made).length : undefined;
  const goneEpisode = made ? goneNotes(weekNotes, made) : undefined;
  const quoted = cover ?? episode;
  const text = REPEAT.weekHas({
    week, title, quoted: cover ? 'portada' : 'narracion', cover: Boolean(cover), episode: Boolean(episode), cards: cards.length,
    ...(newEpisode !== undefined ? { newSinceEpisode: newEpisode } : {}), ...(goneEpisode ? { goneSinceEpisode: goneEpisode } : {}),
    ...(newCards !== undefined ? { newSinceCards: newCards } : {}),
  });
  await ctx.reply(text, {
    ...(quoted ? { reply_parameters: { message_id: quoted.messageId, allow_sending_without_reply: true } } : {}),
    reply_markup: repeatKeyboard(week, { cover: Boolean(cover), episode: Boolean(episode), newCards: newCards ?? 0 }),
  });
  return true;
}

/**
 * Notes of the week new or changed since its cards: changed when the record read it otherwise; new
 * when the record never read it and no card comes from it (a note with cards from before the record
 * existed counts as read: its content then is unknown, nothing is claimed).
 */
async function newSinceCards(deckFile: string, weekNotes: readonly Note[], cards: readonly Card[]): Promise<number> {
  const record = await readCardSources(deckFile);
  const withCards = new Set(cards.map((c) => c.id_nota));
  return weekNotes.filter((n) => {
    const read = record?.notas[String(n.id)];
    if (read !== undefined) return newerNotes([n], record!).length > 0;
    return !withCards.has(n.id);
  }).length;
}
