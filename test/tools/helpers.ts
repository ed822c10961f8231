/** Temp data dirs, a real toolbox over them and byte-exact snapshots of what is on disk. */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { createFileIdempotencyStore } from '../../src/scheduler/idempotency.js';
import type { ApprovalDecision, ApprovalRequest, Approver, PermissionPolicy, ToolCall, ToolResult } from '../../src/tools/contract.js';
import type { DispatchOptions } from '../../src/tools/dispatcher.js';
import { renderForModel } from '../../src/tools/render.js';
import { createToolbox } from '../../src/tools/index.js';

export async function tempDir(prefix = 'cuaderno-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** relative path → sha256 of every file under `dir` (optionally skipping some names). */
export async function snapshot(dir: string, skip: readonly string[] = []): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    const rel = path.relative(dir, full);
    if (skip.includes(rel)) continue;
    out[rel] = createHash('sha256').update(await readFile(full)).digest('hex');
  }
  return out;
}

/** An approver that records every request it saw and answers from a fixed decision. */
export function recordingApprover(decision: ApprovalDecision): Approver & { seen: ApprovalRequest[] } {
  const seen: ApprovalRequest[] = [];
  const fn: Approver = async (req) => {
    seen.push(structuredClone(req));
    return decision;
  };
  return Object.assign(fn, { seen });
}

/** A typed outcome plus the text the model reads from it (rendered at the edge, as the loop does). */
export type Seen = ToolResult & { content: string; is_error: boolean; outcome: ToolResult['kind'] };

export function asModelSees(tool: string, r: ToolResult): Seen {
  return { ...r, ...renderForModel(tool, r), outcome: r.kind };
}

/**
 * A real toolbox over `dir` whose `dispatch` also returns what the model would read (the SPEC §3
 * dispatcher contract is stated in those terms: is_error, the message).
 */
export async function makeToolbox(dir: string, opts: { approver?: Approver; policy?: PermissionPolicy; now?: () => Date; idempotency?: boolean; env?: Record<string, string> } = {}) {
  const config = loadConfig({ CUADERNO_DATA_DIR: dir, ...opts.env });
  const box = await createToolbox({
    config,
    approver: opts.approver ?? recordingApprover({ approved: false, reason: 'rechazado' }),
    policy: opts.policy,
    now: opts.now,
    idempotency: opts.idempotency === false ? undefined : createFileIdempotencyStore(path.join(dir, 'idempotencia')),
  });
  return { ...box, dispatch: async (call: ToolCall, o?: DispatchOptions): Promise<Seen> => asModelSees(String(call.name), await box.dispatch(call, o)) };
}

export const AUDIT = 'auditoria.jsonl';
