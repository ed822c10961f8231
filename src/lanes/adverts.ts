/**
 * Workers own their engines (issue 22): each `npm run trabajador` advertises in Redis what it serves
 * — image (`flux`), voice (`xtts`) and transcription (`transcripcion`) engines, with their model and
 * voice names — under `<prefix>:motores:<worker>`, a key that expires unless the worker's heartbeat
 * renews it (every third of its TTL). A worker advertises only the engines it can call (their URL is
 * set on its machine); a stopped or killed worker's advert is gone within the TTL. The bot reads the
 * adverts to offer an engine it has no address for: the job it queues carries no URL.
 */
import type { Redis } from 'ioredis';
import type { LaneName } from './types.js';

/** Engines a worker can advertise: an exact enum, the same names jobs carry in `engine`. */
export const ADVERTISED_ENGINES = ['flux', 'xtts', 'transcripcion'] as const;
export type AdvertisedEngine = (typeof ADVERTISED_ENGINES)[number];

/** An advert expires this long after its last heartbeat. */
export const ADVERT_TTL_MS = 15_000;
/** Bounds of what one advert may say (a worker's names are shown to nobody but kept small). */
const MAX_NAME = 100;
const MAX_VOICES = 50;

export interface EngineAdvert {
  worker: string;
  lane: LaneName;
  engines: AdvertisedEngine[];
  /** The model each engine runs, when the worker knows it. */
  models: Partial<Record<AdvertisedEngine, string>>;
  /** Voices of the speech engine, when it says. */
  voices: string[];
  /** When the heartbeat last wrote it (ISO). */
  at: string;
}

export const advertKey = (prefix: string, worker: string): string => `${prefix}:motores:${worker.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, MAX_NAME)}`;

const isEngine = (e: unknown): e is AdvertisedEngine => typeof e === 'string' && (ADVERTISED_ENGINES as readonly string[]).includes(e);
const shortText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_NAME;

/** An advert read back from Redis, validated; undefined for anything else (a foreign or damaged key). */
export function parseAdvert(text: string | null): EngineAdvert | undefined {
  if (!text) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!v || typeof v !== 'object') return undefined;
  const a = v as Record<string, unknown>;
  if (!shortText(a.worker) || (a.lane !== 'gpu' && a.lane !== 'cpu') || !Array.isArray(a.engines) || !shortText(a.at)) return undefined;
  const engines = [...new Set(a.engines.filter(isEngine))];
  const models: EngineAdvert['models'] = {};
  if (a.models && typeof a.models === 'object') {
    for (const [k, m] of Object.entries(a.models as Record<string, unknown>)) if (isEngine(k) && shortText(m)) models[k] = m;
  }
  const voices = Array.isArray(a.voices) ? a.voices.filter(shortText).slice(0, MAX_VOICES) : [];
  return { worker: a.worker, lane: a.lane, engines, models, voices, at: a.at };
}

export interface Advertising {
  /** Writes the advert now (the heartbeat does it on its own). */
  beat(): Promise<void>;
  /** Stops the heartbeat and removes the advert. */
  stop(): Promise<void>;
}

/** Starts advertising `advert` with a heartbeat; the first write is awaited. */
export async function startAdvertising(redis: Redis, prefix: string, advert: Omit<EngineAdvert, 'at'>, ttlMs = ADVERT_TTL_MS): Promise<Advertising> {
  const key = advertKey(prefix, advert.worker);
  const beat = async () => {
    await redis.set(key, JSON.stringify({ ...advert, at: new Date().toISOString() }), 'PX', ttlMs);
  };
  await beat();
  const timer = setInterval(() => void beat().catch(() => undefined), Math.max(200, Math.floor(ttlMs / 3)));
  timer.unref();
  return {
    beat,
    async stop() {
      clearInterval(timer);
      await redis.del(key).catch(() => undefined);
    },
  };
}

/** Every live advert under `prefix` (expired ones are gone by Redis's TTL). */
export async function readAdverts(redis: Redis, prefix: string): Promise<EngineAdvert[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}:motores:*`, 'COUNT', 200);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0' && keys.length < 10_000);
  if (keys.length === 0) return [];
  const values = await redis.mget(...keys);
  return values.map(parseAdvert).filter((a): a is EngineAdvert => a !== undefined);
}

/** Longest wait for the adverts: past it, none is taken as advertised. */
const READ_TIMEOUT_MS = 1_500;

/** What the bot asks: does some live worker serve `engine` now? Cached for `cacheMs` between reads. */
export interface EngineDirectory {
  serves(engine: AdvertisedEngine): Promise<boolean>;
  /** Whether some live worker takes this lane's jobs now (a CPU worker advertises no engine). */
  servesLane(lane: LaneName): Promise<boolean>;
  adverts(): Promise<EngineAdvert[]>;
  close(): Promise<void>;
}

export function createEngineDirectory(redis: Redis, prefix: string, opts: { cacheMs?: number; ownsConnection?: boolean } = {}): EngineDirectory {
  const cacheMs = opts.cacheMs ?? 2_000;
  let cached: { at: number; adverts: Promise<EngineAdvert[]> } | undefined;
  const adverts = () => {
    // Stale from cacheMs on (`>=`): with cacheMs 0 every call reads; `>` served two calls in the same millisecond one read.
    if (!cached || Date.now() - cached.at >= cacheMs) {
      // Redis away: no engine is advertised (the bot says so; it does not wait).
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<EngineAdvert[]>((resolve) => {
        timer = setTimeout(() => resolve([]), READ_TIMEOUT_MS);
      });
      cached = { at: Date.now(), adverts: Promise.race([readAdverts(redis, prefix).catch(() => []), late]).finally(() => clearTimeout(timer)) };
    }
    return cached.adverts;
  };
  return {
    adverts,
    serves: async (engine) => (await adverts()).some((a) => a.lane === 'gpu' && a.engines.includes(engine)),
    servesLane: async (lane) => (await adverts()).some((a) => a.lane === lane),
    async close() {
      if (opts.ownsConnection) redis.disconnect();
    },
  };
}
