/**
 * End to end: our grammY bot talks HTTP (long polling) to the `telegram-test-api` emulator through
 * the local stand-in for uploads and chat actions; test clients type and press buttons through the
 * emulator's client API. Behind the bot is the real agent service with the offline planner
 * (`CUADERNO_MODELO=local`) and the real tools, in a temp data dir — no mocks of our modules.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { OWNER, startStack, type Stack } from './stack.js';
import { button, isApproval, nextApproval, real, until } from './steps.js';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe('a restart while an approval is pending', () => {
  it('a bot restarted while an approval is pending resumes the run; the old button still works and nothing runs twice', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('prepare la semana 2');
    const firstStatus = await owner.waitText(/^⏳ Empiezo: «prepare la semana 2»|^⏳ «prepare la semana 2»/);
    const seen = new Set<number>();
    const cover = await nextApproval(owner, seen);
    seen.add(cover.messageId);
    await owner.press(cover.messageId, button(cover, /Aprobar/));
    const voice = await nextApproval(owner, seen); // both asked at once, in order
    // A restart in this test is in-process: let the approved cover finish first, as a killed process
    // would have left it either done (this) or not started (kill -9 tests in test/main).
    await until(async () => (await stack!.notebook.audit.list()).some((e) => e.event === 'resultado' && e.tool === 'generar_portada'));

    // The bot goes down while the narration waits; a new bot and agent start on the same data dir.
    await stack.restart(await real(stack.config));
    expect(stack.running.resumed).toBe(1);
    await owner.waitText(/🔁 Reanudo tras un reinicio: «prepare la semana 2»/);
    // The first process's status message is retired, not left frozen at "Empiezo".
    const retired = (await owner.messages()).find((m) => m.messageId === firstStatus.messageId)!;
    expect(retired.text).toMatch(/^⏸ «prepare la semana 2»: me reinicié a mitad; sigo en un mensaje nuevo más abajo\.$/);
    await owner.press(voice.messageId, button(voice, /Aprobar/)); // the button from before the restart
    const report = await owner.waitText(/📋 Informe/, 50_000);
    expect(report.text).not.toMatch(/No se hizo/);
    expect((await owner.messages()).filter(isApproval)).toHaveLength(2); // nothing asked twice
    const results = (await stack.notebook.audit.list()).filter((e) => e.event === 'resultado' && e.outcome === 'ok');
    expect(results.filter((e) => e.tool === 'generar_portada')).toHaveLength(1);
    expect(results.filter((e) => e.tool === 'narrar_resumen')).toHaveLength(1);
    expect(await real(stack.config).then((s) => s.unfinished())).toEqual([]);
  });

});
