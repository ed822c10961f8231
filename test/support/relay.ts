/**
 * A relay between a bot and its Bot API: a local HTTP peer that forwards every request as it is,
 * except those `hold` picks — Telegram being slow on exactly that call. Held requests are never
 * answered (the connection stays open until the bot dies or the relay closes), or, with `release`,
 * go through in order once its condition turns true. It puts runs in states a loaded machine
 * reaches only by chance (the week finished but its report not yet through, while the next request
 * goes on), without timing. Used by the redo-after-week process test, the two-runs matrix
 * (test/replay/two-runs.ts) and scripts/make-fixture-26bbfae-chat.ts (the old bot, killed so).
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface Relay {
  /** Give this to the bot as its Bot API root (`TELEGRAM_API_ROOT`). */
  apiRoot: string;
  /** How many requests are held now. */
  held: () => number;
  /** Drops the held requests' connections and stops listening (once; later calls wait for it). */
  close: () => Promise<void>;
}

/** When held requests go through: `until` is checked on each hold and on every change `changes` reports. */
export interface Release {
  until: () => boolean;
  /** Subscribes to changes (e.g. the chat's); returns the unsubscribe. */
  changes: (listener: () => void) => () => void;
}

/**
 * Forwards every Bot API request to `target` unchanged, except those `hold` picks (told how many are
 * held already); once `release` lets them go, nothing more is held.
 */
export function startRelay(target: string, hold: (method: string, body: string, held: number) => boolean, release?: Release): Promise<Relay> {
  const upstream = new URL(target);
  /** Held requests, in the order they came, each with its way on. */
  const waiting = new Map<IncomingMessage, () => void>();
  let released = false;
  let closed: Promise<void> | undefined;
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const out = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    out.on('error', () => { res.destroy(); });
    out.end(body);
  };
  const check = () => {
    if (released || !release?.until()) return;
    released = true;
    for (const [req, go] of [...waiting]) {
      waiting.delete(req);
      go();
    }
  };
  const unsubscribe = release?.changes(check);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = (req.url ?? '').split('/').at(-1) ?? '';
      if (!released && hold(method, body.toString('utf8'), waiting.size)) {
        waiting.set(req, () => forward(req, res, body));
        check();
        return;
      }
      forward(req, res, body);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    resolve({
      apiRoot: `http://127.0.0.1:${port}`,
      held: () => waiting.size,
      close: () => (closed ??= new Promise<void>((done) => {
        unsubscribe?.();
        for (const r of waiting.keys()) r.socket.destroy();
        server.closeAllConnections();
        server.close(() => done());
      })),
    });
  }));
}
