/** Temp data dirs, a real toolbox over them and byte-exact snapshots of what is on disk. */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { createFileIdempotencyStore } from '../../src/scheduler/idempotency.js';
import type { ApprovalDecision, ApprovalRequest, Approver, PermissionPolicy } from '../../src/tools/contract.js';
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

export async function makeToolbox(dir: string, opts: { approver?: Approver; policy?: PermissionPolicy; now?: () => Date; idempotency?: boolean } = {}) {
  const config = loadConfig({ CUADERNO_DATA_DIR: dir });
  return createToolbox({
    config,
    approver: opts.approver ?? recordingApprover({ approved: false, reason: 'rechazado' }),
    policy: opts.policy,
    now: opts.now,
    idempotency: opts.idempotency === false ? undefined : createFileIdempotencyStore(path.join(dir, 'idempotencia')),
  });
}

export const AUDIT = 'auditoria.jsonl';
