/**
 * Where the lanes' Redis is and how to reach it. `REDIS_URL` switches the lanes from in-process
 * queues to BullMQ (absent: nothing changes); `CUADERNO_COLA_PREFIJO` namespaces every key (default
 * `cuaderno`), so several installs or test runs can share one server. The env is passed in, never
 * read here (docs/design.md §20: values are passed down).
 */
// Types only: a bot without REDIS_URL never loads ioredis.
import type { RedisOptions } from 'ioredis';
import { redisAddress } from '../config.js';
import { QueueUnavailableError } from '../errors.js';
import { QUEUE } from '../strings/chat.js';
import type { LaneName } from './types.js';
import { WORKER } from '../strings/console.js';

// The settings are read by config.ts (no ioredis loaded for that); re-exported for the lanes' callers.
export { DEFAULT_QUEUE_PREFIX as DEFAULT_PREFIX, laneSettingsFromEnv, type LaneSettings } from '../config.js';

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
  const a = redisAddress(url);
  return {
    host: a.host,
    port: a.port,
    ...(a.username ? { username: a.username } : {}),
    ...(a.password ? { password: a.password } : {}),
    db: a.db,
    ...(a.tls ? { tls: {} } : {}),
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
        timer = setTimeout(() => reject(new Error(WORKER.redisSilent(timeoutMs))), timeoutMs);
      }),
    ]);
  } catch (e) {
    throw queueUnavailable(e);
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}
