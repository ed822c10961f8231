/**
 * The chat page's secret, as Jupyter has one: whoever can reach the loopback port (any local user
 * of the machine, any page that guessed it) must not read the chat, type in it or tap Aprobar.
 *
 * The secret is random per installation and kept in `<data>/webchat/clave` (mode 0600). The
 * «Chat local listo» line prints the page's address with it (`/?clave=…`); opening that address
 * sets an `HttpOnly; SameSite=Strict` cookie and redirects to the same page without the secret in
 * the address bar. Programs (tests, scripts) may send `Authorization: Bearer <secret>` instead.
 * The Bot API routes (`/bot<token>/…`) are not the page's: they keep the bot token's own check.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { loadSecretFile } from './secret-file.js';
import { NEED_SECRET_PAGE } from '../strings/server.js';

/** File name of the page's secret inside the chat's directory (`<data>/webchat/`). */
export const PAGE_SECRET_FILE = 'clave';

/** The query parameter of the printed address that carries the secret. */
export const SECRET_PARAM = 'clave';

const SECRET_RE = /^[A-Za-z0-9_-]{32,}$/;

/** A fresh secret: 192 random bits, URL-safe. */
export function newPageSecret(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Reads `<dir>/clave`, creating it once (mode 0600, exclusively, so two starts agree) when it is
 * missing or not a secret; later starts reuse it, so an open tab keeps working after a restart.
 */
export function loadPageSecret(dir: string): Promise<string> {
  return loadSecretFile(path.join(dir, PAGE_SECRET_FILE), newPageSecret, (s) => SECRET_RE.test(s));
}

/**
 * Cookie name for the page on `port`: cookies are shared by every port of a host, so two
 * installations on one machine each keep their own.
 */
export function pageCookieName(port: number): string {
  return `cuaderno_clave_${port}`;
}

/** What the gate decided for one request. */
export type GateVerdict = 'pass' | 'handled';

/** Checks the page's secret on every request that is not the Bot API's. */
export class PageGate {
  private readonly digest: Buffer;

  constructor(private readonly secret: string, private readonly port: () => number) {
    this.digest = sha256(secret);
  }

  /** The address to print and to open: the page with its secret. */
  addressFor(origin: string): string {
    return `${origin}/?${SECRET_PARAM}=${encodeURIComponent(this.secret)}`;
  }

  /**
   * `pass` when the request carries the secret (cookie or bearer); otherwise answers it — the
   * redirect that trades `?clave=` for the cookie, or 401 with a short page — and says `handled`.
   */
  check(req: IncomingMessage, res: ServerResponse, url: URL): GateVerdict {
    const offered = url.searchParams.get(SECRET_PARAM);
    if (offered !== null && (req.method === 'GET' || req.method === 'HEAD') && this.matches(offered)) {
      const rest = new URLSearchParams(url.searchParams);
      rest.delete(SECRET_PARAM);
      const query = rest.toString();
      res.writeHead(303, {
        Location: `${url.pathname}${query ? `?${query}` : ''}`,
        'Set-Cookie': `${pageCookieName(this.port())}=${this.secret}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Strict`,
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
      }).end();
      return 'handled';
    }
    if (this.matches(bearerOf(req)) || this.matches(cookieOf(req, pageCookieName(this.port())))) return 'pass';
    const body = Buffer.from(NEED_SECRET_PAGE, 'utf8');
    res.writeHead(401, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': body.length,
      'Cache-Control': 'no-store',
      'WWW-Authenticate': 'Bearer',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    }).end(req.method === 'HEAD' ? undefined : body);
    return 'handled';
  }

  /** Constant time: equal-length digests, so neither length nor prefix leaks. */
  private matches(candidate: string | undefined): boolean {
    if (candidate === undefined || candidate === '') return false;
    return timingSafeEqual(sha256(candidate), this.digest);
  }
}

function sha256(s: string): Buffer {
  return createHash('sha256').update(s, 'utf8').digest();
}

function bearerOf(req: IncomingMessage): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return m?.[1];
}

function cookieOf(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
