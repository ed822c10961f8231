/**
 * One pending decision (issue 47 item 2; docs/design.md §8, §23, §35): anything the owner is asked
 * to decide — a confirmation call of a run (`aprobacion`), a file's notes (`importacion`), a model's
 * cards (`tarjetas`), a change of the course (`curso`) — is ONE shape, `PendingDecision<K, Payload>`:
 * the common part (`clave`, `asunto`, `estado`, `creada`, `decidida`, `por`) beside the payload its
 * own user keeps, in its own file (the run's `run.json`, `importaciones/<clave>.json`,
 * `tarjetas-propuestas.json`, `propuestas-curso/<clave>.json`). Its state moves once:
 *
 *   pendiente ──▶ aceptada | rechazada | caducada | sustituida        (never back, never twice)
 *
 * and only through `decide`, which refuses anything else — a tap on an old button after a restart, a
 * double tap, a record gone — with one `Refusal`, said in one sentence everywhere
 * (strings/decisions.ts). The payload may change only while the decision is pending (`stillPending`).
 * What happens after a yes (saving the notes, applying the course) is the payload's own business.
 * Pure: no file is read or written here; each user writes the value `decide` returns, under its lock.
 */

/** Where a decision stands. Only `pendiente` may move, and only to one of the others. */
export type DecisionState = 'pendiente' | 'aceptada' | 'rechazada' | 'caducada' | 'sustituida';
export const DECISION_STATES: readonly DecisionState[] = ['pendiente', 'aceptada', 'rechazada', 'caducada', 'sustituida'];
/** What a pending decision may become. */
export type Verdict = Exclude<DecisionState, 'pendiente'>;

/** What the owner is asked to decide (which user's payload rides along). */
export type DecisionKind = 'aprobacion' | 'importacion' | 'tarjetas' | 'curso';

/** The part every pending decision shares. */
export interface DecisionHead<K extends DecisionKind = DecisionKind> {
  /** Its key: what its buttons carry. */
  clave: string;
  asunto: K;
  estado: DecisionState;
  /** When it was asked (ISO). */
  creada: string;
  /** When it left `pendiente` (ISO); absent while pending and in records decided before it was kept. */
  decidida?: string;
  /** Who decided (a person's name); absent for an expiry or a replacement. */
  por?: string;
}

/** A decision waiting for (or having had) the owner: the common part and its user's payload. */
export type PendingDecision<K extends DecisionKind, Payload> = DecisionHead<K> & Payload;

/** Why a transition was refused: the record is gone (or never was), or it was decided already. */
export type Refusal = 'desconocida' | 'ya_decidida';

export type Transition<T> = { ok: true; next: T } | { ok: false; refusal: Refusal };

/** The transition table: true when `from` may become `to`. */
export function mayBecome(from: DecisionState, to: DecisionState): boolean {
  return from === 'pendiente' && to !== 'pendiente';
}

/**
 * The one transition: `d` decided as `to` at `at`, by `por` — a new value, `d` untouched — or the
 * refusal when `d` is absent or not pending.
 */
export function decide<T extends DecisionHead>(d: T | undefined, to: Verdict, at: Date | string, por?: string): Transition<T> {
  if (!d) return { ok: false, refusal: 'desconocida' };
  if (!mayBecome(d.estado, to)) return { ok: false, refusal: 'ya_decidida' };
  const { por: _old, ...rest } = d;
  return { ok: true, next: { ...rest, estado: to, decidida: typeof at === 'string' ? at : at.toISOString(), ...(por ? { por } : {}) } as T };
}

/** Whether `d`'s payload may still change (an edit before the owner decides); the refusal otherwise. */
export function stillPending(d: Pick<DecisionHead, 'estado'> | undefined): Refusal | undefined {
  if (!d) return 'desconocida';
  return d.estado === 'pendiente' ? undefined : 'ya_decidida';
}
