#!/usr/bin/env -S npx tsx
/**
 * `npm run test:soak`: the whole vitest suite N times in a row (default 10, `SOAK_RUNS=n`) while one
 * core is kept busy by a child process spinning, so a test that only passes on an idle machine is
 * caught. Prints one line per run and a final `soak: k of N green`; exits 1 unless all are green.
 * Each run's output is kept in a log under the system temp folder. Extra arguments go to vitest (e.g. a folder to soak only part of the suite).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const runs = Number(process.env.SOAK_RUNS ?? 10);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`Se esperaba que \`SOAK_RUNS\` fuera un entero positivo; se recibió \`${process.env.SOAK_RUNS}\``);
  process.exit(2);
}
// One core kept busy for the whole soak (killed at the end, whatever happens).
const busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
const stop = () => { if (busy.exitCode === null) busy.kill('SIGKILL'); };
process.on('exit', stop);
process.on('SIGINT', () => { stop(); process.exit(130); });

let green = 0;
for (let i = 1; i <= runs; i++) {
  const started = Date.now();
  // Each run's whole output goes to its own log, so a red run can be read afterwards.
  const log = join(tmpdir(), `cuaderno-soak-${process.pid}-${i}.log`);
  const out = createWriteStream(log);
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' }, // plain text in the log
    });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    child.on('close', resolve);
  });
  await new Promise((resolve) => out.end(resolve));
  const summary = readFileSync(log, 'utf8').split('\n').filter((l) => /^\s*(Test Files|Tests)\s/.test(l)).map((l) => l.trim()).join(' · ');
  if (code === 0) green++;
  console.log(`soak run ${i}/${runs}: ${code === 0 ? 'green' : `FAILED (exit ${code}), log ${log}`} in ${((Date.now() - started) / 1000).toFixed(0)} s — ${summary}`);
}
stop();
console.log(`soak: ${green} of ${runs} green (one core kept busy)`);
process.exit(green === runs ? 0 : 1);
