/**
 * Child of usage-logs.process.test.ts, run with a small heap (`--max-old-space-size`): `cuaderno uso --json`,
 * `cuaderno herramienta registrar_uso` and the month's figures /gasto shows, over a usage log far
 * larger than that heap. Prints one JSON line: exit codes, the month, and the peak heap it saw.
 */
import { Writable } from 'node:stream';
import { getHeapStatistics } from 'node:v8';
import { runCli } from '../../src/cli.js';
import { openNotebook } from '../../src/store/index.js';

const [dir, keys] = process.argv.slice(2) as [string, string];
const env = { CUADERNO_DATA_DIR: dir, CUADERNO_CLAVES_DIR: keys };
let peak = 0;
// The heap in use, as `process.memoryUsage().heapUsed` reports it, without what that call also
// does: read the process's resident size from the system (a syscall and a parse, every 2 ms and on
// every chunk written — 45 % of this child's CPU, which the test spent measuring itself).
const sample = () => {
  peak = Math.max(peak, getHeapStatistics().used_heap_size);
};
const sampler = setInterval(sample, 2);
let usoBytes = 0;
const sink = () => new Writable({ write(chunk: Buffer, _enc, done) { usoBytes += chunk.length; sample(); done(); } });
let toolOut = '';
const capture = new Writable({ write(chunk: Buffer, _enc, done) { toolOut += String(chunk); done(); } });

const uso = await runCli(['uso', '--json'], { stdout: sink(), stderr: process.stderr, stdin: process.stdin, env });
const tool = await runCli(['herramienta', 'registrar_uso', JSON.stringify({ tarea: 'semana 3', modelo: 'claude-haiku-5-5', tokens_entrada: 100, tokens_salida: 10 })], { stdout: capture, stderr: process.stderr, stdin: process.stdin, env });
const month = await (await openNotebook(dir)).usage.month(new Date('2026-03-15T12:00:00Z'));
sample();
clearInterval(sampler);
process.stdout.write(`${JSON.stringify({ uso, usoBytes, tool, toolOut, month, peakHeapMB: peak / 2 ** 20 })}\n`);
