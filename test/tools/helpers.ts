/** Temp data dirs, a real toolbox over them and byte-exact snapshots of what is on disk. */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { createFileIdempotencyStore } from '../../src/scheduler/idempotency.js';
import { createRunStageRunner } from '../../src/scheduler/turn.js';
import type { ApprovalDecision, PermissionPolicy, ToolCall, ToolResult } from '../../src/tools/contract.js';
import type { DispatchOptions, Proposal } from '../../src/tools/dispatcher.js';
import { renderForModel } from '../../src/tools/render.js';
import { createToolbox, DEFAULT_POLICY, permissionFor } from '../../src/tools/index.js';
import { TEST_ENV } from '../support/test-env.js';

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

/** A typed outcome plus the text the model reads from it (rendered at the edge, as the loop does). */
export type Seen = ToolResult & { content: string; is_error: boolean; outcome: ToolResult['kind'] };

export function asModelSees(tool: string, r: ToolResult): Seen {
  return { ...r, ...renderForModel(tool, r), outcome: r.kind };
}

/**
 * A real toolbox over `dir` whose `dispatch` also returns what the model would read (the docs/design.md §3
 * dispatcher contract is stated in those terms: is_error, the message). A call that would ask the
 * owner goes the way the agent's runs take it: its proposal (what the question shows) is recorded
 * in `asked`, then the call is dispatched with the owner's recorded decision — `answer` (default no)
 * unless the call brings its own `decision`. Stages run on the scheduler's one runner.
 */
export async function makeToolbox(dir: string, opts: { answer?: ApprovalDecision; policy?: PermissionPolicy; now?: () => Date; idempotency?: boolean; env?: Record<string, string> } = {}) {
  const config = loadConfig({ ...TEST_ENV, CUADERNO_DATA_DIR: dir, ...opts.env });
  const policy = opts.policy ?? DEFAULT_POLICY;
  const box = await createToolbox({
    config,
    stage: createRunStageRunner({ lanes: config.lanes, retry: false }),
    policy,
    now: opts.now,
    idempotency: opts.idempotency === false ? undefined : createFileIdempotencyStore(path.join(dir, 'idempotencia')),
  });
  const answer: ApprovalDecision = opts.answer ?? { approved: false, reason: 'rechazado' };
  const asked: Proposal[] = [];
  const dispatch = async (call: ToolCall, o: DispatchOptions = {}): Promise<Seen> => {
    let decision = o.decision;
    const tool = typeof call.name === 'string' ? box.tools.get(call.name) : undefined;
    if (!decision && !o.dryRun && tool && permissionFor(policy, tool.name, tool.effect) === 'confirmar') {
      const proposal = await box.proposal(call, { redo: o.redo });
      if (proposal) {
        asked.push(structuredClone(proposal));
        decision = answer;
      }
    }
    return asModelSees(typeof call.name === 'string' ? call.name : '?', await box.dispatch(call, { ...o, ...(decision ? { decision } : {}) }));
  };
  return { ...box, dispatch, asked };
}

export const AUDIT = 'auditoria.jsonl';
