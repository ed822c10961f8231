/**
 * What keeps the local chat's one server usable when something on the machine misbehaves: a page
 * that guessed the port, a script opening sockets and never speaking, a huge upload.
 *
 * - Host: only a loopback NAME is answered (`localhost`, `127.0.0.1`, `[::1]`, with or without a
 *   port) — a guard against DNS rebinding, where any other name means another site's page.
 * - Sockets: one that has not yet made an authenticated request (the bot token, or the page's
 *   secret) is closed after `unauthenticatedMs`, and at most `maxUnauthenticated` wait at once
 *   (the oldest is closed for a newcomer); past `maxConnections` in all, new sockets are closed at
 *   once. So idle strangers cannot use up the process's descriptors, while the bot's long poll and
 *   the page's live stream, authenticated, stay open as long as they need.
 * - Bodies refused (too large, or too many bytes in flight) are answered with their sentence at once
 *   and the rest of the body is read and dropped before the connection closes, so the sender reads
 *   the answer instead of a reset (answerRefused).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** Sockets open at once, all kinds; past it a new one is closed at once. */
  maxConnections: number;
  /** Sockets open at once that have not made an authenticated request; the oldest goes first. */
  maxUnauthenticated: number;
  /** Milliseconds a socket may stay open without an authenticated request. */
  unauthenticatedMs: number;
}

/**
 * The page (a browser keeps about 6 sockets per site, plus the live stream), the bot (a long poll
 * and a few calls at once) and the class personas fit many times in 256; a stranger gets 32
 * sockets for 10 s each — enough for a person to type the page's address, far from the process's
 * descriptor limit (1,024 by default on Linux).
 */
export const CONNECTION_LIMITS: Readonly<ConnectionLimits> = Object.freeze({ maxConnections: 256, maxUnauthenticated: 32, unauthenticatedMs: 10_000 });

/** Bytes of a refused body read and dropped before the socket is closed (two of the largest uploads). */
export const DRAIN_LIMIT_BYTES = 100 * 1024 * 1024;

/** True for the loopback names this server answers to: `localhost`, `127.0.0.1`, `::1` (bracketed in a Host header). */
export function isLoopbackName(name: string): boolean {
  const h = name.toLowerCase();
  return h === 'localhost' || h === '127.0.0.1' || h === '::1' || h === '[::1]';
}

/** A Host header naming this machine by a loopback name, with an optional port. */
export function isLoopbackHostHeader(host: string | undefined): boolean {
  const m = /^(localhost|127\.0\.0\.1|\[::1\])(?::(\d{1,5}))?$/i.exec(host ?? '');
  return m !== null && (m[2] === undefined || Number(m[2]) <= 65_535);
}

/** Counts the server's sockets and closes the ones the limits name (see the module comment). */
export class ConnectionGuard {
  private readonly all = new Set<Socket>();
  /** Unauthenticated sockets, oldest first (a Map keeps insertion order), with their timers. */
  private readonly strangers = new Map<Socket, NodeJS.Timeout>();

  constructor(private readonly limits: ConnectionLimits = CONNECTION_LIMITS) {}

  /** Sockets open now, and how many of them have not authenticated (tests, measurements). */
  get counts(): { open: number; unauthenticated: number } {
    return { open: this.all.size, unauthenticated: this.strangers.size };
  }

  attach(server: Server): void {
    server.on('connection', (socket: Socket) => this.admit(socket));
  }

  /** The socket made an authenticated request: it is no stranger any more. */
  trust(req: IncomingMessage): void {
    const timer = this.strangers.get(req.socket);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.strangers.delete(req.socket);
  }

  private admit(socket: Socket): void {
    if (this.all.size >= this.limits.maxConnections) {
      socket.destroy();
      return;
    }
    if (this.strangers.size >= this.limits.maxUnauthenticated) {
      const [oldest] = this.strangers.keys();
      if (oldest) this.drop(oldest);
    }
    this.all.add(socket);
    const timer = setTimeout(() => this.drop(socket), this.limits.unauthenticatedMs);
    timer.unref();
    this.strangers.set(socket, timer);
    socket.once('close', () => this.forget(socket));
  }

  /** Closes a socket and stops counting it now (its 'close' comes a turn later). */
  private drop(socket: Socket): void {
    this.forget(socket);
    socket.destroy();
  }

  private forget(socket: Socket): void {
    clearTimeout(this.strangers.get(socket));
    this.strangers.delete(socket);
    this.all.delete(socket);
  }
}

/**
 * Answers a request refused while its body may still be arriving (too large, too many bytes in
 * flight, not ours) so that the sender reads the answer whatever it does next: the whole answer is
 * written at once (a sender waiting before it sends the body reads it now), the rest of the body is
 * read and dropped, and only then is the answer ended and the connection closed — Node closes a
 * connection whose request was not read whole, and closing with unread bytes makes the system
 * reset it, losing the answer. Past DRAIN_LIMIT_BYTES the socket is closed.
 */
export function answerRefused(req: IncomingMessage, res: ServerResponse, status: number, body: string, type = 'application/json; charset=utf-8'): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.write(body);
  void dropBody(req).then((ended) => {
    res.end();
    if (!ended) req.socket.destroy();
  });
}

/** Reads and drops the rest of a body: true once it ended, false past DRAIN_LIMIT_BYTES or when the sender went away. */
function dropBody(req: IncomingMessage): Promise<boolean> {
  if (req.complete) return Promise.resolve(true);
  if (req.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let dropped = 0;
    const done = (ended: boolean) => {
      req.off('data', onData).off('end', onEnd).off('close', onClose);
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > DRAIN_LIMIT_BYTES) done(false);
    };
    const onEnd = () => done(true);
    const onClose = () => done(req.complete);
    req.on('data', onData).on('end', onEnd).on('close', onClose);
    req.resume();
  });
}

/** The page's answer to a refused request: `{ ok: false, error: <sentence> }` (answerRefused). */
export function refuse(req: IncomingMessage, res: ServerResponse, status: number, sentence: string): void {
  answerRefused(req, res, status, JSON.stringify({ ok: false, error: sentence }));
}
