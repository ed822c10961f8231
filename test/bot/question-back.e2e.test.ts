/**
 * A question back is a paused run (issue 10). The model (a script, `CUADERNO_MODELO=script:FILE`)
 * ends its first turn asking the owner something: the run is stored paused on disk, the question is
 * sent once, and the owner's NEXT message in that chat is its answer — appended to the run's
 * conversation, not started as a new request — also after a restart. Real bot, real agent service
 * and tools, the Bot API emulator; no mocks of our modules.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { afterResponse, isQuestion } from '../../src/agent/step.js';
import { finalTurn, script, toolTurn } from '../hardening/support.js';
import { OWNER, startStack, type Stack } from './stack.js';
import { real } from './steps.js';

let stack: Stack | undefined;
let scripts: string | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
  if (scripts) await rm(scripts, { recursive: true, force: true });
  scripts = undefined;
});

const QUESTION = '¿Busco solo la nota del cubismo, o todas las de la semana 3?';
const ANSWER = 'solo la del cubismo';

describe('a question back', () => {
  it('is recognised as a value: a final text that asks, only when the caller can answer', () => {
    const asking = { content: [{ type: 'text' as const, text: QUESTION }], stop_reason: 'end_turn' };
    expect(afterResponse(asking, { questions: true })).toEqual({ type: 'awaiting_answer', question: QUESTION });
    expect(afterResponse(asking)).toEqual({ type: 'final', stopReason: 'end_turn' });
    expect(afterResponse({ content: [{ type: 'text', text: 'Hecho. Tienes 3 tarjetas nuevas.' }], stop_reason: 'end_turn' }, { questions: true }).type).toBe('final');
    expect(isQuestion('Dime: «¿la 3?»')).toBe(true);
  });

  it('pauses the run; the next message is its answer, delivered from disk after a restart', async () => {
    scripts = await mkdtemp(path.join(os.tmpdir(), 'cv-question-'));
    const model = await script(scripts, 'pregunta', [
      finalTurn(QUESTION),
      toolTurn('toolu_q_1', 'buscar_notas', { consulta: 'cubismo', k: 1 }),
      finalTurn('Hecho: encontré la nota del cubismo.'),
    ]);
    stack = await startStack(real, { CUADERNO_MODELO: model });
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('prepare la semana 3');
    const asked = await owner.waitText(/^¿Busco solo la nota/);
    await owner.waitText(/Esperando tu respuesta/);

    // Paused on disk, not finished: its last message is the question.
    const runs = path.join(stack.config.dataDir, 'runs');
    const [runId, ...others] = await readdir(runs);
    expect(others).toEqual([]);
    expect((await real(stack.config).then((s) => s.unfinished())).map((u) => u.runId)).toEqual([runId]);

    // A restart while it waits: the question is not sent again and the next message still answers it.
    await stack.restart(await real(stack.config));
    expect(stack.running.resumed).toBe(1);
    await owner.waitText(/🔁 Reanudo/);
    await owner.say(ANSWER);
    const report = await owner.waitText(/Hecho: encontré la nota del cubismo/, 40_000);
    expect(report.messageId).toBeGreaterThan(asked.messageId);

    const msgs = await owner.messages();
    expect(msgs.filter((m) => m.text === QUESTION)).toHaveLength(1);
    // No new run was started: the answer joined the same conversation, right after the question.
    expect(await readdir(runs)).toEqual([runId]);
    const cp = JSON.parse(await readFile(path.join(runs, runId!, 'run.json'), 'utf8')) as { messages: Array<{ role: string; content: unknown }>; finished?: unknown };
    const at = cp.messages.findIndex((m) => m.role === 'assistant' && JSON.stringify(m.content).includes('¿Busco solo'));
    expect(cp.messages[at + 1]).toEqual({ role: 'user', content: ANSWER });
    expect(cp.finished).toBeDefined();
    const audit = (await stack.notebook.audit.list()).filter((e) => e.event === 'resultado' && e.tool === 'buscar_notas');
    expect(audit).toHaveLength(1);

    // The run is over: the next message is a new request again, not an answer.
    expect(await real(stack.config).then((s) => s.unfinished())).toEqual([]);
  }, 120_000);
});
