/**
 * How long each stage takes on this machine: a rolling record of the last RECORD_SIZE durations
 * per catalogue stage, kept in `<datos>/duraciones.json`. The progress's ETA and the dry runs'
 * estimates use its median; a stage never measured here uses the catalogue's estimate.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../../store/atomic.js';
import { STAGE_CATALOGUE, type StageDecl } from './catalogue.js';

export const DURATIONS_FILENAME = 'duraciones.json';
/** Durations kept per stage. */
export const RECORD_SIZE = 20;

export interface DurationRecord {
  /** Median of the stage's measured durations (ms), or its catalogue estimate. */
  estimate(d: StageDecl): number;
  /** Same, by catalogue id. */
  estimateOf(id: string): number;
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

/** Opens (or starts) the record in `dataDir`; an unreadable file counts as empty. */
export function openDurationRecord(dataDir: string): DurationRecord {
  const file = path.join(dataDir, DURATIONS_FILENAME);
  const data = new Map<string, number[]>();
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    for (const [id, xs] of Object.entries(raw)) {
      if (known.has(id) && Array.isArray(xs)) data.set(id, xs.filter((x): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0).slice(-RECORD_SIZE));
    }
  } catch {
    // no record yet (or unreadable): the catalogue's estimates stand
  }
  let writing: Promise<void> = Promise.resolve();
  let dirty = false;
  const save = (): void => {
    if (dirty) return;
    dirty = true;
    writing = writing.then(async () => {
      dirty = false;
      await writeFileAtomic(file, `${JSON.stringify(Object.fromEntries(data), null, 1)}\n`);
    }).catch(() => undefined); // a record that cannot be written only leaves the estimates older
  };
  const estimateOf = (id: string): number => {
    const xs = data.get(id);
    if (xs && xs.length > 0) return Math.round(median(xs));
    return known.get(id)?.estimateMs ?? 0;
  };
  return {
    estimate: (d) => estimateOf(d.id),
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
