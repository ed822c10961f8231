/**
 * The corrections the bot is waiting for, `<dataDir>/bot/correcciones.json`: «✏️ Respóndeme con el
 * texto corregido de la nota 29» is asked with force_reply, and only a reply to that message is the
 * new text (docs/design.md §35: a pause is state, not a wait). Written before the question is
 * answerable, so a restart in between still takes the reply; taken out once the correction is saved.
 * Only pointers (chat, message, what it corrects, who asked), never the text.
 *
 * A durable document (store/document.ts) locked on each change: the bot's handlers and a second
 * bot process on the same folder each re-read it under the lock, so neither loses the other's question.
 */
import path from 'node:path';
import { isChatId, isUserId } from '../lib/ids.js';
import { isPlainObject, isPositiveId, type ShapeCheck, DurableDocument, type DocumentFormat } from '../store/document.js';
import { STATE_PROBLEMS } from '../strings/console.js';

export const CORRECTIONS_FILE = path.join('bot', 'correcciones.json');
export const CORRECTIONS_VERSION = 1;
/** How many open questions are kept (the oldest go first): a student asks for a handful at most. */
export const CORRECTIONS_KEPT = 50;

/** One open question: message `mensaje` of chat `chat` asks for the corrected note or card `id`. */
export interface PendingCorrection {
  chat: number;
  mensaje: number;
  que: 'nota' | 'tarjeta';
  id: number;
  /** Who asked for it (the audit line of the correction names them). */
  por: number;
}

interface CorrectionsDocument {
  version: typeof CORRECTIONS_VERSION;
  pendientes: PendingCorrection[];
}

const check: ShapeCheck<CorrectionsDocument> = (data) => {
  if (!isPlainObject(data) || data.version !== CORRECTIONS_VERSION || !Array.isArray(data.pendientes)) {
    return { ok: false, problem: STATE_PROBLEMS.correctionsShape(CORRECTIONS_VERSION) };
  }
  for (const [i, p] of data.pendientes.entries()) {
    const ok = isPlainObject(p) && isChatId(p.chat) && isPositiveId(p.mensaje) && (p.que === 'nota' || p.que === 'tarjeta') && isPositiveId(p.id) && isUserId(p.por);
    if (!ok) return { ok: false, problem: STATE_PROBLEMS.correctionsItem(i + 1) };
  }
  return { ok: true, value: data as unknown as CorrectionsDocument };
};

const CORRECTIONS_FORMAT: DocumentFormat<CorrectionsDocument> = {
  version: CORRECTIONS_VERSION,
  empty: () => ({ version: CORRECTIONS_VERSION, pendientes: [] }),
  check,
  // One version so far: a version the program does not know is the check's to name.
  versionOf: () => CORRECTIONS_VERSION,
  recovery: STATE_PROBLEMS.correctionsFix,
  lock: { kind: 'each-change' },
};

export class PendingCorrections {
  private readonly doc: DurableDocument<CorrectionsDocument>;
  /**
   * Questions sent but not yet written down, per chat: updates are handled concurrently, so a quick
   * reply may arrive while its question is being recorded — `find` waits for those first.
   */
  private readonly recording = new Map<number, Set<Promise<unknown>>>();

  constructor(dataDir: string) {
    this.doc = new DurableDocument(path.join(dataDir, CORRECTIONS_FILE), CORRECTIONS_FORMAT);
  }

  private change<R>(fn: (list: PendingCorrection[]) => R): Promise<R> {
    return this.doc.mutate((doc) => {
      const result = fn(doc.pendientes);
      doc.pendientes = doc.pendientes.slice(-CORRECTIONS_KEPT);
      return result;
    });
  }

  /** Records that message `p.mensaje` asks for a correction (replacing any earlier question about the same thing in that chat). */
  async ask(p: PendingCorrection): Promise<void> {
    await this.change((list) => {
      const i = list.findIndex((x) => x.chat === p.chat && x.que === p.que && x.id === p.id);
      if (i >= 0) list.splice(i, 1);
      list.push(p);
    });
  }

  /**
   * Sends a correction's question with `send` and records it; the question counts as open for
   * `find` from the moment it is sent.
   */
  async askWith(send: () => Promise<{ chat: number; mensaje: number }>, what: Omit<PendingCorrection, 'chat' | 'mensaje'>, chat: number): Promise<void> {
    const work = (async () => this.ask({ ...(await send()), ...what }))();
    const set = this.recording.get(chat) ?? new Set();
    this.recording.set(chat, set.add(work));
    try {
      await work;
    } finally {
      set.delete(work);
      if (set.size === 0) this.recording.delete(chat);
    }
  }

  /** The open question a reply to message `replyTo` answers, if any. */
  async find(chat: number, replyTo: number): Promise<PendingCorrection | undefined> {
    await Promise.allSettled([...(this.recording.get(chat) ?? [])]);
    const doc = await this.doc.current();
    return doc.pendientes.find((x) => x.chat === chat && x.mensaje === replyTo);
  }

  /** The question is answered (or its note is gone): it waits no more. */
  async done(chat: number, mensaje: number): Promise<void> {
    await this.change((list) => {
      const i = list.findIndex((x) => x.chat === chat && x.mensaje === mensaje);
      if (i >= 0) list.splice(i, 1);
    });
  }
}
