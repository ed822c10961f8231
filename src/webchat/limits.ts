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
 * - Bodies refused (too large, or too many bytes in flight) are answered with their sentence first
 *   and the rest of the body is read and dropped, so the sender reads the answer instead of a reset
 *   (closing a socket with unread bytes makes the system reset it); past `DRAIN_LIMIT_BYTES` the
 *   socket is closed.
 */
import type { IncomingMessage, Server } from 'node:http';
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
 * After a refusal was answered while its body is still arriving: read and drop the rest so the
 * sender gets the answer, not a reset; a body past DRAIN_LIMIT_BYTES has its socket closed.
 */
export function drainRefused(req: IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DRAIN_LIMIT_BYTES) req.socket.destroy();
  });
  req.resume();
}
