/**
 * The bot's own durable state, `<dataDir>/bot/estado.json`: which chat each unfinished run belongs
 * to, and where each approval of a paused run is shown (chat, message, who may decide). The
 * decisions themselves live in the run's own state (agent/run-state.ts), written before it resumes. It is what lets a restarted
 * bot resume a run in the right chat and still honour (or re-ask) a pending approval.
 *
 * Versioned like the agent's checkpoints: an unknown version or a cut file is refused with a
 * message saying what to do, never replaced by an empty state. Writes are atomic and serialised.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { StateFileError } from '../errors.js';
import { writeFileAtomic } from '../store/atomic.js';

export const BOT_STATE_VERSION = 1;

/** Who may answer and where the message lives; `decision` is set once, by a tap, expiry or cancel. */
export interface ApprovalRecord {
  /** Short opaque id used in callback data. */
  id: string;
  runId: string;
  /** tool_use id of the call: a resumed run re-asks the same call, which maps to this record. */
  callId: string;
  tool: string;
  chatId: number;
  ownerId: number;
  /** In groups anyone in the chat may press; in private chats only the owner. */
  group: boolean;
  messageId?: number;
  /** The message text as sent, so the decision can be appended to it. */
  text: string;
  /** The buttons' options: the proposal's args hash first, then each alternative with its words. */
  options?: Array<{ hash: string; label?: string }>;
  createdAt: number;
  expiresAt: number;
  decision?: {
    approved: boolean;
    reason?: 'rechazado' | 'expirado' | 'cancelado';
    by?: string;
    /** The alternative chosen (approved with changes), in words. */
    change?: string;
    at: number;
  };
}

export interface RunRecord {
  runId: string;
  chatId: number;
  ownerId: number;
  group: boolean;
  mode: 'agente' | 'semana';
  week?: number;
  text: string;
  startedAt: number;
  /** The run's status message, so a restarted bot can retire it instead of leaving it frozen. */
  statusMessageId?: number;
}

export interface BotState {
  version: typeof BOT_STATE_VERSION;
  runs: RunRecord[];
  approvals: ApprovalRecord[];
}

export class BotStateFile {
  readonly file: string;
  private state: BotState = { version: BOT_STATE_VERSION, runs: [], approvals: [] };
  private writing: Promise<void> = Promise.resolve();

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'bot', 'estado.json');
  }

  /** Loads the file (absent = empty state). Throws StateFileError for a cut or foreign file. */
  async load(): Promise<void> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new StateFileError('CORRUPT_STATE', this.file,
        `${this.file} no es JSON válido: puede haberse cortado a mitad de una escritura. Bórrelo para empezar de cero (se perderán las aprobaciones pendientes).`);
    }
    const o = parsed as Partial<BotState> | null;
    if (!o || typeof o !== 'object' || o.version !== BOT_STATE_VERSION) {
      throw new StateFileError('UNSUPPORTED_VERSION', this.file,
        `${this.file} tiene una versión desconocida (${JSON.stringify(o?.version)}; se espera ${BOT_STATE_VERSION}). Actualice el programa o borre el archivo.`);
    }
    if (!Array.isArray(o.runs) || !Array.isArray(o.approvals)) {
      throw new StateFileError('CORRUPT_STATE', this.file, `${this.file} no tiene las listas runs y approvals. Bórrelo para empezar de cero.`);
    }
    this.state = { version: BOT_STATE_VERSION, runs: o.runs, approvals: o.approvals };
  }

  get runs(): readonly RunRecord[] {
    return this.state.runs;
  }

  get approvals(): readonly ApprovalRecord[] {
    return this.state.approvals;
  }

  /** Applies `change` to the in-memory state now and persists it; the promise settles when on disk. */
  update(change: (s: BotState) => void): Promise<void> {
    change(this.state);
    const snapshot = JSON.stringify(this.state, null, 2);
    this.writing = this.writing.catch(() => undefined).then(() => writeFileAtomic(this.file, snapshot));
    return this.writing;
  }

  /** Waits for pending writes (shutdown). */
  async flush(): Promise<void> {
    await this.writing.catch(() => undefined);
  }
}
