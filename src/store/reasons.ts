/**
 * `motivos.json`: the reasons the owner gave when they said no to an approval («hoy no quiero
 * audio», «mejor con mi voz»), so the next time the same thing is asked — a new run, a day later —
 * the model and the offline planner read them and the approval shows them. Only the newest
 * REASONS_KEPT are kept; each is what was refused (the tool and the note or week it was about),
 * the owner's words and when. A damaged file is reported like every state file, never replaced.
 */
import { REASONS_DOC } from '../strings/console.js';
import { DurableDocument, type DocumentFormat, isPlainObject, type ShapeCheck } from './document.js';

export const REASONS_FILE = 'motivos.json';
export const REASONS_STATE_VERSION = 1;
/** How many reasons are remembered (oldest forgotten first). */
export const REASONS_KEPT = 50;
/** Longest reason kept, in characters (the chat caps a reason before this anyway). */
const REASON_MAX = 500;

/** One no with its reason: what was refused, in typed fields, and the owner's words. */
export interface RefusalReason {
  tool: string;
  /** The week the refused call was about (a cover, a narration). */
  semana?: number;
  /** The note the refused call was about (cards). */
  id_nota?: number;
  motivo: string;
  /** ISO date of the no. */
  fecha: string;
}

export interface ReasonsFile {
  version: typeof REASONS_STATE_VERSION;
  motivos: RefusalReason[];
}

export interface ReasonsLog {
  readonly file: string;
  /** Remembers a no's reason (the newest REASONS_KEPT stay). */
  record(r: Omit<RefusalReason, 'fecha'> & { fecha?: string }): Promise<void>;
  /** Every remembered reason, oldest first. */
  list(): Promise<RefusalReason[]>;
  /** The newest reason given against this very call: the same tool about the same week or note. */
  last(tool: string, args: Readonly<Record<string, unknown>>): Promise<RefusalReason | undefined>;
}

const optionalInt = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isSafeInteger(v));

const check: ShapeCheck<ReasonsFile> = (data) => {
  if (!isPlainObject(data)) return { ok: false, problem: REASONS_DOC.notObject };
  if (!Array.isArray(data.motivos)) return { ok: false, problem: REASONS_DOC.noList };
  const bad = data.motivos.findIndex((r: unknown) => !isPlainObject(r) || typeof r.tool !== 'string' || typeof r.motivo !== 'string' || typeof r.fecha !== 'string' || !optionalInt(r.semana) || !optionalInt(r.id_nota));
  if (bad !== -1) return { ok: false, problem: REASONS_DOC.badEntry(bad + 1) };
  return { ok: true, value: data as unknown as ReasonsFile };
};

/** `motivos.json` as a durable document: each change re-reads it under its lock (the bot and a CLI may both write). */
const FORMAT: DocumentFormat<ReasonsFile> = {
  version: REASONS_STATE_VERSION,
  empty: () => ({ version: REASONS_STATE_VERSION, motivos: [] }),
  check,
  recovery: REASONS_DOC.recovery,
  lock: { kind: 'each-change' },
};

/** Whether a reason was given against a call with these arguments (same tool, same week, same note). */
export function reasonMatches(r: RefusalReason, tool: string, args: Readonly<Record<string, unknown>>): boolean {
  return r.tool === tool && r.semana === intOrUndefined(args.semana) && r.id_nota === intOrUndefined(args.id_nota);
}

function intOrUndefined(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : undefined;
}

/** The typed subject of a refused call's arguments: its week and its note, when it has them. */
export function refusedSubject(args: Readonly<Record<string, unknown>>): Pick<RefusalReason, 'semana' | 'id_nota'> {
  const semana = intOrUndefined(args.semana);
  const id_nota = intOrUndefined(args.id_nota);
  return { ...(semana !== undefined ? { semana } : {}), ...(id_nota !== undefined ? { id_nota } : {}) };
}

export function createReasonsLog(file: string): ReasonsLog {
  const doc = new DurableDocument(file, FORMAT);
  const list = async () => [...(await doc.current()).motivos];
  return {
    file,
    list,
    record: async (r) => {
      const motivo = r.motivo.trim().slice(0, REASON_MAX);
      if (!motivo) return;
      const entry: RefusalReason = { tool: r.tool, ...(r.semana !== undefined ? { semana: r.semana } : {}), ...(r.id_nota !== undefined ? { id_nota: r.id_nota } : {}), motivo, fecha: r.fecha ?? new Date().toISOString() };
      await doc.mutate((f) => { f.motivos = [...f.motivos, entry].slice(-REASONS_KEPT); });
    },
    last: async (tool, args) => (await list()).filter((r) => reasonMatches(r, tool, args)).at(-1),
  };
}
