/**
 * An embedded Telegram Bot API server: the same URLs (`/bot<token>/<method>`,
 * `/file/bot<token>/<file_path>`), request encodings and `{ ok, result }` / `{ ok: false,
 * error_code, description }` answers as api.telegram.org, so an unchanged grammY bot (pointed at
 * it with `client.apiRoot`) cannot tell the difference. The other side — a person typing and
 * tapping — comes from the chat page or from tests through `sendUserText` / `pressButton`.
 * Every Bot API request is recorded in memory for tests.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Message, Update, User, UserFromGetMe } from 'grammy/types';
import { ChatState, type ChatListener } from './chat-state.js';
import { FileStore } from './files.js';
import { CHAT_FILE, CHAT_FILE_VERSION, ChatSaver, type ChatFile, type LogLine } from './persist.js';
import { commandEntities } from './format.js';
import { ID_MARK_FILE, IdMark, type IdMarks } from './id-mark.js';
import { answerRefused } from './limits.js';
import { LIMITS } from './method-kit.js';
import { METHODS } from './methods.js';
import { PollBook, pollMethods } from './polls.js';
import { BotApiError, InFlightBytes, readParams, type BotParams } from './params.js';
import { CHAT_ARCHIVE_FILE, CHAT_ARCHIVE_OLD_FILE, ChatArchive, RETENTION, type Retention } from './retention.js';
import { serveStoredFile } from './serve-file.js';
import { UpdateQueue, type PollClient } from './updates.js';
import { LOCAL_CHAT_USER_ID } from '../lib/ids.js';
import { own } from '../lib/own.js';

/** The person using the chat page. Private chat id = user id, as on Telegram. */
export interface WebchatUser {
  id: number;
  first_name: string;
  username?: string;
}

/** Who types on the page unless told otherwise; main.ts allows this id when no token is set. */
export const DEFAULT_WEBCHAT_USER: Readonly<WebchatUser> = Object.freeze({ id: LOCAL_CHAT_USER_ID, first_name: 'Estudiante' });

export interface EmbeddedBotApiOptions {
  /** The bot token the server accepts (`<digits>:<secret>`; the digits become the bot's id). */
  token: string;
  /** Directory where uploaded files are written. */
  filesDir: string;
  /** The person on the page; default DEFAULT_WEBCHAT_USER. */
  user?: WebchatUser;
  /**
   * Class mode on the page: the other people the page can play (students), each a different
   * Telegram user with their own private chat; the page's persona switcher picks one (personas.ts).
   */
  personas?: readonly WebchatUser[];
  /**
   * Keep the chat in `<filesDir>/chat.json` across restarts (persist.ts), starting from `saved`
   * (what loadChatFile read). Absent: the chat lives in memory only.
   */
  persist?: { saved?: ChatFile; log?: LogLine; lostHistory?: boolean; idMarks?: IdMarks };
  /** What is kept on disk (retention.ts); default RETENTION. Tests shrink it. */
  retention?: Partial<Retention>;
}

/** One Bot API call as the server received it; file parts appear as `{ filename, size }`. */
export interface RecordedRequest {
  method: string;
  params: Record<string, unknown>;
  ok: boolean;
  /** Telegram's description when `ok` is false. */
  error?: string;
  /** Milliseconds since the epoch when the answer was sent. */
  at: number;
}

/** Messages per chat kept in `chat.json` (and on the page); older ones go to CHAT_ARCHIVE_FILE (retention.ts). */
export const MAX_KEPT_MESSAGES = RETENTION.messagesPerChat;

export { CHAT_ARCHIVE_FILE };

/** Requests kept in memory; older ones are dropped so a long session stays small. */
export const MAX_RECORDED_REQUESTS = 5000;

export class EmbeddedBotApi {
  readonly state = new ChatState();
  readonly updates = new UpdateQueue(() => this.saver?.markDirty());
  readonly files: FileStore;
  readonly bot: UserFromGetMe;
  readonly user: User;
  readonly requests: RecordedRequest[] = [];
  /** Request bodies being read, all requests together (MAX_IN_FLIGHT_BYTES). */
  readonly uploads = new InFlightBytes();
  private readonly token: string;
  private readonly requestListeners = new Set<(r: RecordedRequest) => void>();
  private readonly saver: ChatSaver | undefined;
  private archive: ChatArchive | undefined;
  /** Told of every request that carried the bot token (start.ts: its socket is no stranger). */
  trust: (req: IncomingMessage) => void = () => {};

  constructor(opts: EmbeddedBotApiOptions) {
    this.token = opts.token;
    const retention = { ...RETENTION, ...opts.retention };
    this.files = new FileStore(opts.filesDir, () => this.saver?.markDirty(), retention);
    const saved = opts.persist?.saved;
    if (saved) {
      this.state.restore(saved.state);
      this.files.restore(saved.files);
      this.updates.nextUpdateId = saved.nextUpdateId;
      this.updates.restorePending(saved.pending ?? []);
      this.state.restoreQueries(saved.queries ?? []);
    }
    if (opts.persist) {
      const archive = new ChatArchive(path.join(opts.filesDir, CHAT_ARCHIVE_FILE), path.join(opts.filesDir, CHAT_ARCHIVE_OLD_FILE), retention.archiveBytes, opts.persist.log ?? console.warn);
      this.archive = archive;
      this.state.retain(retention.messagesPerChat, (gone) => void archive.append(gone.map((m) => `${JSON.stringify(m)}\n`).join('')));
      this.saver = new ChatSaver(path.join(opts.filesDir, CHAT_FILE), () => this.toChatFile(), opts.persist.log, undefined, () => archive.settled);
      this.state.subscribe((e) => {
        if (e.type === 'message' || e.type === 'edit' || e.type === 'delete' || e.type === 'commands') this.saver?.markDirty();
      });
      this.state.onQueryAnswered = () => this.saver?.markDirty();
    }
    const botId = Number(/^(\d+):/.exec(opts.token)?.[1] ?? 7000000001);
    this.bot = {
      id: botId, is_bot: true, first_name: 'Cuaderno Vivo', username: 'cuaderno_vivo_bot',
      can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false,
      can_connect_to_business: false, has_main_web_app: false, has_topics_enabled: false,
      allows_users_to_create_topics: false, can_manage_bots: false, supports_join_request_queries: false,
    };
    const user = opts.user ?? DEFAULT_WEBCHAT_USER;
    this.user = { id: user.id, is_bot: false, first_name: user.first_name, language_code: 'es', ...(user.username ? { username: user.username } : {}) };
    this.state.openPrivateChat(this.user);
    this.personas = [this.user, ...(opts.personas ?? []).filter((p) => p.id !== user.id).map((p): User => ({ id: p.id, is_bot: false, first_name: p.first_name, language_code: 'es' }))];
    for (const p of this.personas) this.state.openPrivateChat(p);
    // The history was damaged and set aside: new messages must not reuse the lost ones' ids, or
    // the bot, editing a message it remembers (a pending approval), would edit a stranger's. With
    // fresh ids its edit gets "message to edit not found" and it sends the question again.
    if (opts.persist?.lostHistory) for (const p of this.personas) this.state.skipIdsTo(p.id, Math.floor(Date.now() / 1000));
    if (opts.persist) {
      const mark = new IdMark(path.join(opts.filesDir, ID_MARK_FILE), opts.persist.idMarks ?? {}, opts.persist.log ?? console.warn);
      for (const [chatId, last] of Object.entries(opts.persist.idMarks ?? {})) this.state.skipIdsTo(Number(chatId), last);
      this.state.guardIds((chatId, id) => mark.cover(chatId, id));
    }
    this.polls = new PollBook(this.state, this.updates);
    this.pollMethods = pollMethods(() => this.polls);
  }

  /** Everyone the page can play: the owner (or teacher) first, then the class personas. */
  readonly personas: readonly User[];

  /** The chat's polls and their votes (after `restore`, so polls of the saved chat are known). */
  readonly polls: PollBook;
  private readonly pollMethods: ReturnType<typeof pollMethods>;

  /** The persona with this id, or undefined. */
  persona(id: number): User | undefined {
    return this.personas.find((p) => p.id === id);
  }

  /** The page's chat id (the user's private chat). */
  get chatId(): number {
    return this.user.id;
  }

  /**
   * Answers `/bot<token>/<method>` and `/file/bot<token>/<file_path>`; returns false for any
   * other path so the caller can serve the page.
   */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    const call = /^\/bot([^/]*)\/([^/]*)$/.exec(url.pathname);
    // The bot is a program, never a browser: a page (even our own chat page) must not reach these
    // routes, whatever it guessed or stole. Browsers mark every request with one of these headers.
    if ((file || call) && (req.headers.origin !== undefined || req.headers['sec-fetch-site'] !== undefined)) {
      sendJson(res, 403, { ok: false, error_code: 403, description: 'Forbidden: browser requests are not accepted' });
      return true;
    }
    if (file) {
      const stored = file[1] === this.token ? this.files.getByPath(decodeURIComponent(file[2] as string)) : undefined;
      if (!stored) sendJson(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      else serveStoredFile(req, res, stored);
      return true;
    }
    if (!call) return false;
    const [, token, method = ''] = call;
    if (token !== this.token) {
      sendJson(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      return true;
    }
    this.trust(req);
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    let params: BotParams = { values: {}, files: {} };
    try {
      params = await readParams(req, url, this.uploads);
      const result = await this.call(method, params, abort.signal, req.socket);
      // What the answer names (a new message's id, an update) is on disk before the bot learns it.
      await this.settle();
      this.record(method, params, true);
      sendJson(res, 200, { ok: true, result });
    } catch (e) {
      const err = e instanceof BotApiError ? e : new BotApiError(500, 'Internal Server Error');
      if (!(e instanceof BotApiError)) console.error('[webchat] error interno en', method, e);
      await this.settle();
      this.record(method, params, false, err.description);
      const answer = { ok: false, error_code: err.status, description: err.description };
      // A body refused while still arriving (413, 429): answered so that the sender reads it.
      if (req.complete) sendJson(res, err.status, answer);
      else answerRefused(req, res, err.status, JSON.stringify(answer), 'application/json');
    }
    return true;
  }

  /** Runs one Bot API method in-process (what `handle` does after decoding the request). */
  async call(method: string, params: BotParams, signal: AbortSignal = new AbortController().signal, client?: PollClient): Promise<unknown> {
    const impl = own(METHODS, method.toLowerCase()) ?? own(this.pollMethods, method.toLowerCase());
    if (!impl) throw new BotApiError(404, 'Not Found');
    return impl({ state: this.state, files: this.files, updates: this.updates, bot: this.bot, signal, ...(client ? { client } : {}) }, params);
  }

  /**
   * The person types `text`: it becomes the bot's next `message` update (commands get
   * `bot_command` entities). `from` lets tests play another user (their own private chat).
   */
  sendUserText(text: string, from: User = this.user, opts: { replyTo?: number } = {}): Message {
    const trimmed = text.trim();
    if (trimmed === '' || trimmed.length > LIMITS.text) throw new RangeError(`text must be 1..${LIMITS.text} characters`);
    const chat = this.state.openPrivateChat(from);
    const entities = commandEntities(trimmed);
    // A reply (Telegram's "Responder"): the message it answers travels in `reply_to_message`.
    const original = opts.replyTo === undefined ? undefined : this.state.get(chat.id, opts.replyTo);
    const message = this.state.add(chat.id, (id) => ({
      message_id: id, from, chat, date: Math.floor(Date.now() / 1000), text: trimmed,
      ...(entities.length > 0 ? { entities } : {}),
      ...(original ? { reply_to_message: { ...original, reply_to_message: undefined } } : {}),
    }) as Message);
    this.updates.push({ message } as Omit<Update, 'update_id'>);
    return message;
  }

  /**
   * The person taps the inline button with `data` on message `messageId`: a `callback_query`
   * update. Returns the query id. Throws RangeError when no such button is on the message now.
   */
  pressButton(messageId: number, data: string, from: User = this.user, chatId: number = from.id): string {
    const message = this.state.get(chatId, messageId);
    const rows = (message?.reply_markup?.inline_keyboard ?? []) as { callback_data?: string }[][];
    if (!message || !rows.some((row) => row.some((b) => b.callback_data === data))) {
      throw new RangeError('that button is not on that message any more');
    }
    const id = this.state.newQuery(chatId);
    this.updates.push({ callback_query: { id, from, message, chat_instance: `ci${chatId}`, data } } as unknown as Omit<Update, 'update_id'>);
    return id;
  }

  /**
   * The person taps option `option` of the poll on message `messageId` (a quiz takes one tap, once):
   * the bot gets a `poll_answer` update when the poll is not anonymous. Throws RangeError when the
   * vote cannot be cast (no poll there, closed, already answered, no such option).
   */
  answerPoll(messageId: number, option: number, from: User = this.user, chatId: number = from.id): void {
    this.polls.vote(chatId, messageId, [option], from);
  }

  /** Each person's time zone as their browser told it (page-routes.ts), by user id. */
  readonly #zones = new Map<number, string>();

  /**
   * The browser of `userId` said its time zone (an IANA name, `Intl.DateTimeFormat().resolvedOptions()`):
   * kept for the bot to read, which Telegram cannot tell it. A name the runtime does not know is ignored.
   */
  setTimeZone(userId: number, zone: string): void {
    if (zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return;
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
    } catch {
      return;
    }
    this.#zones.set(userId, zone);
  }

  /** The time zone `userId`'s browser told, if it did. */
  timeZoneOf(userId: number = this.user.id): string | undefined {
    return this.#zones.get(userId);
  }

  /** Messages of a chat (default: the page's) in their current state: what the page shows. */
  history(chatId: number = this.chatId): Message[] {
    return this.state.history(chatId);
  }

  /** Listens to changes the page must show; returns the unsubscribe function. */
  subscribe(listener: ChatListener): () => void {
    return this.state.subscribe(listener);
  }

  /**
   * Resolves with the first recorded request (past or future) of `method` that satisfies
   * `predicate`; rejects after `timeoutMs` (default 15 000 ms) naming what it waited for.
   */
  waitForRequest(method: string, predicate: (r: RecordedRequest) => boolean = () => true, timeoutMs = 15_000): Promise<RecordedRequest> {
    const matches = (r: RecordedRequest) => r.method.toLowerCase() === method.toLowerCase() && predicate(r);
    const past = this.requests.find(matches);
    if (past) return Promise.resolve(past);
    return new Promise((resolve, reject) => {
      const listener = (r: RecordedRequest) => {
        if (!matches(r)) return;
        clearTimeout(timer);
        this.requestListeners.delete(listener);
        resolve(r);
      };
      const timer = setTimeout(() => {
        this.requestListeners.delete(listener);
        reject(new Error(`no ${method} request arrived within ${timeoutMs} ms`));
      }, timeoutMs);
      this.requestListeners.add(listener);
    });
  }

  /** Ends a waiting long poll; later polls answer at once with no updates. */
  close(): void {
    this.updates.close();
  }

  /**
   * Resolves once every change so far is in `chat.json`: called before answering any request
   * (Bot API or page) that may have changed the chat. No-op without persistence.
   */
  settle(): Promise<void> {
    return this.saver?.settle() ?? Promise.resolve();
  }

  /** Writes any unsaved chat change now (start.ts calls it on close); no-op without persistence. */
  async flush(): Promise<void> {
    await this.archive?.settled;
    await this.saver?.flush();
  }

  private toChatFile(): ChatFile {
    return {
      version: CHAT_FILE_VERSION, savedAt: new Date().toISOString(), nextUpdateId: this.updates.nextUpdateId,
      state: this.state.snapshot(), files: this.files.snapshot(),
      pending: [...this.updates.unconfirmed()], queries: this.state.pendingQueries(),
    };
  }

  private record(method: string, params: BotParams, ok: boolean, error?: string): void {
    const files = Object.fromEntries(Object.entries(params.files).map(([k, f]) => [k, { filename: f.filename, size: f.data.length }]));
    const entry: RecordedRequest = { method, params: { ...params.values, ...files }, ok, at: Date.now(), ...(error ? { error } : {}) };
    this.requests.push(entry);
    if (this.requests.length > MAX_RECORDED_REQUESTS) this.requests.splice(0, this.requests.length - MAX_RECORDED_REQUESTS);
    for (const listener of [...this.requestListeners]) listener(entry);
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) }).end(text);
}
