/**
 * loadConfig(env) → a frozen, validated Config. Read once in main.ts/cli.ts and passed down;
 * no other module reads process.env. Every problem is reported with the fix, e.g.
 * "Se esperaba que `GPU_LANES` fuera un entero positivo; se recibió `0`" (Spanish: the owner reads it).
 */
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from './errors.js';
import { isUserId } from './lib/ids.js';
import { own } from './lib/own.js';
import { CONFIG, SETTINGS, WORKER } from './strings/console.js';

/** The audit keys' folder by default (`CUADERNO_CLAVES_DIR` overrides it): `$XDG_CONFIG_HOME/cuaderno-vivo`, else `~/.config/cuaderno-vivo`: outside any data folder. */
export function defaultKeysDir(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const base = env.XDG_CONFIG_HOME?.trim() || path.join(os.homedir(), '.config');
  return path.join(base, 'cuaderno-vivo');
}

// The lanes' queue settings (`REDIS_URL`, `CUADERNO_COLA_PREFIJO`) are parsed here, so reading the
// settings never loads a Redis client; src/lanes builds its connections from them.
export const DEFAULT_QUEUE_PREFIX = 'cuaderno';

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
  redisAddress(url); // validates
  const prefix = env.CUADERNO_COLA_PREFIJO?.trim() || DEFAULT_QUEUE_PREFIX;
  if (!/^[A-Za-z0-9_.-]{1,60}$/.test(prefix)) {
    throw new ConfigError(SETTINGS.queuePrefix(prefix), { field: 'CUADERNO_COLA_PREFIJO' });
  }
  return { url, prefix };
}

/** Where the lanes' Redis is, as `REDIS_URL` says it (read here without loading any Redis client). */
export interface RedisAddress {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  /** `rediss://`: connect over TLS. */
  tls: boolean;
}

/** The address in `url` (`redis[s]://[user:pass@]host:port[/db]`); a ConfigError naming `REDIS_URL` otherwise. */
export function redisAddress(url: string): RedisAddress {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ConfigError(WORKER.redisUrl(url), { field: 'REDIS_URL' });
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') {
    throw new ConfigError(WORKER.redisScheme(url), { field: 'REDIS_URL' });
  }
  const db = u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0;
  if (!Number.isInteger(db) || db < 0) throw new ConfigError(WORKER.redisDb(url), { field: 'REDIS_URL' });
  return {
    host: u.hostname || '127.0.0.1',
    port: u.port ? Number(u.port) : 6379,
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    db,
    tls: u.protocol === 'rediss:',
  };
}

export type ModelName = 'claude-haiku-5-5' | 'claude-sonnet-5-5' | 'claude-fable-5-1';

/** USD per million tokens (input, output) — docs/design.md §2. Kept here, as configuration. */
export const PRICES_USD_PER_MTOK: Readonly<Record<ModelName, { input: number; output: number }>> = Object.freeze({
  'claude-haiku-5-5': { input: 0.1, output: 0.5 },
  'claude-sonnet-5-5': { input: 2.0, output: 10.0 },
  'claude-fable-5-1': { input: 10.0, output: 50.0 },
});
export const MODEL_NAMES = Object.keys(PRICES_USD_PER_MTOK) as ModelName[];
/** The orchestrator model when an API key is configured (docs/design.md §2). */
/** Most output tokens one model response may use (the agent's `max_tokens`); bounds `registrar_uso` too. */
export const MAX_OUTPUT_TOKENS = 4096;

export const DEFAULT_ORCHESTRATOR_MODEL: ModelName = 'claude-sonnet-5-5';

export interface Config {
  /** Runtime state directory (lowdb files, media, logs). `CUADERNO_DATA_DIR`, default ./data */
  dataDir: string;
  /**
   * The folder of the audit log's HMAC key and of each chain's last-entry mirror, OUTSIDE the data
   * folder (whoever can edit the data cannot rewrite the audit unnoticed). `CUADERNO_CLAVES_DIR`,
   * default `$XDG_CONFIG_HOME/cuaderno-vivo` or `~/.config/cuaderno-vivo`.
   */
  keysDir: string;
  /** `CUADERNO_MODELO`: a Claude model id, `local` (offline planner) or `script:FILE`. */
  model: { kind: 'anthropic'; id: string } | { kind: 'local' } | { kind: 'script'; file: string };
  anthropic: { apiKey?: string; baseURL?: string; effort?: 'low' | 'medium' | 'high' };
  telegram: {
    token?: string;
    /** `TELEGRAM_API_ROOT`: self-hosted Bot API server or emulator. */
    apiRoot?: string;
    /** `ALLOWED_USER_IDS`: comma-separated Telegram user ids allowed to start runs. */
    allowedUserIds: readonly number[];
    /** `WEBHOOK_URL` + `WEBHOOK_SECRET`: optional webhook mode instead of long polling. */
    webhookUrl?: string;
    webhookSecret?: string;
    webhookPort: number;
  };
  /**
   * `MODO_CLASE=1`: many students on one bot, each with their own notebook under
   * `<dataDir>/usuarios/<id>/`; the teacher is the first id of `allowedUserIds` (or the embedded
   * chat's user). Off (`0`, unset): today's single-notebook layout.
   */
  classMode: boolean;
  /** Embedded chat page (no token): `CHAT_PORT`, default 8080; `CHAT_HOST` loopback only. */
  chat: { port: number; host: string };
  /**
   * GPU inference servers; absent = engine unavailable. `pcmSampleRate` (`XTTS_PCM_HZ`, default
   * 24000): the rate of raw `pcm` speech from a server that refuses WAV and does not name its rate.
   * `fluxModel` / `xttsModel` (`FLUX_MODEL`, `XTTS_MODEL`): the `model` sent, for servers that pick
   * the model by name (LocalAI, vLLM); absent = the engines' defaults. `transcriptionUrl`
   * (`TRANSCRIPCION_URL`, + `TRANSCRIPCION_MODELO`): an OpenAI-compatible transcription server for
   * voice memos, used without `REDIS_URL` (with it, a worker that advertises transcription does it).
   * `coverPx` (`PORTADA_PX`, default 1024, 256–2048 in steps of 64): the cover's side — smaller is
   * cheaper to draw on a small machine (and in the tests, whose subject is rarely the size).
   */
  media: { fluxUrl?: string; xttsUrl?: string; timeoutMs: number; coverPx?: number; pcmSampleRate?: number; fluxModel?: string; xttsModel?: string; transcriptionUrl?: string; transcriptionModel?: string };
  lanes: { cpu: number; gpu: number };
  /**
   * `REDIS_URL` (+ `CUADERNO_COLA_PREFIJO`, default `cuaderno`): the GPU lane's stages go to a
   * shared queue that `npm run trabajador` processes take from. Absent: in-process lanes, as always.
   */
  queue?: LaneSettings;
  limits: {
    /** docs/design.md §4: at most 8 iterations. `MAX_ITERACIONES` */
    maxIterations: number;
    /** docs/design.md §4: 60,000 tokens per run. `PRESUPUESTO_TOKENS` */
    tokenBudget: number;
    /** Unanswered approvals count as rejection after this many seconds. `APROBACION_EXPIRA_S` */
    approvalTimeoutS: number;
    /** Monthly spend cap; new runs refused once reached. `PRESUPUESTO_MENSUAL_USD` */
    monthlyBudgetUsd: number;
  };
  prices: typeof PRICES_USD_PER_MTOK;
  /** Spaced review (FSRS) and its daily reminder. */
  review: {
    /** At most this many new cards a day in a review session. `NUEVAS_POR_DIA`, default 20 */
    newPerDay: number;
    /** FSRS desired retention, 0 < r < 1. `RETENCION_DESEADA`, default 0.9 */
    retention: number;
    /**
     * Default hour of the daily reminder, `HH:MM`; absent = no reminder until the owner sets one
     * from the chat (/recordatorios 20:00), which then wins. `REPASO_HORA`
     */
    reminderHour?: string;
    /** IANA time zone of "today" and of the reminder hour. `ZONA_HORARIA`, default the machine's */
    timeZone: string;
  };
}

export const DEFAULTS = Object.freeze({
  dataDir: './data',
  chatPort: 8080,
  chatHost: '127.0.0.1',
  webhookPort: 8443,
  mediaTimeoutMs: 120_000,
  /** The cover's side in pixels: FLUX.1 schnell's native 1024²; Telegram shows a square whole. */
  coverPx: 1024,
  /** OpenAI's rate for `pcm` speech (16-bit mono). */
  pcmSampleRate: 24_000,
  cpuLanes: 2,
  gpuLanes: 1,
  maxIterations: 8,
  tokenBudget: 60_000,
  approvalTimeoutS: 3_600,
  monthlyBudgetUsd: 5,
  newPerDay: 20,
  retention: 0.9,
});

/** `HH:MM` on a 24-hour clock (00:00–23:59). */
export const HOUR_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** True when `zone` is an IANA time zone this Node knows (Intl rejects the others). */
export function isTimeZone(zone: string): boolean {
  let known = ZONES_SEEN.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    // Bounded: the settings and each student's own zone, never text from a chat.
    if (ZONES_SEEN.size < 1_000) ZONES_SEEN.set(zone, known);
  }
  return known;
}

/**
 * Zones already judged, and the machine's own: a DateTimeFormat costs ≈ 0.1 ms of ICU work, and the
 * settings are read again for every notebook a class opens and every toolbox a test builds.
 */
const ZONES_SEEN = new Map<string, boolean>();
let machineZone: { tz: string | undefined; zone: string } | undefined;
/** The machine's zone, asked again only when `TZ` changed (Node follows a new `TZ` at once). */
function localZone(): string {
  if (!machineZone || machineZone.tz !== process.env.TZ) machineZone = { tz: process.env.TZ, zone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  return machineZone.zone;
}

function reviewConfig(env: Env, problems: string[]): Config['review'] {
  const retentionRaw = env.RETENCION_DESEADA?.trim();
  let retention: number = DEFAULTS.retention;
  if (retentionRaw) {
    const n = Number(retentionRaw);
    if (Number.isFinite(n) && n > 0 && n < 1) retention = n;
    else problems.push(CONFIG.expected('RETENCION_DESEADA', CONFIG.retention, retentionRaw));
  }
  const hour = env.REPASO_HORA?.trim() || undefined;
  if (hour !== undefined && !HOUR_PATTERN.test(hour)) problems.push(CONFIG.expected('REPASO_HORA', CONFIG.hour, hour));
  const zone = env.ZONA_HORARIA?.trim() || localZone();
  if (!isTimeZone(zone)) problems.push(CONFIG.expected('ZONA_HORARIA', CONFIG.timeZone, zone));
  return { newPerDay: positiveInt(env, 'NUEVAS_POR_DIA', DEFAULTS.newPerDay, problems), retention, ...(hour ? { reminderHour: hour } : {}), timeZone: zone };
}

type Env = Readonly<Record<string, string | undefined>>;

function positiveInt(env: Env, name: string, fallback: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) {
    problems.push(CONFIG.expected(name, CONFIG.positiveInt, raw));
    return fallback;
  }
  return n;
}

function positiveNumber(env: Env, name: string, fallback: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) {
    problems.push(CONFIG.expected(name, CONFIG.positiveNumber, raw));
    return fallback;
  }
  return n;
}

function url(env: Env, name: string, problems: string[]): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
    return raw.replace(/\/+$/, '');
  } catch {
    problems.push(CONFIG.expected(name, CONFIG.httpUrl, raw));
    return undefined;
  }
}

/** Builds the Config from an environment map. Throws ConfigError listing every problem. */
export function loadConfig(env: Env = process.env): Readonly<Config> {
  const problems: string[] = [];
  const apiKey = env.ANTHROPIC_API_KEY?.trim() || undefined;

  const modelRaw = env.CUADERNO_MODELO?.trim();
  let model: Config['model'];
  if (!modelRaw) model = apiKey ? { kind: 'anthropic', id: DEFAULT_ORCHESTRATOR_MODEL } : { kind: 'local' };
  else if (modelRaw === 'local') model = { kind: 'local' };
  else if (modelRaw.startsWith('script:')) {
    const file = modelRaw.slice('script:'.length);
    if (!file) problems.push(CONFIG.scriptFile);
    model = { kind: 'script', file: path.resolve(file) };
  } else if (modelRaw.startsWith('claude-')) {
    if (!apiKey) problems.push(CONFIG.needsKey(modelRaw));
    model = { kind: 'anthropic', id: modelRaw };
  } else {
    problems.push(CONFIG.expected('CUADERNO_MODELO', CONFIG.modelKind, modelRaw));
    model = { kind: 'local' };
  }

  const effortRaw = env.ANTHROPIC_EFFORT?.trim();
  let effort: Config['anthropic']['effort'];
  if (effortRaw) {
    if (effortRaw === 'low' || effortRaw === 'medium' || effortRaw === 'high') effort = effortRaw;
    else problems.push(CONFIG.expected('ANTHROPIC_EFFORT', CONFIG.effort, effortRaw));
  }

  const allowedUserIds: number[] = [];
  for (const part of (env.ALLOWED_USER_IDS ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const n = Number(part);
    if (!isUserId(n)) problems.push(CONFIG.userIds(part));
    else allowedUserIds.push(n);
  }

  const webhookUrl = url(env, 'WEBHOOK_URL', problems);
  const webhookSecret = env.WEBHOOK_SECRET?.trim() || undefined;
  if (webhookUrl && !webhookSecret) problems.push(CONFIG.webhookSecret);

  const classRaw = env.MODO_CLASE?.trim() ?? '';
  const classMode = classRaw === '1';
  if (classRaw !== '' && classRaw !== '0' && classRaw !== '1') problems.push(CONFIG.classMode(classRaw));
  if (classMode && env.TELEGRAM_BOT_TOKEN?.trim() && allowedUserIds.length === 0) {
    problems.push(CONFIG.classNeedsTeacher);
  }

  const chatHost = env.CHAT_HOST?.trim() || DEFAULTS.chatHost;
  if (!['127.0.0.1', 'localhost', '::1'].includes(chatHost)) {
    problems.push(CONFIG.expected('CHAT_HOST', CONFIG.loopback, chatHost));
  }

  const config: Config = {
    dataDir: path.resolve(env.CUADERNO_DATA_DIR?.trim() || DEFAULTS.dataDir),
    keysDir: path.resolve(env.CUADERNO_CLAVES_DIR?.trim() || defaultKeysDir(env)),
    model,
    anthropic: { apiKey, baseURL: url(env, 'ANTHROPIC_BASE_URL', problems), effort },
    telegram: {
      token: env.TELEGRAM_BOT_TOKEN?.trim() || undefined,
      apiRoot: url(env, 'TELEGRAM_API_ROOT', problems),
      allowedUserIds,
      webhookUrl,
      webhookSecret,
      webhookPort: positiveInt(env, 'WEBHOOK_PORT', DEFAULTS.webhookPort, problems),
    },
    classMode,
    chat: { port: positiveInt(env, 'CHAT_PORT', DEFAULTS.chatPort, problems), host: chatHost },
    media: {
      fluxUrl: url(env, 'FLUX_URL', problems),
      xttsUrl: url(env, 'XTTS_URL', problems),
      timeoutMs: positiveInt(env, 'MEDIA_TIMEOUT_MS', DEFAULTS.mediaTimeoutMs, problems),
      coverPx: positiveInt(env, 'PORTADA_PX', DEFAULTS.coverPx, problems),
      pcmSampleRate: positiveInt(env, 'XTTS_PCM_HZ', DEFAULTS.pcmSampleRate, problems),
      ...(env.FLUX_MODEL?.trim() ? { fluxModel: env.FLUX_MODEL.trim() } : {}),
      ...(env.XTTS_MODEL?.trim() ? { xttsModel: env.XTTS_MODEL.trim() } : {}),
      transcriptionUrl: url(env, 'TRANSCRIPCION_URL', problems),
      ...(env.TRANSCRIPCION_MODELO?.trim() ? { transcriptionModel: env.TRANSCRIPCION_MODELO.trim() } : {}),
    },
    lanes: {
      cpu: positiveInt(env, 'CPU_LANES', DEFAULTS.cpuLanes, problems),
      gpu: positiveInt(env, 'GPU_LANES', DEFAULTS.gpuLanes, problems),
    },
    ...queueSettings(env, problems),
    limits: {
      maxIterations: positiveInt(env, 'MAX_ITERACIONES', DEFAULTS.maxIterations, problems),
      tokenBudget: positiveInt(env, 'PRESUPUESTO_TOKENS', DEFAULTS.tokenBudget, problems),
      approvalTimeoutS: positiveInt(env, 'APROBACION_EXPIRA_S', DEFAULTS.approvalTimeoutS, problems),
      monthlyBudgetUsd: positiveNumber(env, 'PRESUPUESTO_MENSUAL_USD', DEFAULTS.monthlyBudgetUsd, problems),
    },
    prices: PRICES_USD_PER_MTOK,
    review: reviewConfig(env, problems),
  };
  const px = config.media.coverPx ?? DEFAULTS.coverPx;
  if (px < 256 || px > 2048 || px % 64 !== 0) problems.push(CONFIG.coverPx(px));
  const hz = config.media.pcmSampleRate;
  if (hz !== undefined && (hz < 4_000 || hz > 192_000)) problems.push(CONFIG.pcmRate(hz));
  if (problems.length > 0) throw new ConfigError(CONFIG.invalid(problems));
  return deepFreeze(config);
}

/** `{ queue }` when `REDIS_URL` is set (validated), `{}` otherwise. */
function queueSettings(env: Env, problems: string[]): Pick<Config, 'queue'> {
  try {
    const queue = laneSettingsFromEnv(env);
    return queue ? { queue } : {};
  } catch (e) {
    // The owner reads these: said in Spanish, with the fix.
    const field = e instanceof ConfigError ? e.details.field : undefined;
    if (field === 'CUADERNO_COLA_PREFIJO') problems.push(SETTINGS.queuePrefix(env.CUADERNO_COLA_PREFIJO?.trim() ?? ''));
    else problems.push(SETTINGS.redisUrl(env.REDIS_URL?.trim() ?? ''));
    return {};
  }
}

function deepFreeze<T>(o: T): Readonly<T> {
  if (o && typeof o === 'object') {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}

/** Cost in USD of one model call (docs/design.md §3): in·p_in/1e6 + out·p_out/1e6. */
export function costUsd(model: ModelName, tokensIn: number, tokensOut: number, prices = PRICES_USD_PER_MTOK): number {
  const p = own(prices, model);
  if (!p) throw new ConfigError(CONFIG.noPrice(String(model)));
  return (tokensIn * p.input) / 1e6 + (tokensOut * p.output) / 1e6;
}
