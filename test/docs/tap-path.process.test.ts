/**
 * A tap on ✅ Aprobar crosses at most 25 of our source files (issue 47, «Done means»), counted from a
 * recorded trace, not by reading: scripts/trace-files.ts runs the whole chat stack in a child process
 * and takes V8's coverage from the callback update to the instant the run's driver says the run is
 * woken (the decision on disk, its question edited, the tap answered). The embedded Bot API
 * (src/webchat/, playing Telegram) is not ours to count. The run going on after the tap is its own
 * figure: the planner, the stage catalogue, the scheduler and study code run there, never on the tap.
 */
import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';

const MAX_TAP_FILES = 25;

function trace(): Promise<{ toque: string[]; vida: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/trace-files.ts', '--toque', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => { out += b.toString(); });
    child.stderr.on('data', (b: Buffer) => { err += b.toString(); });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`trace-files salió con ${code}: ${err}`));
      const line = out.trim().split('\n').at(-1) ?? '';
      resolve(JSON.parse(line) as { toque: string[]; vida: string[] });
    });
  });
}

it(`a tap on Aprobar crosses at most ${MAX_TAP_FILES} source files; the run's life after it is counted apart`, async () => {
  const { toque, vida } = await trace();
  const ours = toque.filter((f) => !f.startsWith('webchat/'));
  expect(ours.length, ours.join('\n')).toBeLessThanOrEqual(MAX_TAP_FILES);
  // The tap's own path: the decision written, shown and answered.
  expect(ours).toEqual(expect.arrayContaining(['bot/approvals.ts', 'agent/driver.ts', 'agent/run-state.ts', 'store/atomic.ts']));
  // Nothing of the run's own work runs to record a decision; it does run after the tap.
  const runWork = ['agent/loop.ts', 'agent/model/local.ts', 'tools/stages/catalogue.ts', 'scheduler/executor.ts'];
  expect(ours.filter((f) => runWork.includes(f) || f.startsWith('tools/study/') || f.startsWith('store/reviews'))).toEqual([]);
  expect(vida).toEqual(expect.arrayContaining(runWork));
}, 120_000);
