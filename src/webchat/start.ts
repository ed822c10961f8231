/**
 * `startEmbeddedTelegram`: one loopback HTTP server that is both the Bot API the bot talks to
 * (`apiRoot`) and the chat page a person opens (`chatUrl`). Used by main.ts when no
 * TELEGRAM_BOT_TOKEN is set, and by tests (port 0 picks a free port).
 */
import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { CuadernoError } from '../errors.js';
import { EmbeddedBotApi, type WebchatUser } from './botapi-server.js';
import { CONNECTION_LIMITS, ConnectionGuard, isLoopbackHostHeader, isLoopbackName, type ConnectionLimits } from './limits.js';
import { PageRoutes, sendText } from './page-routes.js';
import { loadPageSecret, PageGate } from './page-secret.js';
import { loadIdMarks } from './id-mark.js';
import { loadChatFile, type LogLine } from './persist.js';
import type { Retention } from './retention.js';
import { S } from '../strings/server.js';
import { LOG } from '../strings/log.js';

export interface EmbeddedTelegramOptions {
  /** Loopback address to bind: 127.0.0.1 (usual), ::1 or localhost. Anything else is refused. */
  host: string;
  /** TCP port; 0 lets the system choose (tests). */
  port: number;
  /** Bot token the server accepts; the bot must use the same one. */
  token: string;
  /**
   * Directory for the files the bot uploads (created if missing) and for `chat.json`, the chat
   * history kept across restarts as Telegram keeps it (see persist.ts).
   */
  filesDir: string;
  /** The person on the page (default DEFAULT_WEBCHAT_USER); its id is the chat id. */
  user?: WebchatUser;
  /** Class mode: the students the page can also play (personas.ts). */
  personas?: readonly WebchatUser[];
  /**
   * The page's secret (page-secret.ts); default: the installation's, read from or created in
   * `<filesDir>/clave`.
   */
  pageSecret?: string;
  /** Where the one-line notice about an unreadable chat.json goes; default console.warn. */
  log?: LogLine;
  /** What is kept on disk (retention.ts); default RETENTION. */
  retention?: Partial<Retention>;
  /** Socket limits (limits.ts); default CONNECTION_LIMITS. Tests shorten `unauthenticatedMs`. */
  limits?: Partial<ConnectionLimits>;
}

export interface EmbeddedTelegram {
  /** Give this to grammY: `new Bot(token, { client: { apiRoot } })`. No trailing slash. */
  apiRoot: string;
  /**
   * The chat page to open in a browser, with its secret (`…/?clave=…`): what the «Chat local
   * listo» line prints. Opening it leaves a cookie and lands on the page without the secret.
   */
  chatUrl: string;
  /** The page's secret: programs send it as `Authorization: Bearer <pageSecret>`. */
  pageSecret: string;
  server: EmbeddedBotApi;
  /** Sockets open now, and how many have not authenticated yet (limits.ts). */
  connections(): { open: number; unauthenticated: number };
  /**
   * Stops listening, ends long polls and event streams, writes the chat history; resolves when the
   * socket is closed and the history is on disk.
   */
  close(): Promise<void>;
}

/**
 * Starts the embedded Bot API + chat page. Rejects with a CuadernoError('CONFIG') whose message
 * is one Spanish sentence when the host is not loopback or the port is busy (EADDRINUSE).
 */
export async function startEmbeddedTelegram(opts: EmbeddedTelegramOptions): Promise<EmbeddedTelegram> {
  if (!isLoopbackName(opts.host)) throw new CuadernoError('CONFIG', S.notLoopback(opts.host), { field: 'CHAT_HOST' });
  await mkdir(opts.filesDir, { recursive: true });
  const log = opts.log ?? console.warn;
  const loaded = await loadChatFile(opts.filesDir, log);
  const saved = loaded === 'damaged' ? undefined : loaded;
  const marks = loadIdMarks(opts.filesDir, log);
  const api = new EmbeddedBotApi({
    token: opts.token, filesDir: opts.filesDir, ...(opts.user ? { user: opts.user } : {}), ...(opts.personas ? { personas: opts.personas } : {}),
    ...(opts.retention ? { retention: opts.retention } : {}),
    persist: { ...(saved ? { saved } : {}), log, lostHistory: loaded === 'damaged' || marks === 'damaged', idMarks: marks === 'damaged' ? {} : marks },
  });
  const page = new PageRoutes(api);
  const pageSecret = opts.pageSecret ?? (await loadPageSecret(opts.filesDir));
  let port = opts.port;
  const gate = new PageGate(pageSecret, () => port);
  const guard = new ConnectionGuard({ ...CONNECTION_LIMITS, ...opts.limits });
  api.trust = (req) => guard.trust(req);

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!isLoopbackHostHeader(req.headers.host)) return sendText(res, 403, S.foreignHost);
    api.handle(req, res, url)
      .then((handled) => {
        if (handled || gate.check(req, res, url) === 'handled') return undefined;
        guard.trust(req);
        return page.handle(req, res, url);
      })
      .catch((e: unknown) => {
        console.error(LOG.webchatInternal, e);
        if (!res.headersSent) sendText(res, 500, S.internal);
        else res.destroy();
      });
  });
  guard.attach(server);
  await listen(server, opts.host, opts.port);

  const address = server.address();
  port = typeof address === 'object' && address ? address.port : opts.port;
  const hostInUrl = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  const origin = `http://${hostInUrl}:${port}`;
  return {
    apiRoot: origin,
    chatUrl: gate.addressFor(origin),
    pageSecret,
    server: api,
    connections: () => guard.counts,
    close: async () => {
      await new Promise<void>((resolve) => {
        api.close();
        page.closeStreams();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await api.flush();
    },
  };
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      const message = e.code === 'EADDRINUSE' ? S.portInUse(host, port) : S.cannotListen(host, port, e.code ?? e.message);
      reject(new CuadernoError('CONFIG', message, { field: 'CHAT_PORT', port, host }, { cause: e }));
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}
