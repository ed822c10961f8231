/** Shared set-up for the agent tests: a temp data dir, a Config from an env map, fixed approvers. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config.js';
import type { ApprovalRequest, Approver } from '../../src/tools/contract.js';

export async function tempDir(prefix = 'cv-agent-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export function configFor(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({ CUADERNO_DATA_DIR: dataDir, CUADERNO_MODELO: 'local', ...env }) as Config;
}

/** Answers by tool name (default no) and records every question, in order. */
export function recordingApprover(answers: Record<string, boolean> = {}): Approver & { asked: ApprovalRequest[] } {
  const asked: ApprovalRequest[] = [];
  const approve: Approver = async (req) => {
    asked.push(req);
    return answers[req.tool] ? { approved: true, by: 'test' } : { approved: false, by: 'test', reason: 'rechazado' };
  };
  const fn = Object.assign(approve, { asked });
  fn.asked = asked;
  return fn;
}

/** A retry clock that does not sleep but records the waits it was asked for. */
export function fastClock(): { clock: { sleep(ms: number): Promise<void> }; waits: number[] } {
  const waits: number[] = [];
  return { clock: { sleep: async (ms: number) => void waits.push(ms) }, waits };
}
