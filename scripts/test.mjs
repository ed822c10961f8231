// `npm test`: the typecheck (tsc), the lint (eslint with the layer rule) and the circle check (dpdm)
// run AT THE SAME TIME as the tests (vitest, every tier), instead of one after the other before
// them: on this 2-core box the checks took about a minute before the first test started, while the
// process tests spend much of their time waiting on their children. The checks run at a lower CPU
// priority (nice 10), so the tests, whose waits are real, keep the CPU they need; the checks still
// end well before the tests do. Each check's output is kept and printed after the tests, under its
// name; the run ends with one line per step and ONE exit code: 0 only when every step passed.
// Arguments go to vitest (`npm test -- test/bot`). Plain JavaScript: it runs before anything is built.
/* global process, console */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

/**
 * The checks, as `npm run typecheck` and `npm run lint` run them. The typecheck is TypeScript 7, the
 * native compiler (package `typescript-native`, an alias of typescript@7; TypeScript 5 stays for
 * typescript-eslint, which needs its JavaScript API): the same errors in a fraction of the CPU.
 * Incremental: it keeps what it learnt under node_modules/.cache (never committed), so a second
 * `npm test` re-checks only what changed. The lint likewise, with eslint's cache beside it. Their
 * CPU is taken from the tests on 2 cores (figures in bench/RESULTS.md).
 */
const CHECKS = [
  ['typecheck', process.execPath, [path.join(ROOT, 'node_modules', 'typescript-native', 'bin', 'tsc'), '--noEmit', '--incremental', '--tsBuildInfoFile', path.join(ROOT, 'node_modules', '.cache', 'tsc', 'tsconfig.tsbuildinfo')]],
  ['lint', bin('eslint'), ['.', '--cache', '--cache-strategy', 'content', '--cache-location', `${path.join(ROOT, 'node_modules', '.cache', 'eslint')}${path.sep}`]],
  ['circles', bin('dpdm'), ['--no-tree', '--no-warning', '--progress', 'false', '--exit-code', 'circular:1', 'src/**/*.ts']],
];

/** Runs one step; resolves with its exit code, its output kept (or streamed) and its seconds. */
function step(name, file, args, { stream = false, nice = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const [cmd, argv] = nice ? ['nice', ['-n', '10', file, ...args]] : [file, args];
    const child = spawn(cmd, argv, { cwd: ROOT, stdio: ['ignore', stream ? 'inherit' : 'pipe', stream ? 'inherit' : 'pipe'] });
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (d) => (out += d));
    child.stderr?.setEncoding('utf8').on('data', (d) => (out += d));
    const done = (code) => resolve({ name, code, out, seconds: (Date.now() - started) / 1000 });
    child.on('error', (e) => { out += `${e.message}\n`; done(127); });
    child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

const niceable = await new Promise((resolve) => {
  const p = spawn('nice', ['-n', '10', 'true'], { stdio: 'ignore' });
  p.on('error', () => resolve(false));
  p.on('close', (code) => resolve(code === 0));
});
const checks = CHECKS.map(([name, file, args]) => step(name, file, args, { nice: niceable }));
const tests = step('vitest', bin('vitest'), ['run', ...process.argv.slice(2)], { stream: true });
const results = [...(await Promise.all(checks)), await tests];

for (const r of results.slice(0, CHECKS.length)) {
  if (r.code !== 0 || r.out.trim()) console.log(`\n── ${r.name} ──\n${r.out.trimEnd()}`);
}
console.log('');
for (const r of results) console.log(`${r.code === 0 ? '✓' : '✗'} ${r.name.padEnd(10)} ${r.code === 0 ? 'ok' : `exit ${r.code}`} (${r.seconds.toFixed(0)} s)`);
process.exitCode = results.every((r) => r.code === 0) ? 0 : 1;
