/**
 * The real SDK against a local Messages API server: what is sent (strict tools, cacheable prefix,
 * no sampling knobs, tool_choice auto, effort), and which errors our retry policy retries.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgentService } from '../../src/agent/service.js';
import { reply, startMessagesApiServer, type MessagesApiServer } from '../support/messages-api-server.js';
import { configFor, fastClock, recordingAnswers, tempDir } from './helpers.js';
import { runAnswering } from '../../src/agent/answering.js';

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

async function serviceFor(replies: Parameters<typeof startMessagesApiServer>[0]['replies'], extraEnv: Record<string, string> = {}) {
  server = await startMessagesApiServer({ replies });
  const config = configFor(tmp.dir, { CUADERNO_MODELO: 'claude-sonnet-5-5', ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: server.url, ...extraEnv });
  const fc = fastClock();
  const service = await createAgentService({ config, retry: { clock: fc.clock, random: () => 0.5 } });
  return { service, waits: fc.waits, server };
}

const run = (service: Awaited<ReturnType<typeof serviceFor>>['service'], text = 'prepare la semana 3') =>
  runAnswering(service, { runId: 'r1', text, mode: 'agente' }, recordingAnswers());

describe('AnthropicModel through the real SDK', () => {
  it('sends strict tools and the system prompt as a cacheable prefix, tool_choice auto, no sampling knobs, effort', async () => {
    const { service, server } = await serviceFor([reply.message([reply.text('Hecho.')], 'end_turn')], { ANTHROPIC_EFFORT: 'low' });
    const out = await run(service);
    expect(out.stopReason).toBe('end_turn');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a raw JSON body, inspected field by field
    const body = server.messageRequests()[0]!.body as Record<string, any>;
    type T = { name: string; strict?: boolean; cache_control?: unknown };
    const tools = body.tools as T[];
    expect(body.model).toBe('claude-sonnet-5-5');
    expect(body.tool_choice).toEqual({ type: 'auto' });
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('top_p');
    expect(body.output_config).toEqual({ effort: 'low' });
    // With a model the cards can be its own, for the student to review (issue 27): proponer_tarjetas.
    expect(tools.map((t) => t.name)).toEqual(['buscar_notas', 'crear_tarjetas', 'proponer_tarjetas', 'generar_portada', 'narrar_resumen', 'registrar_uso']);
    expect(tools.every((t) => t.strict === true)).toBe(true);
    expect(tools.at(-1)!.cache_control).toEqual({ type: 'ephemeral' });
    expect(tools.slice(0, -1).some((t) => 'cache_control' in t)).toBe(false);
    expect(body.system).toEqual([expect.objectContaining({ type: 'text', cache_control: { type: 'ephemeral' } })]);
    expect(body.system[0].text).toMatch(/datos, no instrucciones/i);
    expect(body.messages).toEqual([{ role: 'user', content: 'prepare la semana 3' }]);
    // The budget was checked with the API's own count before the call.
    expect(server.requests[0]!.path).toBe('/v1/messages/count_tokens');
    // The program, not the SDK, retries: the SDK's own retry header says 0.
    expect(server.messageRequests()[0]!.headers['x-stainless-retry-count']).toBe('0');
  });

  it('the model proposes cards through the strict tool: a broken card comes back with what to fix, the corrected ones wait for the student', async () => {
    const card = (pregunta: string, respuesta: string) => ({ tipo: 'pregunta', pregunta, respuesta });
    const { service, server } = await serviceFor([
      reply.message([reply.toolUse('toolu_a', 'proponer_tarjetas', { id_nota: 9, tarjetas: [card('¿Qué rompió el cubismo?', 'cubismo')] })], 'tool_use'),
      reply.message([reply.toolUse('toolu_b', 'proponer_tarjetas', { id_nota: 9, tarjetas: [card('¿Qué movimiento rompió la perspectiva única?', 'cubismo')] })], 'tool_use'),
      reply.message([reply.text('Te propongo una tarjeta.')], 'end_turn'),
    ]);
    const out = await run(service);
    expect(out.stopReason).toBe('end_turn');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw JSON bodies
    const results = server.messageRequests().map((r) => (r.body as any).messages.at(-1).content).flat().filter((b: { type?: string }) => b?.type === 'tool_result');
    expect(results[0]).toMatchObject({ tool_use_id: 'toolu_a', is_error: true });
    expect(JSON.stringify(results[0])).toMatch(/contiene la respuesta de la propia tarjeta/);
    expect(results[1]).toMatchObject({ tool_use_id: 'toolu_b', is_error: false });
    expect(await service.toolbox.notebook.cards.list()).toEqual([]);
    const [batch] = await service.toolbox.proposals.unshown();
    expect(batch!.tarjetas.map((c) => [c.id_nota, c.respuesta, c.estado])).toEqual([[9, 'cubismo', 'propuesta']]);
  });

  it('retries 429 (honouring retry-after) and 529 by our policy, then succeeds', async () => {
    const { service, waits, server } = await serviceFor([
      reply.error(429, 'rate_limit_error', 'despacio', { 'retry-after': '3' }),
      reply.error(529, 'overloaded_error', 'saturado'),
      reply.message([reply.text('Hecho.')], 'end_turn'),
    ]);
    const out = await run(service);
    expect(out.stopReason).toBe('end_turn');
    expect(server.messageRequests()).toHaveLength(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(3000); // retry-after: 3 s beats the 1 s backoff
    expect(waits[1]).toBeGreaterThan(0);
  });

  it.each([
    [400, 'invalid_request_error'],
    [401, 'authentication_error'],
  ])('does not retry %i', async (status, type) => {
    const { service, waits, server } = await serviceFor([reply.error(status, type, 'no'), reply.message([reply.text('no debería llegar')], 'end_turn')]);
    const out = await run(service);
    expect(out.stopReason).toBe('error');
    expect(out.detail).toContain(String(status));
    expect(server.messageRequests()).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('gives up after the policy attempts on a persistent 529', async () => {
    const { service, waits, server } = await serviceFor([0, 1, 2, 3, 4].map(() => reply.error(529, 'overloaded_error', 'saturado')));
    const out = await run(service);
    expect(out.stopReason).toBe('error');
    expect(server.messageRequests()).toHaveLength(4);
    expect(waits).toHaveLength(3);
  });

  it('a refusal stops everything: the tool calls in it are not executed', async () => {
    const { service, server } = await serviceFor([
      reply.message([reply.toolUse('toolu_r1', 'registrar_uso', { tarea: 'x', modelo: 'claude-sonnet-5-5', tokens_entrada: 1, tokens_salida: 1 })], 'refusal'),
    ]);
    const out = await run(service);
    expect(out.stopReason).toBe('refusal');
    expect(server.messageRequests()).toHaveLength(1);
    const rows = await service.toolbox.notebook.usage.list();
    expect(rows.map((r) => r.tarea)).toEqual(['agente:iteracion-1']); // only the program's real usage row
  });
});
