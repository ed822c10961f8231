/**
 * One chat with the whole stack in this process, driven event by event: the embedded Bot API
 * (src/webchat) plays Telegram, our bot and agent run on a temp data folder, and the person's
 * messages and taps are handed to the bot as updates the way a webhook hands them (grammY's
 * `handleUpdate`, errors to the bot's own error handler as the runner does). Everything the bot
 * sends goes over HTTP to the embedded Bot API, which records it.
 *
 * Why not long polling: a test must know when the bot has *handled* what it was sent (no sleeps);
 * with the updates handed in here, `settle()` is exact: every handler returned, nothing pending, every
 * run ended or paused. `restart()` drops every in-memory object of the bot and the agent and builds
 * new ones on the same data folder and the same chat server (an in-process restart; the runs resume
 * from disk), at a settled point, so that nothing of the old objects still writes.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Message, Update, User } from 'grammy/types';
import { createAgentService } from '../../src/agent/service.js';
import { LocalPlanner } from '../../src/agent/model/local.js';
import type { ModelRequest, ModelResponse } from '../../src/agent/model/types.js';
import { isQuestion } from '../../src/agent/step.js';
import { createBot, type CuadernoBot } from '../../src/bot/index.js';
import { loadConfig, type Config } from '../../src/config.js';
import { newWebchatToken, startEmbeddedTelegram, type EmbeddedTelegram } from '../../src/webchat/index.js';
import type { WebchatUser } from '../../src/webchat/botapi-server.js';
import { sendUserFile, type UserFileKind } from '../../src/webchat/user-files.js';
import { startQuickSpeechServer } from './media-servers.js';
import { TEST_ENV } from './test-env.js';

const TOKEN = newWebchatToken();

export interface InProcessChatOptions {
  /** Temp dir prefix. */
  prefix: string;
  /** `notas.json` written before the first start (plain list `{id, tema, texto}`); default: the shipped notes. */
  notes?: ReadonlyArray<{ id: number; tema: string; texto: string }>;
  /**
   * The offline planner plays a *model* (`CUADERNO_MODELO=script:…` for the bot, the planner behind
   * it): the bot hands unclear requests to the run, which asks back — a question back is then an
   * interruption of the run, as with a real model. Default false: `CUADERNO_MODELO=local`.
   */
  plannerAsModel?: boolean;
  /**
   * A speech server (XTTS's protocol) that answers every request at once with 3.2 s of WAV (the shortest a narration may be is 3 s),
   * and the owner's voice consent: «con mi voz» narrations cost next to nothing.
   */
  quickVoice?: boolean;
  env?: Record<string, string>;
  /** More people the chat server can play (each with their own private chat): `tap` and `say` take one as `as`. */
  personas?: readonly WebchatUser[];
  /** Who of them the bot allows besides the page's user (the owner, the first allowed id). */
  alsoAllowed?: readonly number[];
}


/**
 * The offline planner playing a model that asks back as models do: when it has called no tool yet and
 * answers only in words that do not end asking (its «¿De qué semana…? … Por ejemplo: «narra la
 * semana 1».»), the words end with a question — so the run pauses for the owner's answer, and the
 * answer joins the request the planner reads. Everything else is the planner's own.
 */
class AskingPlanner extends LocalPlanner {
  override async create(request: ModelRequest): Promise<ModelResponse> {
    const r = await super.create(request);
    const called = request.messages.some((m) => m.role === 'assistant' && typeof m.content !== 'string' && m.content.some((b) => b.type === 'tool_use'));
    const words = r.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n').trim();
    if (called || r.stop_reason !== 'end_turn' || words === '' || r.content.some((b) => b.type !== 'text') || isQuestion(words)) return r;
    return { ...r, content: [{ type: 'text', text: `${words}\n¿Cuál quieres?` }] };
  }
}


export class InProcessChat {
  cb!: CuadernoBot;
  readonly config: Config;
  /** Updates handed to the bot and not yet handled. */
  private readonly handling = new Set<Promise<void>>();
  private offset = 0;
  private constructor(readonly tmp: string, readonly tg: EmbeddedTelegram, private readonly opts: InProcessChatOptions, env: Record<string, string>, private readonly speech?: Server) {
    this.config = loadConfig({ ...TEST_ENV, ...env });
  }

  static async start(opts: InProcessChatOptions): Promise<InProcessChat> {
    const tmp = await mkdtemp(path.join(os.tmpdir(), opts.prefix));
    const dataDir = path.join(tmp, 'data');
    await mkdir(dataDir, { recursive: true });
    if (opts.notes) await writeFile(path.join(dataDir, 'notas.json'), JSON.stringify(opts.notes));
    const tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: TOKEN, filesDir: path.join(tmp, 'chat'), log: () => undefined, ...(opts.personas ? { personas: opts.personas } : {}) });
    const speech = opts.quickVoice ? await startQuickSpeechServer() : undefined;
    if (speech) await writeFile(path.join(dataDir, 'consentimiento.json'), JSON.stringify({ titular: 'Estudiante', alcance: 'resúmenes de estudio', valido_hasta: '2099-12-31' }));
    const env = {
      CUADERNO_DATA_DIR: dataDir,
      CUADERNO_CLAVES_DIR: path.join(tmp, 'claves'),
      // The bot reads a script's model as "a model is configured"; the planner answers for it.
      CUADERNO_MODELO: opts.plannerAsModel ? `script:${path.join(tmp, 'sin-guion.json')}` : 'local',
      ...(speech ? { XTTS_URL: `http://127.0.0.1:${(speech.address() as AddressInfo).port}` } : {}),
      ...opts.env,
    };
    const chat = new InProcessChat(tmp, tg, opts, env, speech);
    await chat.boot();
    return chat;
  }

  get dataDir(): string {
    return this.config.dataDir;
  }

  get chatId(): number {
    return this.tg.server.chatId;
  }

  /** A fresh agent service and bot on the data folder; resumes what the folder holds unfinished. */
  private async boot(): Promise<void> {
    const service = await createAgentService({
      config: this.config,
      ...(this.opts.plannerAsModel ? { createModel: async (runId: string) => new AskingPlanner(runId) } : {}),
    });
    this.cb = await createBot({
      config: this.config, service, notebook: service.toolbox.notebook, token: TOKEN, apiRoot: this.tg.apiRoot,
      allowedUserIds: [this.tg.server.chatId, ...(this.opts.alsoAllowed ?? [])], log: () => undefined,
      // The embedded Bot API has no edit rate limit: no run's closing waits Telegram's pace out.
      statusEditIntervalMs: 0,
      // What the page's browser told of its time zone, as main.ts wires it (none until a test sets one).
      browserZone: (id) => this.tg.server.timeZoneOf(id),
    });
    await this.cb.bot.init();
    await this.cb.owners.start();
  }

  /** The person (or `as`, in their own chat) writes `text` (a reply to `replyTo` when given); handed to the bot at once. */
  say(text: string, replyTo?: number, as?: User): void {
    this.tg.server.sendUserText(text, as, replyTo === undefined ? {} : { replyTo });
    this.pump();
  }

  /** The person (or `as`, in their own chat) sends a file as the chat page does; handed to the bot at once. */
  async sendFile(data: Buffer, name: string, kind: UserFileKind, as?: User): Promise<Message> {
    const sent = await sendUserFile(this.tg.server, data, name, kind, as);
    this.pump();
    return sent;
  }

  /**
   * The person taps the button `data` on message `messageId`. A button the message no longer shows
   * is tapped as a stale client would (an app that had not redrawn the message yet): Telegram
   * still delivers such a query, and it must be answered like any other. Returns the query id.
   * `as`: someone else taps it, on a message of `chatId` (default the person's chat, which both see:
   * a group's case).
   */
  tap(messageId: number, data: string, as?: User, chatId: number = this.chatId): string {
    const { server } = this.tg;
    const from = as ?? server.user;
    let id: string;
    try {
      id = server.pressButton(messageId, data, from, chatId);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      const message = server.state.get(chatId, messageId);
      if (!message) throw e;
      id = server.state.newQuery(chatId);
      server.updates.push({ callback_query: { id, from, message, chat_instance: `ci${chatId}`, data } } as unknown as Omit<Update, 'update_id'>);
    }
    this.pump();
    return id;
  }

  /** Hands every update not handed in yet to the bot (not awaited: handlers run concurrently, as under the runner). */
  private pump(): void {
    const { updates } = this.tg.server;
    const bot = this.cb.bot;
    for (const u of updates.unconfirmed().filter((x) => x.update_id >= this.offset)) {
      this.offset = u.update_id + 1;
      const p: Promise<void> = bot.handleUpdate(u).catch((e: unknown) => bot.errorHandler(e as never)).then(() => undefined, () => undefined).finally(() => this.handling.delete(p));
      this.handling.add(p);
    }
    // Confirms them (Telegram's offset), so the server forgets what the bot has taken.
    void updates.poll({ offset: this.offset, timeoutS: 0 }, new AbortController().signal).catch(() => undefined);
  }

  /**
   * Resolves once everything sent so far is handled and every run has ended (delivered) or paused:
   * no handler in flight, no update waiting, no run executing — checked again after each wait,
   * since a handler may wake a run and a run may end in a state a handler reads.
   */
  async settle(): Promise<void> {
    for (;;) {
      if (this.handling.size > 0) {
        await Promise.allSettled([...this.handling]);
        continue;
      }
      await this.cb.runs.idle();
      const pending = this.tg.server.updates.unconfirmed().filter((u) => u.update_id >= this.offset);
      if (this.handling.size === 0 && pending.length === 0) return;
      if (pending.length > 0) this.pump();
    }
  }

  /**
   * Resolves once every update sent so far is handled — without waiting for runs, as `settle` does:
   * what an update that starts no run did, measured without the runs' own bookkeeping
   * (scripts/trace-files.ts, a PDF's path).
   */
  async settleUpdates(): Promise<void> {
    for (;;) {
      if (this.handling.size > 0) {
        await Promise.allSettled([...this.handling]);
        continue;
      }
      if (this.tg.server.updates.unconfirmed().every((u) => u.update_id < this.offset)) return;
      this.pump();
    }
  }

  /** Stops the bot and its agent at a settled point and starts new ones on the same folder and chat server. */
  async restart(): Promise<void> {
    await this.settle();
    await this.cb.owners.stop();
    await this.boot();
    await this.settle();
  }

  /** The chat as the person sees it now (messages in their current, edited state). */
  history(): Message[] {
    return this.tg.server.history();
  }

  async close(): Promise<void> {
    this.cb.runs.cancelAll();
    await this.settle().catch(() => undefined);
    await this.cb.owners.stop();
    await this.tg.close();
    if (this.speech) await new Promise<void>((r) => { this.speech!.closeAllConnections(); this.speech!.close(() => r()); });
    await rm(this.tmp, { recursive: true, force: true, maxRetries: 3 });
  }
}
