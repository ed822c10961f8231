/**
 * The Telegram bot: grammY with one Composer per feature, merged here in this order —
 * access (who may start anything) → approvals (buttons) → commands → intake (free text) → the
 * stale-button catch-all — behind one error boundary. `startBot` runs it with @grammyjs/runner
 * (updates processed concurrently, so a button press is handled while a run waits for it) or, when
 * `config.telegram.webhookUrl` is set, as a webhook checked with its secret token.
 */
import http from 'node:http';
import { autoRetry } from '@grammyjs/auto-retry';
import { Bot, webhookCallback, type Context } from 'grammy';
import type { Config } from '../config.js';
import { encodeMp3Async } from '../tools/media/mp3.js';
import { runOffThread, warmPool } from '../workers/pool.js';
import { openDurationRecord, type DurationRecord } from '../tools/stages/durations.js';
import { accessComposer } from './access.js';
import { ApprovalRegistry, approvalsComposer } from './approvals.js';
import { commandsComposer, plainCommands, type BotNotebook } from './commands.js';
import type { DeliveryMedia } from './delivery.js';
import { filesComposer, RunCharts } from './files.js';
import { intakeComposer } from './intake.js';
import { noKeyboard } from './keyboards.js';
import { Reminders, remindersComposer } from './reminders.js';
import { reviewComposer } from './review.js';
import { startPolling } from './polling.js';
import { RunManager, type RunService } from './runs.js';
import { createReviewService } from '../tools/review/service.js';
import { BotStateFile } from './state.js';
import { COMMANDS, S } from '../strings/chat.js';

export type { RunService } from './runs.js';
export type { BotNotebook } from './commands.js';

/** auto-retry: how often a 429/5xx send is retried, and the longest `retry_after` honoured (s). */
export const API_MAX_RETRIES = 3;
export const API_MAX_RETRY_DELAY_S = 60;

export interface CreateBotOptions {
  config: Config;
  service: RunService;
  notebook: BotNotebook;
  /** Overrides `config.telegram.token` (the embedded no-token chat passes its local token). */
  token?: string;
  /** Overrides `config.telegram.apiRoot` (a self-hosted Bot API server, an emulator, webchat). */
  apiRoot?: string;
  /** Overrides `config.telegram.allowedUserIds` (the embedded chat passes its local user id). */
  allowedUserIds?: readonly number[];
  /** Media encoders for delivery; defaults: encodeMp3Async (tools/media) and renderRunGantt (scheduler/gantt), both on the worker pool. */
  media?: DeliveryMedia;
  /** Where internal errors go (never the chat). Default: console.error. */
  log?: (message: string, error?: unknown) => void;
  /** The runs' record of stage durations (the toolbox's), for the progress's ETA; default read from the data dir. */
  durations?: Pick<DurationRecord, 'estimateOf'>;
}

/** A built bot and the parts startBot and tests need. */
export interface CuadernoBot {
  bot: Bot<Context>;
  runs: RunManager;
  registry: ApprovalRegistry;
  state: BotStateFile;
  /** The daily review reminder (started by startBot; tests call `tick` with a simulated clock). */
  reminders: Reminders;
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

  // The media stages run on the worker pool: its threads start now, not at the owner's first tap.
  warmPool();
  const durations = opts.durations ?? openDurationRecord(config.dataDir);
  const state = new BotStateFile(config.dataDir);
  await state.load();
  const allowedUserIds = opts.allowedUserIds ?? config.telegram.allowedUserIds;
  const registry = new ApprovalRegistry({ state, api: bot.api, timeoutS: config.limits.approvalTimeoutS, allowedUserIds, log });
  const charts = new RunCharts();
  // Both are CPU work of hundreds of ms: on the worker pool, never on the event loop.
  const media: DeliveryMedia = opts.media ?? {
    encodeMp3: (wav) => encodeMp3Async(wav),
    renderGantt: async (events, waits) => Buffer.from(await runOffThread<Uint8Array>('gantt.dibujar', { events, title: S.ganttTitle, waits: waits ?? [] })),
  };
  const { notebook } = opts;
  const review = createReviewService({ deck: notebook.cards, store: notebook.reviews, ...config.review });
  const reminders = new Reminders({
    review, api: bot.api, defaultHour: config.review.reminderHour, timeZone: config.review.timeZone, defaultChat: allowedUserIds[0], log,
  });
  const runs = new RunManager({
    api: bot.api,
    cards: async (ids) => (await notebook.cards.list()).filter((c) => ids.includes(c.id)),
    service: opts.service,
    registry,
    state,
    media,
    charts,
    estimateMs: (id) => durations.estimateOf(id),
    lanes: config.lanes,
    budget: async () => ({ spent: await opts.notebook.usage.monthTotal(new Date()), limit: config.limits.monthlyBudgetUsd }),
    log,
  });

  bot.use(accessComposer(allowedUserIds));
  bot.use(approvalsComposer(runs));
  bot.use(reviewComposer({ review, deck: notebook.cards, notes: notebook.notes, timeZone: config.review.timeZone, allowedUserIds, log }));
  bot.use(remindersComposer(reminders, review, config.review.timeZone));
  const commandDeps = { runs, registry, notebook: opts.notebook, monthlyBudgetUsd: config.limits.monthlyBudgetUsd, log };
  const commands = plainCommands(commandDeps);
  bot.use(commandsComposer(commandDeps, commands));
  bot.use(filesComposer({ dataDir: config.dataDir, charts, media, log }));
  bot.use(intakeComposer({ runs, notebook: opts.notebook, commands, localPlanner: config.model.kind === 'local', log }));
  // Last: any button nobody claimed (run over, bot restarted, foreign data) gets an alert and loses its keyboard.
  bot.on('callback_query', async (ctx) => {
    await ctx.answerCallbackQuery({ text: S.tapStale(), show_alert: true });
    if (ctx.callbackQuery.message) await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined);
  });

  bot.catch(async (err) => {
    log(`error atendiendo la actualización ${err.ctx.update.update_id}`, err.error);
    const ctx = err.ctx;
    if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: S.handlerFailed(), show_alert: true }).catch(() => undefined);
    else if (ctx.chat) await ctx.api.sendMessage(ctx.chat.id, S.handlerFailed()).catch(() => undefined);
  });

  return { bot, runs, registry, state, reminders, log };
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
  await bot.api.setMyCommands(COMMANDS.map(({ command, description }) => ({ command, description }))).catch((e: unknown) => { log('setMyCommands falló', e); });

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
    await bot.api.deleteWebhook().catch((e: unknown) => { log('deleteWebhook falló', e); });
    const polling = startPolling(bot, { timeoutS: opts.pollTimeoutS ?? 30, log: (line) => console.error(line), ...opts.conflict });
    stopReceiving = () => polling.stop();
    ended = polling.ended.then((end) => (end.kind === 'stopped' ? undefined : end.message));
  }

  cb.reminders.start();
  const resumed = await cb.runs.resumeUnfinished().catch((e: unknown) => { log('no se pudieron reanudar los trabajos pendientes', e); return 0; });

  return {
    resumed,
    ended,
    async stop() {
      await stopReceiving();
      cb.reminders.stop();
      cb.runs.shutdown();
      cb.registry.close();
      await cb.state.close();
    },
  };
}
