/** /estado while a run waits for the owner: all its tasks so far and what it waits for (real bot and agent). */
import { afterEach, describe, expect, it } from 'vitest';
import { OWNER, startStack, type Stack } from './stack.js';
import { nextApproval, real } from './steps.js';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe('/estado during a run', () => {
  it('lists the finished tasks and says it waits for the owner\'s permission', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('prepara la semana 3');
    await nextApproval(owner, new Set());
    await owner.say('/estado');
    const status = await owner.waitText(/^En marcha: «prepara la semana 3»/);
    expect(status.text).toMatch(/\nTareas:\n✅ Recuperar notas — hecha\n/);
    expect(status.text).toMatch(/⏸ Espera tu permiso para generar la portada de la semana/);
    expect(status.text).toMatch(/Aprobaciones pendientes: [12]/);
  });
});
