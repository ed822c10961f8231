/**
 * A relay between a bot and its Bot API: a local HTTP peer that forwards every request as it is,
 * except those `hold` picks, which are never forwarded nor answered (the connection stays open until
 * the bot dies or the relay closes) — Telegram being slow on exactly that call. It puts a run in a
 * state a loaded machine reaches only by chance (the week finished but its report not yet through,
 * while the next request goes on), without timing. Used by the redo-after-week process test and by
 * scripts/make-fixture-26bbfae-chat.ts (the old bot, killed in that state).
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';

export interface Relay {
  /** Give this to the bot as its Bot API root (`TELEGRAM_API_ROOT`). */
  apiRoot: string;
  /** How many requests are held so far. */
  held: () => number;
  /** Drops the held requests' connections and stops listening. */
  close: () => Promise<void>;
}

/**
 * Forwards every Bot API request to `target` unchanged, except those `hold` picks (told how many are
 * held already).
 */
export function startRelay(target: string, hold: (method: string, body: string, held: number) => boolean): Promise<Relay> {
  const upstream = new URL(target);
  const open = new Set<IncomingMessage>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = (req.url ?? '').split('/').at(-1) ?? '';
      if (hold(method, body.toString('utf8'), open.size)) {
        open.add(req);
        return;
      }
      const out = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      out.on('error', () => { res.destroy(); });
      out.end(body);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    resolve({
      apiRoot: `http://127.0.0.1:${port}`,
      held: () => open.size,
      close: () => new Promise<void>((done) => {
        for (const r of open) r.socket.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
    });
  }));
}
