/**
 * The Telegram bot: grammY with one Composer per feature, merged (owner.ts) in this order —
 * the gate (gate.ts: who may do what, every button's kind checked) → approvals (buttons) → commands
 * → intake (free text) → the stale-button catch-all — behind one error boundary. In class mode
 * (class.ts) the class middleware, with the same gate, comes first and hands each update to the
 * parts of the person who sent it.
 * `startBot` runs it with @grammyjs/runner (updates processed concurrently, so a button press is
 * handled while a run waits for it) or, when `config.telegram.webhookUrl` is set, as a webhook
 * checked with its secret token.
 */
import http from 'node:http';
import { fitToTelegram } from './fit-to-telegram.js';
import { autoRetry } from '@grammyjs/auto-retry';
import { Api, Bot, webhookCallback, type Context } from 'grammy';
import type { Config } from '../config.js';
import { encodeMp3Async } from '../domain/media/mp3.js';
import { runOffThread, warmPool } from '../workers/pool.js';
import { prepareFirstUse } from './first-use.js';
import { openDurationRecord, type DurationRecord } from '../tools/stages/durations.js';
import { ClassRoster } from '../store/users.js';
import type { ApprovalRegistry } from './approvals.js';
import { classComposer, UserContexts, type OpenUser } from './class.js';
import type { BotNotebook } from './command-kit.js';
import type { DeliveryMedia } from './delivery.js';
import { noKeyboard } from './keyboards.js';
import { gateComposer, singleOwnerPolicy } from './gate.js';
import { MessageOwners } from './message-owners.js';
import { createOwnerParts, type OwnerParts } from './owner.js';
import { transcriberFromConfig, type Transcriber } from '../domain/voice/transcriber.js';
import type { Reminders } from './reminders.js';
import { startPolling } from './polling.js';
import type { RunManager, RunService } from './runs.js';
import type { BotStateFile } from './state.js';
import { commandsFor, S, type Audience } from '../strings/chat.js';
import { FAULT, LOG } from '../strings/log.js';

export type { RunService } from './runs.js';
export type { BotNotebook } from './command-kit.js';
export type { OpenUser } from './class.js';

/** auto-retry: how often a 429/5xx send is retried, and the longest `retry_after` honoured (s). */
export const API_MAX_RETRIES = 3;
export const API_MAX_RETRY_DELAY_S = 60;

export interface CreateBotOptions {
  config: Config;
  /** The wall clock the daily review reminder reads (default the real one; tests pin it). */
  clock?: () => Date;
  /**
   * Single-owner mode: the ms clock of the runs' elapsed and work time (default Date.now; tests move
   * it forward to stand for a long wait for the owner).
   */
  runClock?: () => number;
  /**
   * Least ms between two edits of a run's status message (default Telegram's pace). A chat server
   * without Telegram's limits — the embedded Bot API of the local chat page — passes 0: no run's
   * closing waits a pace out that nothing asks for.
   */
  statusEditIntervalMs?: number;
  /** Single-owner mode: the owner's run service and notebook (class mode opens one per person). */
  service?: RunService;
  notebook?: BotNotebook;
  /**
   * Class mode (`config.classMode`): how to open one person's service and notebook over their own
   * data dir. The teacher is the first allowed id.
   */
  openUser?: OpenUser;
  /** Overrides `config.telegram.token` (the embedded no-token chat passes its local token). */
  token?: string;
  /** Overrides `config.telegram.apiRoot` (a self-hosted Bot API server, an emulator, webchat). */
  apiRoot?: string;
  /** Overrides `config.telegram.allowedUserIds` (the embedded chat passes its local user id). */
  allowedUserIds?: readonly number[];
  /** Class mode on the local chat page: invites are page links (webchat/personas.ts); default t.me with getMe's username. */
  inviteLink?: (code: string) => string;
  /** Media encoders for delivery; defaults: encodeMp3Async (domain/media) and renderRunGantt (scheduler/gantt), both on the worker pool. */
  media?: DeliveryMedia;
  /** Where internal errors go (never the chat). Default: console.error. */
  log?: (message: string, error?: unknown) => void;
  /**
   * Who transcribes voice memos. Default: the config's `TRANSCRIPCION_URL`, or none (memos are kept
   * for later). main.ts passes the queue's (a worker that advertises transcription) with `REDIS_URL`.
   */
  transcriber?: Transcriber;
  /** How often kept voice memos are looked at again while no engine answers (default VOICE_WATCH_MS). */
  voiceWatchMs?: number;
  /**
   * The local chat page: the time zone each person's browser told it (webchat `timeZoneOf`), by
   * their id. Telegram tells no zone; there the first reminder asks it (student-clock.ts).
   */
  browserZone?: (userId: number) => string | undefined;
  /** The runs' record of stage durations (the toolbox's), for the progress's ETA; default read from the data dir. */
  durations?: Pick<DurationRecord, 'estimateOf'>;
}

/** A built bot and the parts startBot and tests need. */
export interface CuadernoBot {
  bot: Bot<Context>;
  /** The owner's parts (class mode: the teacher's). */
  runs: RunManager;
  registry: ApprovalRegistry;
  state: BotStateFile;
  /** The daily review reminder (started by startBot; tests call `tick` with a simulated clock). */
  reminders: Reminders;
  /** Class mode: every person's parts, by Telegram id, and the class roster. */
  class?: { users: UserContexts; roster: ClassRoster; teacherId: number };
  /** Starts reminders and resumes unfinished runs (of everyone, in class mode); stops them. */
  owners: { start(): Promise<number>; stop(): Promise<void> };
  log: (message: string, error?: unknown) => void;
}

/** Builds the bot; loads `<dataDir>/bot/estado.json` (throws StateFileError if it is corrupt). */
export async function createBot(opts: CreateBotOptions): Promise<CuadernoBot> {
  const { config } = opts;
  const token = opts.token ?? config.telegram.token;
  if (!token) throw new Error('createBot needs a token: set TELEGRAM_BOT_TOKEN or pass `token`');
  const log = opts.log ?? ((message: string, error?: unknown) => { console.error(`[bot] ${message}`, error ?? ''); });
  const apiRoot = opts.apiRoot ?? config.telegram.apiRoot;

  const bot = new Bot<Context>(token, apiRoot ? { client: { apiRoot } } : {});
  bot.api.config.use(autoRetry({ maxRetryAttempts: API_MAX_RETRIES, maxDelaySeconds: API_MAX_RETRY_DELAY_S }));
  bot.api.config.use(fitToTelegram);
  // Every update being handled, so a stop waits for them all: the runner's own stop does not wait
  // for a handler still writing after its last message (a review's card shown, then recorded).
  const handling = new Set<Promise<unknown>>();
  bot.use(async (_ctx, next) => {
    const done = next();
    handling.add(done);
    try {
      await done;
    } finally {
      handling.delete(done);
    }
  });

  const allowedUserIds = opts.allowedUserIds ?? config.telegram.allowedUserIds;
  // Both are CPU work of hundreds of ms: on the worker pool, never on the event loop.
  const media: DeliveryMedia = opts.media ?? {
    encodeMp3: (wav) => encodeMp3Async(wav),
    renderGantt: async (events, waits) => Buffer.from(await runOffThread<Uint8Array>('gantt.dibujar', { events, title: S.ganttTitle, waits: waits ?? [] })),
  };

  const transcriber = opts.transcriber ?? transcriberFromConfig(config);

  let owner: OwnerParts;
  let klass: CuadernoBot['class'];
  if (config.classMode) {
    const teacherId = allowedUserIds[0];
    if (teacherId === undefined || !opts.openUser) throw new Error(FAULT.classNeedsTeacher);
    const roster = new ClassRoster(config.dataDir);
    const allowed = new Set(allowedUserIds);
    const isMember = async (id: number) => allowed.has(id) || (await roster.isStudent(id));
    const owners = new MessageOwners();
    // Each person's detached work sends through their own client, so what it sends is theirs.
    const apiFor = (userId: number) => {
      const api = new Api(token, apiRoot ? { apiRoot } : {});
      api.config.use(autoRetry({ maxRetryAttempts: API_MAX_RETRIES, maxDelaySeconds: API_MAX_RETRY_DELAY_S }));
      api.config.use(fitToTelegram);
      api.config.use(owners.recorder(userId));
      return api;
    };
    const users = new UserContexts({ config, teacherId, openUser: opts.openUser, apiFor, isMember, media, log, transcriber, ...(opts.clock ? { clock: opts.clock } : {}), ...(opts.browserZone ? { browserZone: opts.browserZone } : {}), ...(opts.statusEditIntervalMs !== undefined ? { statusEditIntervalMs: opts.statusEditIntervalMs } : {}) });
    owner = await users.get(teacherId);
    klass = { users, roster, teacherId };
    bot.use(classComposer({ config, roster, users, teacherId, isMember, owners, apiFor, log, ...(opts.inviteLink ? { inviteLink: opts.inviteLink } : {}) }));
  } else {
    if (!opts.service || !opts.notebook) throw new Error('createBot needs `service` and `notebook` outside class mode');
    const durations = opts.durations ?? openDurationRecord(config.dataDir);
    owner = await createOwnerParts({ config, service: opts.service, notebook: opts.notebook, durations, api: bot.api, allowedUserIds, audience: 'dueño', media, log, transcriber, ...(opts.browserZone && allowedUserIds[0] !== undefined ? { browserZone: () => opts.browserZone!(allowedUserIds[0]!) } : {}), ...(opts.voiceWatchMs !== undefined ? { voiceWatchMs: opts.voiceWatchMs } : {}), ...(opts.clock ? { clock: opts.clock } : {}), ...(opts.runClock ? { runClock: opts.runClock } : {}), ...(opts.statusEditIntervalMs !== undefined ? { statusEditIntervalMs: opts.statusEditIntervalMs } : {}) });
    bot.use(gateComposer(singleOwnerPolicy(allowedUserIds, new MessageOwners())));
    bot.use(owner.composer);
  }
  // Last: any button nobody claimed (run over, bot restarted, foreign data) gets an alert. It loses
  // its keyboard only in the presser's own chat (in class mode a group's buttons may be another's).
  bot.on('callback_query', async (ctx) => {
    const own = !config.classMode || ctx.chat?.id === ctx.from.id;
    await ctx.answerCallbackQuery({ text: own ? S.tapStale() : S.tapNotYours(), show_alert: true });
    if (own && ctx.callbackQuery.message) await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined);
  });

  bot.catch(async (err) => {
    log(LOG.update(err.ctx.update.update_id), err.error);
    const ctx = err.ctx;
    if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: S.handlerFailed(), show_alert: true }).catch(() => undefined);
    else if (ctx.chat) await ctx.api.sendMessage(ctx.chat.id, S.handlerFailed()).catch(() => undefined);
  });

  // A stop first lets every update being handled finish (nothing writes after it), then stops the parts.
  const settle = async () => { while (handling.size > 0) await Promise.allSettled([...handling]); };
  const owners = klass
    ? { start: () => klass.users.startAll(), stop: async () => { await settle(); await klass.users.stopAll(); } }
    : { start: () => owner.start(), stop: async () => { await settle(); await owner.stop(); } };
  return { bot, runs: owner.runs, registry: owner.registry, state: owner.state, reminders: owner.reminders, ...(klass ? { class: klass } : {}), owners, log };
}

export interface StartBotOptions {
  /** Long-polling timeout in seconds (Telegram's default use is 30). */
  pollTimeoutS?: number;
  /** Process updates with the webhook even if config has none (tests pass false to force polling). */
  webhook?: { url: string; secret: string; port: number; host?: string } | false;
  /** Retries after a getUpdates conflict and the first wait (tests shorten them). */
  conflict?: { retries?: number; firstWaitMs?: number };
}

export interface RunningBot {
  /** Stops fetching updates, waits for handlers in flight, stops timers; runs resume on next start. */
  stop(): Promise<void>;
  /** How many unfinished runs were resumed at start. */
  resumed: number;
  /**
   * Settles with a Spanish sentence if receiving updates gave up by itself (another copy of the bot
   * kept polling with the same token, or the token was revoked); pending forever otherwise.
   */
  ended: Promise<string | undefined>;
}

/**
 * Starts receiving updates, registers the commands, and resumes the runs a previous process left
 * unfinished (after polling starts, so their approvals can be answered).
 */
export async function startBot(cb: CuadernoBot, config: Config, opts: StartBotOptions = {}): Promise<RunningBot> {
  const { bot, log } = cb;
  await bot.init();
  await registerCommands(cb);

  const hook = opts.webhook === false ? undefined
    : opts.webhook ?? (config.telegram.webhookUrl && config.telegram.webhookSecret
      ? { url: config.telegram.webhookUrl, secret: config.telegram.webhookSecret, port: config.telegram.webhookPort }
      : undefined);

  let stopReceiving: () => Promise<void>;
  let ended: Promise<string | undefined> = new Promise(() => undefined);
  if (hook) {
    const server = http.createServer(webhookCallback(bot, 'http', { secretToken: hook.secret }));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(hook.port, hook.host ?? '0.0.0.0', () => resolve());
    });
    await bot.api.setWebhook(hook.url, { secret_token: hook.secret });
    stopReceiving = () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); });
  } else {
    await bot.api.deleteWebhook().catch((e: unknown) => { log(LOG.deleteWebhook, e); });
    const polling = startPolling(bot, { timeoutS: opts.pollTimeoutS ?? 30, log: (line) => console.error(line), ...opts.conflict });
    stopReceiving = () => polling.stop();
    ended = polling.ended.then((end) => (end.kind === 'stopped' ? undefined : end.message));
  }

  const resumed = await cb.owners.start();
  // The media stages run on the worker pool: its threads start now that updates are coming in, in
  // the background, so the owner's first tap need not wait for them. On the next turn of the event
  // loop, after whoever awaited this start has carried on (the ready line): loading the threads' code
  // must not compete for the CPU with the rest of start-up.
  setImmediate(() => warmPool().catch((e: unknown) => { log(LOG.workerPool, e); }));
  // Likewise what the first message would compile or read once (first-use.ts), a piece at a time.
  setImmediate(() => prepareFirstUse().catch((e: unknown) => { log(LOG.firstUse, e); }));

  return {
    resumed,
    ended,
    async stop() {
      await stopReceiving();
      await cb.owners.stop();
    },
  };
}

/** The command menu: the owner's list; in class mode the students' by default and the teacher's in their chat. */
async function registerCommands(cb: CuadernoBot): Promise<void> {
  const menu = (audience: Audience) => commandsFor(audience).map(({ command, description }) => ({ command, description }));
  const menus: Array<{ commands: ReturnType<typeof menu>; scope?: { type: 'chat'; chat_id: number } }> = cb.class
    ? [{ commands: menu('alumno') }, { commands: menu('profesor'), scope: { type: 'chat', chat_id: cb.class.teacherId } }]
    : [{ commands: menu('dueño') }];
  for (const m of menus) {
    await cb.bot.api.setMyCommands(m.commands, m.scope ? { scope: m.scope } : {}).catch((e: unknown) => { cb.log(LOG.setCommands, e); });
  }
}
