/**
 * The deck as an Anki package (`.apkg`: a zip with `collection.anki2`, an SQLite file in Anki's
 * schema 11, and `media`): one note per card (front/back), the week and topic as tags, one deck
 * "Cuaderno Vivo", each card's scheduling mapped from its FSRS state, and the review log as `revlog`
 * so Anki continues the same schedule. Written with sql.js (WebAssembly SQLite, no native build).
 */
import { createHash } from 'node:crypto';
import { zipSync } from 'fflate';
import type { Card, FsrsSnapshot, ReviewEntry } from '../../store/index.js';
import { DECK_NAME, SCHEMA_SQL, colJson } from './schema.js';

const DAY_S = 86_400;

export interface ApkgCard {
  card: Card;
  fsrs: FsrsSnapshot;
  suspended?: boolean;
  /** Topic of the card's note (a tag). */
  topic?: string;
}

export interface ApkgInput {
  cards: readonly ApkgCard[];
  log: readonly ReviewEntry[];
  /** Export time (the collection's `mod`). */
  now: Date;
  /**
   * One deck per course (named as the course) and a subdeck per week (`weeks`: week → its title); a
   * card goes to its week's subdeck, a card of no week to the course's deck. Default one deck, DECK_NAME.
   */
  deck?: { name: string; weeks: ReadonlyMap<number, string> };
}

/** Deck id of week N's subdeck (the course's own deck is DECK_ID; both fixed, so a re-import updates in place). */
const weekDeckId = (week: number) => 1_700_000_000_100 + week;

/** Anki's note checksum: the first 8 hex digits of the SHA-1 of the first field (HTML stripped). */
export function fieldChecksum(first: string): number {
  const plain = first.replace(/<[^>]*>/g, '');
  return parseInt(createHash('sha1').update(plain, 'utf8').digest('hex').slice(0, 8), 16);
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const tag = (s: string) => s.trim().replace(/\s+/g, '_');

/**
 * An interval as Anki's revlog stores it: whole days when the card is in review, negative seconds
 * for a learning step (below a day), 0 for a new card.
 */
export function ankiInterval(s: FsrsSnapshot, from: string | undefined): number {
  if (s.state === 0) return 0;
  if (s.state === 2) return Math.max(1, s.scheduled_days);
  const seconds = Math.round((Date.parse(s.due) - Date.parse(from ?? s.due)) / 1000);
  return -Math.max(1, seconds);
}

/** `type/queue/due/ivl/left` of a card from its FSRS state (due: position, day number or epoch seconds). */
export function ankiScheduling(s: FsrsSnapshot, position: number, crtS: number, suspended: boolean) {
  const dueS = Math.floor(Date.parse(s.due) / 1000);
  const sched = (() => {
    switch (s.state) {
      case 0: return { type: 0, queue: 0, due: position, ivl: 0, left: 0 };
      case 1: return { type: 1, queue: 1, due: dueS, ivl: 0, left: Math.max(1, 2 - s.learning_steps) * 1001 };
      case 2: return { type: 2, queue: 2, due: Math.floor((dueS - crtS) / DAY_S), ivl: Math.max(1, s.scheduled_days), left: 0 };
      case 3: return { type: 3, queue: 1, due: dueS, ivl: Math.max(1, s.scheduled_days), left: 1001 };
    }
  })();
  return suspended ? { ...sched, queue: -1 } : sched;
}

/** Builds the `.apkg` bytes. */
export async function buildApkg(input: ApkgInput): Promise<Uint8Array> {
  // sql.js (a WASM SQLite) only while exporting: a bot that never exports never loads it.
  const { default: initSqlJs } = await import('sql.js');
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  try {
    db.run(SCHEMA_SQL);
    const nowMs = input.now.getTime();
    const modS = Math.floor(nowMs / 1000);
    const created = input.cards.map((c) => Date.parse(c.card.creada));
    // The collection's day 0 is the UTC midnight of the oldest card: review due dates count from it.
    const crtS = Math.floor(Math.min(nowMs, ...created) / 1000 / DAY_S) * DAY_S;
    const modelId = 1_700_000_000_000; // fixed: re-importing matches the same note type
    const deckId = 1_700_000_000_001;
    const weeks = input.deck?.weeks ?? new Map<number, string>();
    const subdecks = [...weeks].map(([week, name]) => ({ id: weekDeckId(week), name }));
    const { conf, models, decks, dconf } = colJson(modelId, deckId, modS, input.cards.length + 1, input.deck?.name, subdecks);
    db.run('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)', [
      crtS, nowMs, nowMs, JSON.stringify(conf), JSON.stringify(models), JSON.stringify(decks), JSON.stringify(dconf), '{}',
    ]);
    const baseMs = Math.min(nowMs, ...created);
    const cardIds = new Map<number, number>();
    input.cards.forEach((c, i) => {
      const id = baseMs + i; // Anki ids are millisecond timestamps; consecutive keeps them unique
      cardIds.set(c.card.id, id);
      const front = escapeHtml(c.card.pregunta);
      const tags = [c.card.semana ? `semana_${c.card.semana}` : '', c.topic ? tag(c.topic) : '', 'cuaderno_vivo'].filter(Boolean);
      const guid = `cuaderno-vivo-${c.card.id}-${createHash('sha1').update(c.card.creada).digest('hex').slice(0, 8)}`;
      db.run('INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, \'\')', [
        id, guid, modelId, modS, ` ${tags.join(' ')} `, `${front}\x1f${escapeHtml(c.card.respuesta)}`, front, fieldChecksum(front),
      ]);
      const s = ankiScheduling(c.fsrs, i + 1, crtS, c.suspended === true);
      const data = c.fsrs.state === 0 ? '{}' : JSON.stringify({ s: c.fsrs.stability, d: c.fsrs.difficulty });
      db.run('INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?)', [
        id, id, c.card.semana !== undefined && weeks.has(c.card.semana) ? weekDeckId(c.card.semana) : deckId, modS, s.type, s.queue, s.due, s.ivl, s.type === 0 ? 0 : 2500, c.fsrs.reps, c.fsrs.lapses, s.left, data,
      ]);
    });
    const usedIds = new Set<number>();
    for (const e of input.log) {
      const cid = cardIds.get(e.id_tarjeta);
      if (cid === undefined) continue;
      let id = Date.parse(e.fecha);
      while (usedIds.has(id)) id++; // two answers in the same millisecond keep distinct ids
      usedIds.add(id);
      const type = e.antes.state === 2 ? 1 : e.antes.state === 3 ? 2 : 0;
      db.run('INSERT INTO revlog VALUES (?, ?, -1, ?, ?, ?, ?, 0, ?)', [
        id, cid, e.calificacion, ankiInterval(e.despues, e.fecha), ankiInterval(e.antes, e.antes.last_review), e.despues.state === 2 ? 2500 : 0, type,
      ]);
    }
    const collection = db.export();
    return zipSync({ 'collection.anki2': collection, media: new TextEncoder().encode('{}') });
  } finally {
    db.close();
  }
}

export { DECK_NAME };
