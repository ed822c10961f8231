/**
 * End to end (bot ↔ telegram-test-api ↔ real agent with the offline planner): what the chat says
 * when no job ran (a question back) and after /cancelar — including after a restart — so the
 * owner reads one coherent account: what was done, what was not, and why.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { weekQuery } from '../../src/domain/course/course.js';
import { DEMO_COURSE } from '../../src/domain/course/demo.js';
import { OWNER, startStack, type Stack } from './stack.js';
import { button, nextApproval, real, until } from './steps.js';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe('what the chat says when no job ran, and after /cancelar', () => {
  it('a question back is a plain message with week buttons: no run, no report, no chart, no cost', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('prepare la semana');
    const q = await owner.waitText(/¿Qué semana quieres preparar\?/);
    await stack.cb.runs.idle();
    expect(q.text).toMatch(/^¿Qué semana quieres preparar\?[^\n]*«prepara la semana 1»\.$/); // nothing else in it
    expect(q.buttons.map((b) => b.text)).toEqual(['1 · Estadística', '2 · Python', '3 · Historia del arte', '4 · Música']);
    await owner.say('/estado');
    await owner.waitText(/^No hay nada en marcha\./);
    const msgs = await owner.messages();
    expect(msgs.map((m) => m.text).join('\n')).not.toMatch(/Terminado|📋 Informe|Tokens:|USD \(|⏳/);
    expect(stack.h.uploads.filter((u) => u.chatId === OWNER)).toEqual([]);
    expect(msgs).toHaveLength(2); // the question and the answer to /estado
    expect(await stack.notebook.usage.list()).toEqual([]);
  });

  it('a cancelled agent run names the week (not the search terms) and says the approvals were cancelled', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('prepare la semana 2');
    await nextApproval(owner, new Set());
    // The cards need no approval and run while the cover's approval is asked: cancel once they are
    // done (their audited result is written after the stage finishes), not merely once asked.
    await until(async () => (await stack!.notebook.audit.list()).some((e) => e.event === 'resultado' && e.tool === 'crear_tarjetas'));
    await owner.say('/cancelar');
    const report = await owner.waitText(/📋 Informe/);
    expect(report.text).toMatch(/^📋 Informe · «prepare la semana 2»\n\nCancelado\. Ya estaba terminado: Búsqueda en tus notas, Tarjetas de repaso\.\n\nNo se hizo:\n/);
    expect(report.text).not.toContain(weekQuery(DEMO_COURSE, 2));
    expect(report.text).not.toMatch(/no la aprobaste|el modelo no dio/);
    expect(report.text).toMatch(/No se hizo:\n• Generar la portada de la semana \d+: el trabajo se canceló antes de que decidieras, así que no se hizo\n• Narrar el resumen/);
  });

  it('after a restart, /cancelar lists what was done before the restart too', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('prepare la semana 2');
    const seen = new Set<number>();
    const cover = await nextApproval(owner, seen);
    seen.add(cover.messageId);
    await owner.press(cover.messageId, button(cover, /Aprobar/));
    await nextApproval(owner, seen); // the narration waits
    // In-process restart: let the approved cover finish first (a killed process stops mid-way instead).
    await until(async () => (await stack!.notebook.audit.list()).some((e) => e.event === 'resultado' && e.tool === 'generar_portada'));
    await stack.restart(await real(stack.config));
    await owner.waitText(/🔁 Reanudo tras un reinicio/);
    await owner.say('/cancelar');
    const report = await owner.waitText(/📋 Informe/);
    expect(report.text).not.toMatch(/No había terminado ninguna tarea/);
    expect(report.text).toMatch(/Cancelado\. Ya estaba terminado: Búsqueda en tus notas, Tarjetas de repaso, Portada\./);
    expect(report.text).toMatch(/No se hizo:\n• Narrar el resumen de la semana \d+: el trabajo se canceló antes de que decidieras, así que no se hizo/);
    // The resumed status ends in one line; the closing message below says what was made.
    await owner.waitText(/^🚫 Cancelado: «prepare la semana 2» — el resumen va abajo$/);
  });
});
