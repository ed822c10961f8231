/**
 * A few REAL SIGKILLs per kill matrix, next to their snapshot replay (`npm run kill-matrix`,
 * `kill-matrix:bot`; test/support/replay): they show that a snapshot stands for what a killed
 * process really leaves. Each matrix's real mode (`--real`) runs the first, the middle and the last
 * write, and the writes where kills found bugs before: the first approval answer on disk, and the
 * narration's files moved into place (the MP3 before the WAV: kill matrix n=57, fixed in dd33d33).
 * The answer is a write of the run's one file, `run.json`: on the terminal the 14th (the fresh run,
 * two points A, the search's mark and result, a point B, the turn's approvals, the three cards' marks
 * and results come first: the terminal answers once the run paused); through the bot the owner's tap
 * comes while the cards run, after their three marks and before their results — the 11th in every
 * recording so far (should a tap ever come later, that kill lands on a card's result instead, still a
 * real kill). The script prints its summary line; the test awaits its exit.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/compiled.js';

function matrix(script: string, only: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, '--real'], {
      cwd: ROOT, env: { ...process.env, KILL_ONLY: only, KILL_PARALLEL: '3' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

const PICKS = (answer: number) => `1,mid,last,/run\\.json/#${answer},/audio\\/semana_03\\.mp3/`;

describe('real SIGKILLs next to the replayed matrices', () => {
  it('the CLI week: killed after the first, middle and last write, the first answer on disk and the narration MP3, each resumes to one complete week', async () => {
    const { code, out } = await matrix('scripts/kill-matrix.ts', PICKS(14));
    expect(out, out).toMatch(/kill-matrix: N = \d+; (\d+) de \1 sin problemas/);
    expect(code).toBe(0);
  }, 600_000);

  it('the week through the bot: the same writes, the bot restarted and the old buttons tapped, each ends in one report', async () => {
    const { code, out } = await matrix('scripts/kill-matrix-bot.ts', PICKS(11));
    expect(out, out).toMatch(/kill-matrix \(bot\): N = \d+; (\d+) de \1 sin problemas/);
    expect(code).toBe(0);
  }, 600_000);
});
