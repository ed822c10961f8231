/**
 * Nothing reads wording back (docs/design.md §33): with every tool, agent and chat string rewritten to
 * «⟦…⟧», a run still reports what was done and what was not (and why: rejected, expired, cancelled,
 * with the owner's reason reaching the model), a paused run still resumes from disk, delivery still
 * picks the cover and the episode, and /estado's pending list is still right. The expected lines
 * are computed with the same (rewritten) strings modules, so they test the choice, not the words.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOT_APPROVED } from '../../src/agent/report.js';
import { createAgentService } from '../../src/agent/service.js';
import { AGENT, REPORT } from '../../src/strings/agent.js';
import { isAnswerOnly, reportText } from '../../src/bot/delivery.js';
import type { ApprovalDecision } from '../../src/tools/contract.js';
import { CARDS_PER_NOTE } from '../../src/domain/cards/build.js';
import { OPEN } from '../support/pseudo.js';
import { answering, configFor, tempDir } from './helpers.js';
import { runAnswering } from '../../src/agent/answering.js';

vi.mock('../../src/strings/model.js', async (orig) => (await import('../support/pseudo.js')).wrapModule(orig));
vi.mock('../../src/strings/tools.js', async (orig) => (await import('../support/pseudo.js')).wrapModule(orig));
vi.mock('../../src/strings/agent.js', async (orig) => (await import('../support/pseudo.js')).wrapModule(orig));
vi.mock('../../src/strings/chat.js', async (orig) => (await import('../support/pseudo.js')).wrapModule(orig));

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => { tmp = await tempDir('cv-pseudo-'); });
afterEach(async () => { await tmp.cleanup(); });

const byTool = (answers: Record<string, ApprovalDecision>) => answering((a) => answers[a.tool] ?? { approved: false, reason: 'rechazado' });

describe('with every string pseudo-translated', () => {
  it('the strings really are rewritten', () => {
    expect(REPORT.cardsNotAsked.startsWith(OPEN)).toBe(true);
    expect(AGENT.notDone('generar_portada', 'x').startsWith(OPEN)).toBe(true);
  });

  it.each(['rechazado', 'expirado', 'cancelado'] as const)('a narration %s: the cover is reported done, the narration not done for that reason', async (reason) => {
    const service = await createAgentService({ config: configFor(tmp.dir) });
    const out = await runAnswering(service, {
      runId: `p-${reason}`,
      text: 'prepare la semana 3',
      mode: 'agente' }, byTool({ generar_portada: { approved: true, by: 'test' }, narrar_resumen: { approved: false, reason } }));
    expect(out.stopReason).toBe('end_turn');
    expect(out.artifacts.map((a) => a.kind)).toEqual(['imagen']);
    expect(out.notDone).toEqual([AGENT.notDone('narrar_resumen', NOT_APPROVED[reason].line, { semana: 3 })]);
    const lines = out.report.split('\n');
    expect(lines[2]).toBe(REPORT.mediaDone('portada', 'maqueta'));
    expect(lines[3]).toBe(REPORT.mediaNotDone('narración', NOT_APPROVED[reason].short));
    // Week 3's notes as its search ranks them, one card each: each note is a single sentence.
    expect(lines[1]).toBe(REPORT.cardsDone([1, 2, 3], [7, 9, 8], [], [{ notes: [7, 9, 8], why: 'pocas_frases' }], CARDS_PER_NOTE));
    // Delivery: the cover goes as the photo; the closing message says what was not done and why,
    // in the (pseudo-translated) words of the strings module.
    expect(isAnswerOnly(out)).toBe(false);
    expect(reportText(out)).toContain(`• ${out.notDone[0]}`);
    expect(reportText(out).startsWith(OPEN)).toBe(true);
  });

  it('a paused run resumes from disk; the owner\'s reason for a no reaches the model', async () => {
    const service = await createAgentService({ config: configFor(tmp.dir) });
    const paused = await service.run({ runId: 'paused', text: 'prepare la semana 2', mode: 'agente' });
    expect(paused.stopReason).toBe('awaiting_approval');
    const [cover, narration] = paused.awaiting!;
    expect([cover!.tool, narration!.tool]).toEqual(['generar_portada', 'narrar_resumen']);
    expect((await service.decide('paused', cover!.id, { approved: true, hash: cover!.proposal.hash, by: 'Ana' })).kind).toBe('ok');
    expect((await service.decide('paused', cover!.id, { approved: false, by: 'Ana' })).kind).toBe('already');
    expect((await service.decide('paused', narration!.id, { approved: true, hash: 'ffffffffff' })).kind).toBe('stale');
    expect((await service.decide('paused', narration!.id, { approved: false, note: 'hoy no quiero audio', by: 'Ana' })).kind).toBe('ok');
    const out = await service.run({ runId: 'paused', text: '', mode: 'agente', resume: true });
    expect(out.stopReason).toBe('end_turn');
    expect(out.artifacts.map((a) => a.kind)).toEqual(['imagen']);
    expect(out.notDone).toEqual([AGENT.notDone('narrar_resumen', AGENT.rejectedWhy('hoy no quiero audio'), { semana: 2 })]);
    const { readFile } = await import('node:fs/promises');
    const cp = JSON.parse(await readFile(`${tmp.dir}/runs/paused/run.json`, 'utf8')) as { messages: Array<{ role: string; content: unknown }> };
    const results = cp.messages.flatMap((m) => (Array.isArray(m.content) ? (m.content as Array<{ type: string; content?: string }>) : [])).filter((b) => b.type === 'tool_result');
    expect(results.some((b) => (b.content ?? '').includes('hoy no quiero audio'))).toBe(true);
  });
});
