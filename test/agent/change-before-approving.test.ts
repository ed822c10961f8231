/**
 * Change before approving (issue 10, item 2), through the real SDK against a scripted Messages API
 * server: the model proposes the GPU cover on a machine without an image server; the approval
 * offers the schema-derived alternative (the CPU drawing), re-validated and dry-run; the owner picks
 * it; the call runs with the changed arguments, the model is told which ran, and the audit keeps
 * both the proposal and the decision. A no with a reason reaches the model as data.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgentService } from '../../src/agent/service.js';
import type { PendingApproval } from '../../src/agent/run-state.js';
import { reply, startMessagesApiServer, type MessagesApiServer, type Reply } from '../support/messages-api-server.js';
import { configFor, fastClock, tempDir } from './helpers.js';
import { runAnswering, type Answer } from '../../src/agent/answering.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let server: MessagesApiServer | undefined;
beforeEach(async () => { tmp = await tempDir(); });
afterEach(async () => {
  await server?.close();
  server = undefined;
  await tmp.cleanup();
});

async function setup(replies: Reply[]) {
  server = await startMessagesApiServer({ replies });
  const config = configFor(tmp.dir, { CUADERNO_MODELO: 'claude-sonnet-5-5', ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: server.url });
  return createAgentService({ config, retry: { clock: fastClock().clock } });
}

const COVER_THEN_END = (): Reply[] => [
  reply.message([reply.toolUse('toolu_c', 'generar_portada', { semana: 3, maqueta: false }), reply.toolUse('toolu_n', 'narrar_resumen', { semana: 3, motor: 'juguete' })], 'tool_use'),
  reply.message([reply.text('hecho')], 'end_turn'),
];

describe('change before approving', () => {
  it('the schema-derived alternative runs with the changed arguments; the audit shows proposal and decision', async () => {
    const service = await setup(COVER_THEN_END());
    const asked: PendingApproval[] = [];
    const answers: Answer = (req) => {
      asked.push(req);
      if (req.tool === 'generar_portada') {
        const cpu = req.alternatives.find((a) => a.change?.field === 'maqueta' && a.change.value === true);
        return { approved: true, by: 'Ana', hash: cpu!.hash };
      }
      return { approved: false, by: 'Ana', reason: 'rechazado', note: 'hoy no quiero audio' };
    };
    const out = await runAnswering(service, { runId: 'cambio', text: 'prepare la portada de la semana 3 con la GPU', mode: 'agente' }, answers);
    expect(out.stopReason).toBe('end_turn');
    // Asked once each, in tool_use order; the cover's alternative came from the schema (boolean) with its own dry run.
    expect(asked.map((a) => a.tool)).toEqual(['generar_portada', 'narrar_resumen']);
    const cover = asked[0]!;
    expect(cover.proposal.preview.problems?.length).toBeGreaterThan(0); // the GPU needs an image server
    expect(cover.alternatives).toEqual([expect.objectContaining({ args: { semana: 3, maqueta: true }, change: { field: 'maqueta', value: true }, preview: expect.objectContaining({ engine: 'maqueta', lane: 'cpu' }) })]);
    // The narration's alternative (the owner's voice) needs consent and a server: not offered.
    expect(asked[1]!.alternatives).toEqual([]);
    expect(out.artifacts.map((a) => a.kind)).toEqual(['imagen']);
    expect(out.artifacts[0]!.meta).toMatchObject({ engine: 'maqueta' });

    // What the model read for each call.
    const second = server!.messageRequests()[1]!.body as { messages: Array<{ role: string; content: Array<{ type: string; tool_use_id?: string; content?: string; is_error?: boolean }> }> };
    const results = second.messages.at(-1)!.content;
    const coverResult = JSON.parse(results.find((b) => b.tool_use_id === 'toolu_c')!.content!) as Record<string, unknown>;
    expect(coverResult.argumentos_usados).toEqual({ semana: 3, maqueta: true });
    const narrationResult = results.find((b) => b.tool_use_id === 'toolu_n')!;
    expect(narrationResult.is_error).toBe(false);
    expect(JSON.parse(narrationResult.content!)).toMatchObject({ no_aprobado: true, motivo: 'rechazado', razon_del_propietario: 'hoy no quiero audio' });

    // The audit: the request as proposed, the result with the decision (who, the changed arguments).
    const audit = (await readFile(path.join(tmp.dir, 'auditoria.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const coverLines = audit.filter((e) => e.call_id === 'toolu_c');
    expect(coverLines.map((e) => e.event)).toEqual(['solicitud', 'resultado']);
    expect(coverLines[0]!.args).toEqual({ semana: 3, maqueta: false });
    expect(coverLines[1]).toMatchObject({ outcome: 'ok', approval: { approved: true, by: 'Ana', args: { semana: 3, maqueta: true } } });
    // The decision on disk binds to the hash of the arguments that ran.
    const decisions = JSON.parse(await readFile(path.join(tmp.dir, 'runs', 'cambio', 'run.json'), 'utf8')) as { decisions: Record<string, { approved: boolean; hash?: string; note?: string }> };
    const recorded = Object.values(decisions.decisions);
    expect(recorded.find((d) => d.approved)!.hash).toMatch(/^[0-9a-f]{10}$/);
    expect(recorded.find((d) => !d.approved)!.note).toBe('hoy no quiero audio');
  });
});
