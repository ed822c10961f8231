/**
 * How long each stage takes on this machine: a rolling record of the last RECORD_SIZE durations
 * per catalogue stage, kept in `<datos>/duraciones.json`. The progress's ETA and the dry runs'
 * estimates use its median; a stage never measured here uses the catalogue's estimate.
 */
import { readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { StateFileError } from '../../errors.js';
import { writeRecord } from '../../store/outputs.js';
import { STATE, STATE_PROBLEMS } from '../../strings/console.js';
import { STAGE_CATALOGUE, type StageDecl } from './catalogue.js';
import type { Lane } from '../contract.js';

export const DURATIONS_FILENAME = 'duraciones.json';
/** Durations kept per stage. */
export const RECORD_SIZE = 20;

export interface DurationRecord {
  /**
   * Median of the stage's measured durations (ms), or its catalogue estimate — the CPU engines'
   * (`localMs`) when the call's engine runs on the CPU (`engineLane`).
   */
  estimate(d: StageDecl, engineLane?: Lane): number;
  /** Same, by catalogue id. */
  estimateOf(id: string, engineLane?: Lane): number;
  /** One more measured duration of stage `id`, in ms (written to disk soon after, in the background). */
  record(id: string, ms: number): void;
  /** Resolves when every recorded duration is on disk. */
  flush(): Promise<void>;
  /** The measured durations of a stage, oldest first. */
  samples(id: string): readonly number[];
}

const known = new Map(STAGE_CATALOGUE.map((d) => [d.id, d]));

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * The record's samples from `text`, or the first problem as a Spanish phrase. Stages the catalogue
 * no longer has are skipped (a new version may drop one); anything else that does not fit is damage.
 */
function parseDurations(text: string): Map<string, number[]> | string {
  let raw: unknown;
  try {
    raw = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    return STATE_PROBLEMS.notJson((e as Error).message);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return STATE_PROBLEMS.durationsShape;
  const data = new Map<string, number[]>();
  for (const [id, xs] of Object.entries(raw)) {
    if (!known.has(id)) continue;
    if (!Array.isArray(xs)) return STATE_PROBLEMS.durationsOfStage(id);
    const bad: unknown[] = xs.filter((x) => typeof x !== 'number' || !Number.isFinite(x) || x < 0);
    if (bad.length > 0) {
      const shown = typeof bad[0] === 'number' ? String(bad[0]) : JSON.stringify(bad[0]);
      return STATE_PROBLEMS.durationNotMs(id, shown);
    }
    data.set(id, (xs as number[]).slice(-RECORD_SIZE));
  }
  return data;
}

/**
 * Opens (or starts) the record in `dataDir`. A damaged file — cut, of the wrong shape, a folder in
 * its place — is never silently replaced: like a damaged chat history it is moved aside whole to
 * `duraciones.json.dañado-<time>`, `log` gets one sentence, and the catalogue's estimates stand.
 * A file that cannot even be read or moved stops with a StateFileError saying what to do.
 * @param log where that sentence goes (default console.warn).
 */
export function openDurationRecord(dataDir: string, log: (line: string) => void = console.warn): DurationRecord {
  const file = path.join(dataDir, DURATIONS_FILENAME);
  let data = new Map<string, number[]>();
  let problem: string | undefined;
  try {
    const parsed = parseDurations(readFileSync(file, 'utf8'));
    if (typeof parsed === 'string') problem = parsed;
    else data = parsed;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EISDIR') problem = STATE_PROBLEMS.isFolder;
    else if (code !== 'ENOENT') throw new StateFileError('CORRUPT_STATE', file, STATE.durationsUnreadable(file, code ?? (e as Error).message));
  }
  if (problem !== undefined) {
    const aside = `${file}.dañado-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    try {
      renameSync(file, aside);
    } catch {
      throw new StateFileError('CORRUPT_STATE', file, STATE.durationsStuck(file, problem));
    }
    log(STATE.durationsAside(file, problem, aside));
  }
  let writing: Promise<void> = Promise.resolve();
  let dirty = false;
  const save = (): void => {
    if (dirty) return;
    dirty = true;
    writing = writing.then(async () => {
      dirty = false;
      // Never half-written, but not fsynced: a power cut may only leave the estimates one write
      // older, and a class's stages finishing by the hundred paid an fsync for each of these.
      await writeRecord(file, Object.fromEntries(data), { indent: 1, durable: false });
    }).catch(() => undefined); // a record that cannot be written only leaves the estimates older
  };
  const estimateOf = (id: string, engineLane?: Lane): number => {
    const xs = data.get(id);
    if (xs && xs.length > 0) return Math.round(median(xs));
    const d = known.get(id);
    return (engineLane === 'cpu' ? d?.localMs : undefined) ?? d?.estimateMs ?? 0;
  };
  return {
    estimate: (d, engineLane) => estimateOf(d.id, engineLane),
    estimateOf,
    record(id, ms) {
      if (!known.has(id) || !Number.isFinite(ms) || ms < 0) return;
      const xs = data.get(id) ?? [];
      xs.push(Math.round(ms));
      if (xs.length > RECORD_SIZE) xs.splice(0, xs.length - RECORD_SIZE);
      data.set(id, xs);
      save();
    },
    flush: () => writing,
    samples: (id) => data.get(id) ?? [],
  };
}
