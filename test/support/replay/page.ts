/**
 * The chat page as a program: what a person with the page open sees and does, over the page's own
 * routes (the live stream `/events`, `POST /api/messages`, `POST /api/callbacks`) with the page's
 * secret. For the kill matrix of the bot in local-chat mode (scripts/kill-matrix-bot.ts), where the
 * chat server lives inside the bot's process and dies with it: after a restart, what this client
 * sees is what the new process read back from `chat.json`.
 */
import { request, type ClientRequest } from 'node:http';
import type { Message } from 'grammy/types';

/** What the matrix needs of a chat: the history, its changes, a person typing and tapping. */
export interface ChatView {
  history(): Message[];
  /** Called after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Taps a button; throws when it is not on the message any more (the page's «stale button»). */
  pressButton(messageId: number, data: string): Promise<void>;
  sendUserText(text: string): Promise<void>;
}

/** The «Chat local listo» line's address → the server's origin and the page's secret. */
export function parseChatUrl(line: string): { origin: string; secret: string } | undefined {
  const m = /(http:\/\/[^\s/]+)\/\?clave=([A-Za-z0-9_-]+)/.exec(line);
  return m ? { origin: m[1]!, secret: m[2]! } : undefined;
}

export class PageClient implements ChatView {
  private readonly messages = new Map<number, Message>();
  private readonly listeners = new Set<() => void>();
  private req: ClientRequest | undefined;

  private constructor(private readonly origin: string, private readonly secret: string) {}

  /** Opens the live stream and resolves once its first snapshot arrived. */
  static open(origin: string, secret: string): Promise<PageClient> {
    const page = new PageClient(origin, secret);
    return new Promise((resolve, reject) => {
      const req = request(`${origin}/events`, { headers: { authorization: `Bearer ${secret}` } });
      page.req = req;
      req.on('error', reject);
      req.on('response', (res) => {
        if (res.statusCode !== 200) return reject(new Error(`/events answered ${res.statusCode}`));
        let buffered = '';
        res.setEncoding('utf8').on('data', (d: string) => {
          buffered += d;
          for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
            const block = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            const data = block.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
            if (data && page.apply(JSON.parse(data) as PageEvent)) resolve(page);
          }
        });
        res.on('error', () => {});
      });
      req.end();
    });
  }

  history(): Message[] {
    return [...this.messages.values()].sort((a, b) => a.message_id - b.message_id);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async sendUserText(text: string): Promise<void> {
    const r = await this.post('/api/messages', { text });
    if (r.status !== 200) throw new Error(`the page could not send «${text}»: ${r.status} ${r.body}`);
  }

  async pressButton(messageId: number, data: string): Promise<void> {
    const r = await this.post('/api/callbacks', { message_id: messageId, data });
    if (r.status !== 200) throw new RangeError(`that button is not on that message any more (${r.status})`);
  }

  close(): void {
    this.req?.destroy();
  }

  /** Applies one stream event; true for the snapshot. */
  private apply(e: PageEvent): boolean {
    if (e.type === 'snapshot') {
      this.messages.clear();
      for (const m of e.messages ?? []) this.messages.set(m.message_id, m);
    } else if ((e.type === 'message' || e.type === 'edit') && e.message) {
      this.messages.set(e.message.message_id, e.message);
    } else if (e.type === 'delete' && e.message_id !== undefined) {
      this.messages.delete(e.message_id);
    } else {
      return false;
    }
    for (const l of [...this.listeners]) l();
    return e.type === 'snapshot';
  }

  private post(pathname: string, body: unknown): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = request(`${this.origin}${pathname}`, { method: 'POST', headers: { authorization: `Bearer ${this.secret}`, 'content-type': 'application/json' } });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (d: string) => { text += d; }).on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      }).on('error', reject);
      req.end(JSON.stringify(body));
    });
  }
}

interface PageEvent { type: string; messages?: Message[]; message?: Message; message_id?: number }
