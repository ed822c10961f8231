/**
 * Which notes a week's episode and cards were made from (issue 46, item 4): each note's id and a
 * hash of its content («huella»), so a repeat can say «hay 2 notas nuevas (o cambiadas) desde el
 * episodio» instead of a bare «ya la tenías». The episode keeps its record in its own stored result
 * (the artifact's `meta.fuentes`, written in its sidecar); the cards in `tarjetas_fuentes.json`
 * beside the deck, one entry per note a `crear_tarjetas` call read (also a note that gave no card,
 * so it is not «new» forever). Both carry a `version` (docs/design.md §24). Layouts written before
 * this existed have no record: then nothing is claimed about the episode, and the cards count every
 * note with a card (live or deleted) as used, its content unknown (not «changed»).
 * `tarjetas_fuentes.json` is a durable document (store/document.ts), locked on each change (the
 * calls of one turn add to it side by side); a damaged one is refused, never started anew.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DurableDocument, isPlainObject, type DocumentFormat } from '../store/document.js';
import { STATE_PROBLEMS } from '../strings/console.js';

export const WEEK_SOURCES_VERSION = 1;

/** The notes something was made from: id → huella of the note's topic and text then. */
export interface WeekSources {
  version: typeof WEEK_SOURCES_VERSION;
  notas: Record<string, string>;
}

/** What a note's content is, in 12 hex characters: a change of topic or text changes it. */
export function noteHuella(note: { tema: string; texto: string }): string {
  return createHash('sha256').update(`${note.tema}\n${note.texto}`).digest('hex').slice(0, 12);
}

/** The record of `notes` as they are now. */
export function sourcesOf(notes: ReadonlyArray<{ id: number; tema: string; texto: string }>): WeekSources {
  return { version: WEEK_SOURCES_VERSION, notas: Object.fromEntries(notes.map((n) => [String(n.id), noteHuella(n)])) };
}

/** A stored record, checked; an unknown version or shape reads as no record (nothing is claimed from it). */
export function asSources(v: unknown): WeekSources | undefined {
  if (!isPlainObject(v) || v.version !== WEEK_SOURCES_VERSION || !isPlainObject(v.notas)) return undefined;
  const notas = v.notas;
  if (!Object.entries(notas).every(([id, h]) => /^[1-9]\d*$/.test(id) && typeof h === 'string')) return undefined;
  return { version: WEEK_SOURCES_VERSION, notas: notas as Record<string, string> };
}

/** The file of the cards' record, beside the deck. */
export function cardSourcesFile(deckFile: string): string {
  return path.join(path.dirname(deckFile), 'tarjetas_fuentes.json');
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch {
    return undefined; // absent (an older episode) or unreadable: no record
  }
}

const CARD_SOURCES_FORMAT: DocumentFormat<WeekSources> = {
  version: WEEK_SOURCES_VERSION,
  empty: () => ({ version: WEEK_SOURCES_VERSION, notas: {} }),
  check: (data) => {
    const sources = asSources(data);
    return sources ? { ok: true, value: sources } : { ok: false, problem: STATE_PROBLEMS.cardSourcesShape(WEEK_SOURCES_VERSION) };
  },
  // One version so far: a version the program does not know is the check's to name.
  versionOf: () => WEEK_SOURCES_VERSION,
  recovery: STATE_PROBLEMS.cardSourcesFix,
  lock: { kind: 'each-change' },
};

const cardSources = (deckFile: string) => new DurableDocument(cardSourcesFile(deckFile), CARD_SOURCES_FORMAT);

/** The cards' record; undefined when the data folder has none yet (a damaged one is refused). */
export async function readCardSources(deckFile: string): Promise<WeekSources | undefined> {
  return (await cardSources(deckFile).adapter.readDocument()).doc ?? undefined;
}

/** Adds `notes` as they are now to the cards' record (under its lock: several calls of one turn write it). */
export async function recordCardSources(deckFile: string, notes: ReadonlyArray<{ id: number; tema: string; texto: string }>): Promise<void> {
  const added = sourcesOf(notes).notas;
  await cardSources(deckFile).mutate((doc) => void Object.assign(doc.notas, added));
}

/** The record an episode carries in its sidecar (`<wav>.json`); undefined for an episode made before it. */
export async function readEpisodeSources(wavPath: string): Promise<WeekSources | undefined> {
  const sidecar = await readJson(wavPath.replace(/\.wav$/, '.json'));
  if (!isPlainObject(sidecar) || !isPlainObject(sidecar.salida)) return undefined;
  const artifacts = (sidecar.salida as { artifacts?: unknown }).artifacts;
  const first: unknown = Array.isArray(artifacts) ? artifacts[0] : undefined;
  return isPlainObject(first) && isPlainObject(first.meta) ? asSources(first.meta.fuentes) : undefined;
}

/** The notes of `notes` that `made` did not read as they are now: new since, or changed since. */
export function newerNotes<N extends { id: number; tema: string; texto: string }>(notes: readonly N[], made: WeekSources): N[] {
  return notes.filter((n) => made.notas[String(n.id)] !== noteHuella(n));
}

/**
 * The notes `made` read that are not among `notes` any more (deleted, or moved to another week): an
 * episode that still narrates them is out of date just as one that misses a new note.
 */
export function goneNotes(notes: ReadonlyArray<{ id: number }>, made: WeekSources): number {
  const now = new Set(notes.map((n) => String(n.id)));
  return Object.keys(made.notas).filter((id) => !now.has(id)).length;
}
