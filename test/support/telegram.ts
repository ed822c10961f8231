/**
 * Test harness for the bot: the third-party Bot API emulator `telegram-test-api` for text and
 * buttons, behind a small local stand-in (an HTTP proxy on 127.0.0.1, port 0) that adds what the
 * emulator lacks:
 *   - sendPhoto / sendAudio / sendDocument / sendVoice: multipart uploads parsed and recorded to disk;
 *   - sendChatAction, setMyCommands: recorded and answered `true`;
 *   - answerCallbackQuery: recorded (the emulator drops it) and joined to the tap it answers;
 *   - getUpdates: real long polling (the emulator answers at once, which would spin the runner).
 * Everything else is forwarded unchanged to the emulator. Test clients talk to the emulator through
 * its own client API (sendMessage / sendCommand / sendCallback / getUpdatesHistory).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
// The package's default export is typed as a namespace under NodeNext; its module has the class by name.
import { TelegramServer } from 'telegram-test-api/lib/telegramServer.js';

export interface Upload {
  method: string;
  chatId: number;
  /** Non-file fields as sent (caption, title, performer, reply_markup, …). */
  fields: Record<string, string>;
  /** The uploaded file on disk, its original name and its size in bytes. */
  file: string;
  filename: string;
  size: number;
  /** The message id the stand-in answered with (what a later reply points at). */
  messageId: number;
}

export interface CallbackAnswer {
  callbackQueryId: string;
  text?: string;
  showAlert: boolean;
  /** The tap this answers: its data and who pressed. */
  data?: string;
  fromId?: number;
}

export interface BotMessage {
  messageId: number;
  chatId: number;
  /** Current text (after the bot's edits). */
  text: string;
  buttons: Array<{ text: string; data: string }>;
  /** The message this one replies to (reply_parameters), if any. */
  replyTo?: number;
}

const MAX_POLL_MS = 1_000;
const POLL_STEP_MS = 25;
const UPLOAD_METHODS = new Set(['sendPhoto', 'sendAudio', 'sendDocument', 'sendVoice']);

export class TelegramHarness {
  readonly uploads: Upload[] = [];
  readonly chatActions: Array<{ chatId: number; action: string }> = [];
  readonly answers: CallbackAnswer[] = [];
  readonly myCommands: unknown[] = [];
  /** Updates the emulator handed out (and marked read) for a poll whose client had gone. */
  private undelivered: unknown[] = [];
  private readonly taps = new Map<string, { data?: string; fromId?: number }>();
  private fakeMessageId = 1_000_000;
  private proxy!: http.Server;
  apiRoot = '';

  private constructor(readonly server: TelegramServer, readonly token: string, readonly uploadDir: string) {}

  /** Starts the emulator and the stand-in on free ports; uploads are written under `uploadDir`. */
  static async start(uploadDir: string, token = '123456:TEST-TOKEN'): Promise<TelegramHarness> {
    const port = await freePort();
    const server = new TelegramServer({ port, host: '127.0.0.1', storeTimeout: 600 });
    await server.start();
    const h = new TelegramHarness(server, token, uploadDir);
    await mkdir(uploadDir, { recursive: true });
    h.proxy = http.createServer((req, res) => { h.handle(req, res).catch((e: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error_code: 500, description: String(e) }));
    }); });
    await new Promise<void>((r) => h.proxy.listen(0, '127.0.0.1', () => r()));
    h.apiRoot = `http://127.0.0.1:${(h.proxy.address() as AddressInfo).port}`;
    return h;
  }

  /** A person in a chat, speaking through the emulator's client API. */
  client(opts: { userId: number; chatId?: number; firstName?: string; type?: 'private' | 'group' }): ChatClient {
    return new ChatClient(this, opts.userId, opts.chatId ?? opts.userId, opts.firstName ?? `Usuario${opts.userId}`, opts.type ?? 'private');
  }

  /** Bot messages in a chat, oldest first, with their current (edited) text and buttons. */
  async messages(chatId: number): Promise<BotMessage[]> {
    const res = await post(`${this.server.config.apiURL}/getUpdatesHistory`, 'application/json', Buffer.from(JSON.stringify({ token: this.token })));
    const body = JSON.parse(res.text) as { result: Array<{ messageId: number; message?: Record<string, unknown> }> };
    return body.result
      .flatMap((u) => (u.message && 'chat_id' in u.message && Number(u.message.chat_id) === chatId ? [{ messageId: u.messageId, message: u.message }] : []))
      .map((u) => {
        const markup = u.message.reply_markup as { inline_keyboard?: Array<Array<{ text: string; callback_data: string }>> } | undefined;
        const reply = (u.message.reply_parameters as { message_id?: number } | undefined)?.message_id ?? (u.message.reply_to_message_id as number | undefined);
        return {
          messageId: u.messageId,
          chatId,
          text: String(u.message.text ?? ''),
          buttons: (markup?.inline_keyboard ?? []).flat().map((b) => ({ text: b.text, data: b.callback_data })),
          ...(reply !== undefined ? { replyTo: Number(reply) } : {}),
        };
      });
  }

  async close(): Promise<void> {
    this.proxy.closeAllConnections();
    await new Promise<void>((r) => this.proxy.close(() => r()));
    await this.server.stop();
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const body = await readBody(req);
    const m = /^\/bot([^/]+)\/(\w+)/.exec(req.url ?? '');
    const method = m?.[2] ?? '';
    const ct = String(req.headers['content-type'] ?? '');
    const json = (x: unknown) => { res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(x)); };

    if (UPLOAD_METHODS.has(method)) return json({ ok: true, result: await this.recordUpload(method, ct, body) });
    const params = ct.includes('json') && body.length > 0 ? JSON.parse(body.toString('utf8')) as Record<string, unknown> : {};
    if (method === 'sendChatAction') {
      this.chatActions.push({ chatId: Number(params.chat_id), action: String(params.action) });
      return json({ ok: true, result: true });
    }
    if (method === 'setMyCommands') {
      this.myCommands.push(params.commands);
      return json({ ok: true, result: true });
    }
    if (method === 'answerCallbackQuery') {
      const id = String(params.callback_query_id);
      this.answers.push({ callbackQueryId: id, text: params.text as string | undefined, showAlert: params.show_alert === true, ...this.taps.get(id) });
    }
    if (method === 'getUpdates') {
      const out = await this.longPoll(req, res, body, ct, Number(params.timeout ?? 0));
      // The emulator ignores `offset` and forgets what it handed out: keep a batch whose poller left
      // (a stopped bot) for the next poller, as Telegram would by offset.
      if (res.destroyed || req.socket.destroyed) { this.undelivered.push(...out.result); return; }
      return json(out);
    }

    const out = await this.forward(req.url ?? '/', ct, body);
    res.writeHead(out.status, { 'content-type': 'application/json' }).end(out.text);
  }

  private async longPoll(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, ct: string, timeoutS: number): Promise<{ ok: boolean; result: unknown[] }> {
    if (this.undelivered.length > 0) {
      const result = this.undelivered;
      this.undelivered = [];
      return { ok: true, result };
    }
    const until = Date.now() + Math.min(timeoutS * 1000, MAX_POLL_MS);
    let closed = false;
    res.once('close', () => { closed = true; });
    for (;;) {
      const out = await this.forward(req.url ?? '/', ct, body);
      const parsed = JSON.parse(out.text) as { ok: boolean; result: Array<{ callback_query?: { id: string; data?: string; from?: { id: number } } }> };
      for (const u of parsed.result ?? []) if (u.callback_query) this.taps.set(u.callback_query.id, { data: u.callback_query.data, fromId: u.callback_query.from?.id });
      if ((parsed.result?.length ?? 0) > 0 || Date.now() >= until || closed) return parsed;
      await new Promise((r) => setTimeout(r, POLL_STEP_MS));
    }
  }

  private forward(url: string, ct: string, body: Buffer): Promise<{ status: number; text: string }> {
    return post(`${this.server.config.apiURL}${url}`, ct, body);
  }

  private async recordUpload(method: string, ct: string, body: Buffer): Promise<unknown> {
    const fields: Record<string, string> = {};
    let file = '';
    let filename = '';
    let size = 0;
    for (const part of parseMultipart(ct, body)) {
      if (part.filename === undefined) { fields[part.name] = part.data.toString('utf8'); continue; }
      filename = part.filename;
      size = part.data.length;
      file = path.join(this.uploadDir, `${this.uploads.length + 1}-${method}-${path.basename(part.filename || part.name)}`);
      await writeFile(file, part.data);
    }
    const chatId = Number(fields.chat_id);
    const messageId = this.fakeMessageId++;
    this.uploads.push({ method, chatId, fields, file, filename, size, messageId });
    return { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: 'private' }, caption: fields.caption };
  }
}

/** One person in one chat. */
export class ChatClient {
  private readonly inner;
  constructor(private readonly h: TelegramHarness, readonly userId: number, readonly chatId: number, readonly firstName: string, readonly type: 'private' | 'group') {
    this.inner = h.server.getClient(h.token, { userId, chatId, firstName, type, timeout: 2_000 });
  }

  /** Sends text; a leading slash makes it a command (with its bot_command entity). */
  async say(text: string): Promise<void> {
    if (text.startsWith('/')) await this.inner.sendCommand(this.inner.makeCommand(text));
    else await this.inner.sendMessage(this.inner.makeMessage(text));
  }

  /** Presses an inline button of a bot message in this chat. */
  async press(messageId: number, data: string): Promise<void> {
    await this.inner.sendCallback(this.inner.makeCallbackQuery(data, { message: { message_id: messageId } }));
  }

  messages(): Promise<BotMessage[]> {
    return this.h.messages(this.chatId);
  }

  /** Polls this chat's bot messages until `pick` returns something (or throws after `timeoutMs`). */
  async waitFor<T>(what: string, pick: (msgs: BotMessage[]) => T | undefined | false, timeoutMs = 15_000): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const msgs = await this.messages();
      const found = pick(msgs);
      if (found !== undefined && found !== false) return found;
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}; chat ${this.chatId} has:\n${msgs.map((m) => `#${m.messageId} ${m.text}`).join('\n---\n')}`);
      await new Promise((r) => setTimeout(r, 40));
    }
  }

  /** Waits for a message whose text matches. */
  waitText(re: RegExp, timeoutMs?: number): Promise<BotMessage> {
    return this.waitFor(`a message matching ${re}`, (msgs) => msgs.find((m) => re.test(m.text)), timeoutMs);
  }
}

/** A minimal multipart/form-data parser (RFC 7578): enough for what a Bot API client sends. */
export function parseMultipart(contentType: string, body: Buffer): Array<{ name: string; filename?: string; data: Buffer }> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) throw new Error(`not multipart: ${contentType}`);
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: Array<{ name: string; filename?: string; data: Buffer }> = [];
  let pos = body.indexOf(delimiter);
  while (pos !== -1) {
    const start = pos + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    const chunk = body.subarray(start + 2, next - 2); // skip CRLF after the delimiter and before the next
    const headerEnd = chunk.indexOf('\r\n\r\n');
    const headers = chunk.subarray(0, headerEnd).toString('utf8');
    const name = /name="([^"]*)"/i.exec(headers)?.[1] ?? '';
    const fn = /filename="?([^";\r\n]*)"?/i.exec(headers)?.[1];
    parts.push({ name, ...(fn !== undefined ? { filename: fn } : {}), data: Buffer.from(chunk.subarray(headerEnd + 4)) });
    pos = next;
  }
  return parts;
}

/**
 * POST without keep-alive: a fresh connection per call, so a reused socket that the emulator's
 * server is closing at that moment (ECONNRESET) cannot fail a test by chance.
 */
function post(url: string, contentType: string, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent: false, headers: { ...(contentType ? { 'content-type': contentType } : {}), 'content-length': body.length } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => { resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }); });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A free TCP port on loopback (bind to 0, read it, release it). */
export async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
