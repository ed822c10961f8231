/**
 * Approvals as values (docs/design.md §23, §35), pure: the hash a button binds to, the alternatives a
 * tool's schema allows for the fields the owner may change, and how a recorded decision becomes the
 * dispatcher's ApprovalDecision. The loop writes PendingApprovals into the checkpoint and reads
 * RecordedDecisions from disk; nothing here waits for anyone. An approval and its answer are one
 * pending decision (store/decision.ts, `asDecision`): an answer is written only through its
 * transition, so a second answer is refused as every other decision's is.
 */
import { createHash, randomBytes } from 'node:crypto';
import { decide, type PendingDecision, type Transition } from '../store/decision.js';
import type { ApprovalDecision, ToolDefinition } from '../tools/contract.js';
import { approvalState, verdictOf } from './run-file.js';
import type { ApprovalOption, PendingApproval, RecordedDecision } from './run-state.js';

/** Length of the args hash in callback data (hex chars): 40 bits, plenty for one approval's options. */
export const ARGS_HASH_CHARS = 10;

/** Key-order-independent JSON, so {a,b} and {b,a} hash alike. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
  return JSON.stringify(v);
}

/** Hash of the exact arguments of a call, bound to the tool and the call id. */
export function argsHash(tool: string, callId: string, args: Record<string, unknown>): string {
  return createHash('sha256').update(`${tool}\n${callId}\n${canonical(args)}`).digest('hex').slice(0, ARGS_HASH_CHARS);
}

/** Short opaque id for a new approval (8 base64url chars). */
export function newApprovalId(): string {
  return randomBytes(6).toString('base64url');
}

/**
 * The other argument sets the owner may pick: for each owner-changeable field, every value the
 * schema allows (a boolean's two, an enum's list) other than the proposed one.
 */
export function alternativeArgs(def: Pick<ToolDefinition, 'ownerChoices' | 'input_schema'>, args: Record<string, unknown>): Array<{ field: string; value: unknown; args: Record<string, unknown> }> {
  const out: Array<{ field: string; value: unknown; args: Record<string, unknown> }> = [];
  for (const field of def.ownerChoices ?? []) {
    const prop = def.input_schema.properties[field];
    if (!prop) continue;
    const values: unknown[] = Array.isArray(prop.enum) ? prop.enum : prop.type === 'boolean' ? [true, false] : [];
    for (const value of values) if (value !== args[field]) out.push({ field, value, args: { ...args, [field]: value } });
  }
  return out;
}

/** The option (proposal or alternative) a hash names, if any. */
export function optionFor(a: PendingApproval, hash: string | undefined): ApprovalOption | undefined {
  return [a.proposal, ...a.alternatives].find((o) => o.hash === hash);
}

/**
 * The decision the dispatcher runs with. An approval whose hash names none of this approval's
 * options is not an approval of anything: it counts as a no (it cannot happen through our own
 * writers, which check the hash first).
 */
export function toDecision(a: PendingApproval, d: RecordedDecision): ApprovalDecision {
  const who = { ...(d.by ? { by: d.by } : {}), ...(d.persona ? { persona: { id: d.persona.id, nombre: d.persona.nombre } } : {}) };
  if (!d.approved) return { approved: false, reason: d.reason ?? 'rechazado', ...who, ...(d.note ? { note: d.note } : {}) };
  const option = optionFor(a, d.hash);
  if (!option) return { approved: false, reason: 'rechazado', ...who };
  return { approved: true, ...who, ...(option !== a.proposal ? { args: option.args } : {}) };
}

/** A run's approval as a pending decision: the question (`run.json`'s approvals) and its answer (its decisions). */
export type ApprovalAsDecision = PendingDecision<'aprobacion', { approval: PendingApproval; decision?: RecordedDecision }>;

/** The approval `a` with its answer `d` (if any) as one pending decision. */
export function asDecision(a: PendingApproval, d: RecordedDecision | undefined): ApprovalAsDecision {
  return {
    clave: a.id, asunto: 'aprobacion', estado: approvalState(d), creada: a.askedAt,
    ...(d ? { decidida: d.at, ...(d.by ? { por: d.by } : {}) } : {}),
    approval: a, ...(d ? { decision: d } : {}),
  };
}

/**
 * The transition an answer asks for: `d` becomes the approval's decision — or the refusal when the
 * approval is unknown (`a` absent) or answered already (`standing`).
 */
export function answerApproval(a: PendingApproval | undefined, standing: RecordedDecision | undefined, d: RecordedDecision): Transition<ApprovalAsDecision> {
  const t = decide(a && asDecision(a, standing), verdictOf(d), d.at, d.by);
  return t.ok ? { ok: true, next: { ...t.next, decision: d } } : t;
}
