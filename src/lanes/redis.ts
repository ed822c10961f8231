/**
 * Where the lanes' Redis is and how to reach it. `REDIS_URL` switches the lanes from in-process
 * queues to BullMQ (absent: nothing changes); `CUADERNO_COLA_PREFIJO` namespaces every key (default
 * `cuaderno`), so several installs or test runs can share one server. The env is passed in, never
 * read here (CONVENTIONS: values are passed down).
 */
// Types only: config.ts reads the settings here, and a bot without REDIS_URL never loads ioredis.
import type { RedisOptions } from 'ioredis';
import { ConfigError, QueueUnavailableError } from '../errors.js';
import { QUEUE } from '../strings/chat.js';
import type { LaneName } from './types.js';

export const DEFAULT_PREFIX = 'cuaderno';

export interface LaneSettings {
  /** `redis://[user:pass@]host:port[/db]`. */
  url: string;
  /** BullMQ key prefix (no ":"). */
  prefix: string;
}

/** The lane settings of `env`, or undefined without `REDIS_URL` (in-process lanes). */
export function laneSettingsFromEnv(env: Readonly<Record<string, string | undefined>>): LaneSettings | undefined {
  const url = env.REDIS_URL?.trim();
  if (!url) return undefined;
  redisOptions(url); // validates
  const prefix = env.CUADERNO_COLA_PREFIJO?.trim() || DEFAULT_PREFIX;
  if (!/^[A-Za-z0-9_.-]{1,60}$/.test(prefix)) {
    throw new ConfigError(`Expected \`CUADERNO_COLA_PREFIJO\` to be letters, digits, "_", "." or "-" (no ":"), got \`${prefix}\``, { field: 'CUADERNO_COLA_PREFIJO' });
  }
  return { url, prefix };
}

/** BullMQ queue of a lane. */
export function queueName(lane: LaneName): string {
  return `carril-${lane}`;
}

/**
 * ioredis options for `url`. `maxRetriesPerRequest: null` makes a command wait for the connection to
 * come back instead of failing (runs wait while Redis is away; BullMQ workers require it), and the
 * reconnect delay grows to at most `maxReconnectDelayMs`.
 */
export function redisOptions(url: string, maxReconnectDelayMs = 2_000): RedisOptions {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ConfigError(`Expected \`REDIS_URL\` like redis://host:6379, got \`${url}\``, { field: 'REDIS_URL' });
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') {
    throw new ConfigError(`Expected \`REDIS_URL\` to start with redis:// or rediss://, got \`${url}\``, { field: 'REDIS_URL' });
  }
  const db = u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0;
  if (!Number.isInteger(db) || db < 0) throw new ConfigError(`Expected a database number after the host in \`REDIS_URL\`, got \`${url}\``, { field: 'REDIS_URL' });
  return {
    host: u.hostname || '127.0.0.1',
    port: u.port ? Number(u.port) : 6379,
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    db,
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => Math.min(100 * 2 ** Math.min(times, 10), maxReconnectDelayMs),
  };
}

/** The typed error of an unreachable queue; its message is the chat's one plain sentence. */
export function queueUnavailable(cause?: unknown): QueueUnavailableError {
  return new QueueUnavailableError(QUEUE.unreachable(), {}, cause === undefined ? {} : { cause });
}

/**
 * Resolves when Redis at `url` answers PING within `timeoutMs`; otherwise rejects with
 * QueueUnavailableError (the chat says it in one sentence). Uses its own short-lived connection.
 */
export async function pingQueue(url: string, timeoutMs = 2_000): Promise<void> {
  const { Redis } = await import('ioredis');
  const client = new Redis({ ...redisOptions(url), maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null, connectTimeout: timeoutMs });
  client.on('error', () => {}); // reported through the rejection below
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect().then(() => client.ping()),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } catch (e) {
    throw queueUnavailable(e);
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}
