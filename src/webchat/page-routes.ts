/**
 * The chat page's side of the server: static files from `public/`, the live event stream
 * (Server-Sent Events: a snapshot, then every ChatEvent) and two small JSON endpoints for what the
 * person does — type a message, tap a button. Files the bot sent are served at `/files/<file_id>`.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { User } from 'grammy/types';
import { fileURLToPath } from 'node:url';
import type { EmbeddedBotApi } from './botapi-server.js';
import { refuse } from './limits.js';
import { readLimitedBody } from './params.js';
import { serveStoredFile } from './serve-file.js';
import { postUserFile } from './user-files.js';
import { LIMITS } from './method-kit.js';
import { PAGE, S } from '../strings/server.js';
import { PERSONAS_PAGE } from '../strings/personas.js';
import { PASTE_RULE } from '../lib/paste-parts.js';

const PUBLIC_DIR = fileURLToPath(new URL('./public/', import.meta.url));

/** The only static files served (no directory walking, no path from the URL reaches the disk). */
const STATIC: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/index.html': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/app.js': { file: 'app.js', type: 'text/javascript; charset=utf-8' },
  '/style.css': { file: 'style.css', type: 'text/css; charset=utf-8' },
  '/icon.svg': { file: 'icon.svg', type: 'image/svg+xml' },
};

const SECURITY_HEADERS = {
  'Content-Security-Policy': "default-src 'self'; img-src 'self' data:; media-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** Seconds between SSE keep-alive comments (proxies and browsers drop silent streams). */
export const SSE_HEARTBEAT_S = 15;

/** Largest JSON body the page may send (a 4096-character message fits many times). */
const MAX_PAGE_BODY = 64 * 1024;

export class PageRoutes {
  private readonly streams = new Set<ServerResponse>();

  constructor(private readonly api: EmbeddedBotApi) {}

  /** Serves a page route; answers 404 for anything unknown. */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname;
    if (req.method === 'GET' || req.method === 'HEAD') {
      const asset = STATIC[path];
      if (asset) return this.serveStatic(res, asset.file, asset.type);
      if (path === '/textos.js') return this.serveTexts(res);
      if (path === '/events') {
        const persona = this.personaOf(url.searchParams.get('persona'));
        if (!persona) return sendText(res, 400, S.notFound);
        // The browser's time zone, which Telegram never tells a bot: the student's clock (bot/student-clock.ts).
        const zone = url.searchParams.get('zone');
        if (zone) this.api.setTimeZone(persona.id, zone);
        return this.openStream(req, res, persona);
      }
      const file = /^\/files\/([A-Za-z0-9_-]+)$/.exec(path);
      if (file) {
        const stored = this.api.files.get(file[1] as string);
        if (!stored) return sendText(res, 404, S.fileNotFound);
        return serveStoredFile(req, res, stored, url.searchParams.has('download'));
      }
    }
    if (req.method === 'POST' && path === '/api/files') {
      if (!sameOrigin(req)) return refuse(req, res, 403, S.foreignOrigin);
      return postUserFile(this.api, req, res, url);
    }
    if (req.method === 'POST' && (path === '/api/messages' || path === '/api/callbacks' || path === '/api/polls')) {
      if (!sameOrigin(req)) return refuse(req, res, 403, S.foreignOrigin);
      const raw = (req.headers['content-type'] ?? '').startsWith('application/json') ? await readLimitedBody(req, this.api.uploads, MAX_PAGE_BODY) : 'not-json';
      if (raw === 'gone') return undefined;
      if (raw === 'too-large' || raw === 'busy') return refuse(req, res, raw === 'too-large' ? 413 : 429, raw === 'too-large' ? S.bodyTooLarge : S.uploadsBusy);
      const body = raw === 'not-json' ? undefined : jsonObject(raw);
      if (!body) return refuse(req, res, 400, S.badJson);
      const persona = this.personaOf(body.persona === undefined ? null : String(body.persona));
      if (!persona) return sendJson(res, 400, { ok: false, error: S.notFound });
      if (path === '/api/polls') return this.postVote(res, body, persona);
      return path === '/api/messages' ? this.postMessage(res, body, persona) : this.postCallback(res, body, persona);
    }
    sendText(res, 404, S.notFound);
  }

  /** Ends every open event stream (server shutting down). */
  closeStreams(): void {
    for (const res of this.streams) res.end();
    this.streams.clear();
  }

  /** Who the page plays in this request (`persona`, class mode on the page); absent: the page's owner. */
  private personaOf(raw: string | null): User | undefined {
    if (raw === null || raw === '') return this.api.user;
    return /^\d{1,16}$/.test(raw) ? this.api.persona(Number(raw)) : undefined;
  }

  /** The message is on disk (ChatSaver.settle) before the page learns its id. */
  private async postMessage(res: ServerResponse, body: Record<string, unknown>, from: User): Promise<void> {
    const text = typeof body.text === 'string' ? body.text.trim() : '';
    if (text === '') return sendJson(res, 400, { ok: false, error: S.emptyText });
    let message;
    try {
      const replyTo = Number.isSafeInteger(body.reply_to) ? (body.reply_to as number) : undefined;
      message = this.api.sendUserText(text, from, replyTo === undefined ? {} : { replyTo });
    } catch {
      return sendJson(res, 400, { ok: false, error: S.tooLong(LIMITS.text) });
    }
    await this.api.settle();
    sendJson(res, 200, { ok: true, message_id: message.message_id });
  }

  /** The tap is on disk (with the updates the bot has not taken) before the page hears it went. */
  private async postCallback(res: ServerResponse, body: Record<string, unknown>, from: User): Promise<void> {
    const messageId = Number(body.message_id);
    const data = typeof body.data === 'string' ? body.data : '';
    let id: string;
    try {
      id = this.api.pressButton(messageId, data, from);
    } catch {
      return sendJson(res, 409, { ok: false, error: S.staleButton });
    }
    await this.api.settle();
    sendJson(res, 200, { ok: true, callback_query_id: id });
  }

  /** A tap on a poll's option: the person's vote (a quiz takes one), on disk before the page hears it went. */
  private async postVote(res: ServerResponse, body: Record<string, unknown>, from: User): Promise<void> {
    try {
      this.api.answerPoll(Number(body.message_id), Number(body.option), from);
    } catch {
      return sendJson(res, 409, { ok: false, error: S.pollClosed });
    }
    await this.api.settle();
    sendJson(res, 200, { ok: true });
  }

  /**
   * The page's words, from the one strings module (`window.CV_TEXTS`), and the rule it splits a long
   * paste by, the one the bot joins the parts by (`window.CV_PASTE`, lib/paste-parts.ts).
   */
  private serveTexts(res: ServerResponse): void {
    const body = Buffer.from(`window.CV_TEXTS = ${JSON.stringify({ ...PAGE, personas: PERSONAS_PAGE })};\nwindow.CV_PASTE = ${JSON.stringify(PASTE_RULE)};\n`, 'utf8');
    res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Content-Length': body.length, 'Cache-Control': 'no-cache', ...SECURITY_HEADERS }).end(body);
  }

  private async serveStatic(res: ServerResponse, file: string, type: string): Promise<void> {
    const body = await readFile(PUBLIC_DIR + file);
    res.writeHead(200, { 'Content-Type': type, 'Content-Length': body.length, 'Cache-Control': 'no-cache', ...SECURITY_HEADERS }).end(body);
  }

  private openStream(req: IncomingMessage, res: ServerResponse, persona: User): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive', ...SECURITY_HEADERS });
    const send = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
    res.write(`retry: 2000\n\n`);
    send({
      type: 'snapshot',
      bot: this.api.bot,
      user: persona,
      personas: this.api.personas.length > 1 ? this.api.personas.map((p) => ({ id: p.id, first_name: p.first_name })) : [],
      messages: this.api.history(persona.id),
      commands: this.api.state.commands,
    });
    const chatId = persona.id;
    const unsubscribe = this.api.subscribe((event) => {
      const eventChat = 'message' in event ? event.message.chat.id : 'chat_id' in event ? event.chat_id : chatId;
      if (eventChat === chatId) send(event);
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), SSE_HEARTBEAT_S * 1000);
    this.streams.add(res);
    req.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      this.streams.delete(res);
    });
  }
}

/** POSTs from another site carry a foreign Origin; the page's own requests carry ours or none. */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return (req.headers['content-type'] ?? '').startsWith('application/json');
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** The body as a JSON object, or undefined when it is not one. */
function jsonObject(body: Buffer): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) }).end(text);
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) }).end(text);
}
