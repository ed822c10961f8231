/** Shared set-up for the agent tests: a temp data dir, a Config from an env map, fixed answers to approvals. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config.js';
import { decisionInput, type Answer } from '../../src/agent/answering.js';
import type { PendingApproval } from '../../src/agent/run-state.js';
import type { ApprovalDecision } from '../../src/tools/contract.js';
import { TEST_ENV } from '../support/test-env.js';

export async function tempDir(prefix = 'cv-agent-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export function configFor(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({ ...TEST_ENV, CUADERNO_DATA_DIR: dataDir, CUADERNO_MODELO: 'local', ...env }) as Config;
}

/** Answers by tool name (default no) and records every question, in order (agent/answering.ts). */
export function recordingAnswers(answers: Record<string, boolean> = {}): Answer & { asked: PendingApproval[] } {
  const asked: PendingApproval[] = [];
  const answer: Answer = (a) => {
    asked.push(a);
    return answers[a.tool] ? { approved: true, by: 'test', hash: a.proposal.hash } : { approved: false, by: 'test', reason: 'rechazado' };
  };
  return Object.assign(answer, { asked });
}

/** Answers every question with the decision `decide` states for it (yes, yes with other arguments, no and why). */
export function answering(decide: (a: PendingApproval) => ApprovalDecision | Promise<ApprovalDecision>): Answer {
  return async (a) => decisionInput(a, await decide(a));
}

/** A retry clock that does not sleep but records the waits it was asked for. */
export function fastClock(): { clock: { sleep(ms: number): Promise<void> }; waits: number[] } {
  const waits: number[] = [];
  return { clock: { sleep: async (ms: number) => void waits.push(ms) }, waits };
}
