/**
 * Issue 40, hole 5: every count of a model call's `usage` is checked before it is billed. An
 * impossible one (negative, fractional, a string, past its bound) bills the call at an upper
 * estimate and the run says so in words; no model call is left without its usage row.
 * Both through a script file (the ScriptedModel, `CUADERNO_MODELO=script:FILE`) and through the
 * real SDK against the local Messages API server.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgentService } from '../../src/agent/service.js';
import { runAnswering } from '../../src/agent/answering.js';
import type { RunEvent } from '../../src/agent/types.js';
import { MAX_OUTPUT_TOKENS } from '../../src/config.js';
import { reply, startMessagesApiServer, type MessagesApiServer } from '../support/messages-api-server.js';
import { configFor, fastClock, recordingAnswers, tempDir } from './helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let server: MessagesApiServer | undefined;
beforeEach(async () => {
  tmp = await tempDir();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await tmp.cleanup();
});

async function scripted(usage: unknown) {
  const file = path.join(tmp.dir, 'guion.json');
  await writeFile(file, JSON.stringify([{ stop_reason: 'end_turn', content: [{ type: 'text', text: 'Hecho.' }], usage }]));
  return createAgentService({ config: configFor(tmp.dir, { CUADERNO_MODELO: `script:${file}` }), retry: { clock: fastClock().clock } });
}

async function throughServer(usage: Record<string, unknown>) {
  server = await startMessagesApiServer({ replies: [reply.message([reply.text('Hecho.')], 'end_turn', usage as never)] });
  const config = configFor(tmp.dir, { CUADERNO_MODELO: 'claude-sonnet-5-5', ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: server.url });
  return createAgentService({ config, retry: { clock: fastClock().clock, random: () => 0.5 } });
}

async function run(service: Awaited<ReturnType<typeof scripted>>) {
  const avisos: string[] = [];
  const out = await runAnswering(service, { runId: 'r1', text: 'prepare la semana 3', mode: 'agente', onEvent: (e: RunEvent) => void (e.type === 'aviso' && avisos.push(e.text)) }, recordingAnswers());
  const rows = await service.toolbox.notebook.usage.list();
  return { out, avisos, rows };
}

const IMPOSSIBLE: Array<[string, Record<string, unknown>]> = [
  ['a negative cache read beside 200,000 input', { input_tokens: 200_000, output_tokens: 50, cache_read_input_tokens: -199_999 }],
  ['a negative input count', { input_tokens: -5, output_tokens: 50 }],
  ['a fractional input count', { input_tokens: 10.5, output_tokens: 50 }],
  ['an input count that is a string', { input_tokens: '5000', output_tokens: 50 }],
  ['a negative cache write', { input_tokens: 300, output_tokens: 50, cache_creation_input_tokens: -290 }],
  ['an unsafe integer', { input_tokens: 300, output_tokens: 50, cache_read_input_tokens: 2 ** 60 }],
  ['more output than max_tokens allowed', { input_tokens: 300, output_tokens: 1_000_000 }],
  ['no output count', { input_tokens: 300, output_tokens: null }],
];

describe.each([
  ['a scripted model', scripted],
  ['the real SDK against a local server', throughServer],
] as const)('usage checked before billing, with %s', (_how, make) => {
  it.each(IMPOSSIBLE)('%s: billed at an upper estimate, one usage row, the run says so', async (_what, usage) => {
    const { out, avisos, rows } = await run(await make(usage));
    expect(out.stopReason).toBe('end_turn');
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.origen).toBe('facturado');
    // Never less than any valid count reported, never less than the request's own size.
    const validInput = typeof usage.input_tokens === 'number' && Number.isSafeInteger(usage.input_tokens) && usage.input_tokens >= 0 ? usage.input_tokens : 0;
    expect(row!.tokens_entrada).toBeGreaterThanOrEqual(Math.max(validInput, 1000));
    const validOutput = usage.output_tokens === 50 ? 50 : MAX_OUTPUT_TOKENS;
    expect(row!.tokens_salida).toBe(validOutput);
    expect(out.tokens).toEqual({ input: row!.tokens_entrada, output: row!.tokens_salida });
    expect(avisos).toHaveLength(1);
    expect(avisos[0]).toMatch(/recuento de uso imposible \(.+\); he anotado el gasto de esa llamada con una estimación por lo alto/);
    expect(avisos[0]).not.toMatch(/token/i);
  });

  it('a valid usage is billed exactly as reported, with no warning', async () => {
    const { avisos, rows } = await run(await make({ input_tokens: 1200, output_tokens: 80, cache_read_input_tokens: 3000, cache_creation_input_tokens: 0 }));
    expect(rows.map((r) => [r.tokens_entrada, r.tokens_salida])).toEqual([[4200, 80]]);
    expect(avisos).toEqual([]);
  });
});
