/** /estado and the progress while a run waits for the owner: all its tasks so far, and waiting is not work (real bot and agent). */
import { afterEach, describe, expect, it } from 'vitest';
import { OWNER, startStack, type Stack } from './stack.js';
import { answerUntilReport, nextApproval, real } from './steps.js';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

/** A wait the owner takes to answer, in the runs' clock: far longer than any work of a test run. */
const LONG_WAIT_MS = 600_000;

type Owner = ReturnType<Stack['h']['client']>;

/** `/estado` while the run waits for the owner. */
async function askStatus(owner: Owner) {
  await owner.say('/estado');
  return owner.waitText(/^⏸ Esperando tu respuesta: «prepara la semana 3»/);
}

/** The seconds of work that `/estado` reports. */
const workSeconds = (text: string) => Number(/llevo (\d+) s de trabajo/.exec(text)?.[1]);

/** Approves everything; the last state counts the work, not the ten minutes the owner took to answer. */
async function approveAllCountingWorkOnly(owner: Owner): Promise<void> {
  const { report } = await answerUntilReport(owner, () => 'Aprobar');
  // The closing message carries the time at work, next to the cost.
  const finalS = Number(/\n⏱ (\d+) s de trabajo \(sin contar lo que esperé tus respuestas\)\n💵/.exec(report.text)?.[1]);
  expect(finalS).toBeLessThan(LONG_WAIT_MS / 1000);
}

describe('/estado during a run', () => {
  it('lists the finished tasks, says it waits for your answer (not «En marcha») and does not count the wait as work', async () => {
    // The runs' clock is the real one plus what the test adds: ten minutes pass while the owner reads.
    let skipped = 0;
    stack = await startStack(real, {}, { runClock: () => Date.now() + skipped });
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('prepara la semana 3');
    await nextApproval(owner, new Set());
    // The run only waits now: its status message says so (the event, not a pause of the test).
    await owner.waitText(/^⏸ «prepara la semana 3»: en pausa hasta que respondas\n/);
    skipped = LONG_WAIT_MS;

    const status = await askStatus(owner);
    expect(status.text).not.toMatch(/En marcha/);
    expect(status.text).toMatch(/\nTareas:\n✅ Recuperar notas — hecha\n/);
    expect(status.text).toMatch(/⏸ Espera tu permiso para generar la portada de la semana/);
    expect(status.text).toMatch(/Aprobaciones pendientes: [12]/);
    expect(workSeconds(status.text)).toBeLessThan(LONG_WAIT_MS / 1000);
    await approveAllCountingWorkOnly(owner);
  });

  it('a wait that began before a restart is still not counted as work after it', async () => {
    let skipped = 0;
    stack = await startStack(real, {}, { runClock: () => Date.now() + skipped });
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('prepara la semana 3');
    await nextApproval(owner, new Set());
    const paused = /^⏸ «prepara la semana 3»: en pausa hasta que respondas\n/;
    const before = await owner.waitText(paused);
    // Ten minutes pass while the owner reads; then the bot restarts with the approval still open.
    skipped = LONG_WAIT_MS;
    await stack.restart(await real(stack.config));
    // The resumed run pauses again, in its own new status message (the old one is retired).
    await owner.waitFor('the resumed run paused', (msgs) => msgs.find((m) => paused.test(m.text) && m.messageId !== before.messageId), 40_000);

    expect(workSeconds((await askStatus(owner)).text)).toBeLessThan(LONG_WAIT_MS / 1000);
    await approveAllCountingWorkOnly(owner);
  });
});
