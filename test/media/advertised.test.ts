/**
 * Workers own their engines (issue 22): with the queue, the bot offers FLUX and XTTS when a worker
 * advertises them, with no engine address of its own — and refuses them, as before, when none does.
 */
import { describe, expect, it } from 'vitest';
import { MEDIA } from '../../src/strings/model.js';
import { DEMO_COURSE } from '../../src/domain/course/demo.js';
import { createMediaTools, EngineHealth } from '../../src/tools/media-tools.js';
import { context, demoNotes, NOW, tempDir } from './helpers.js';

async function mediaTools(dataDir: string, advertised: ReadonlySet<string>) {
  const notes = await demoNotes();
  return createMediaTools({
    dataDir, notes: { list: async () => notes }, course: DEMO_COURSE, media: { timeoutMs: 5_000 }, now: () => NOW, health: new EngineHealth(),
    advertised: async (engine) => advertised.has(engine),
  });
}

describe('engines a worker advertises', () => {
  it('the cover with FLUX is offered when a worker advertises it, refused when none does', async () => {
    const { dir } = await tempDir();
    const none = await mediaTools(dir, new Set());
    expect((await none.generar_portada.dryRun!({ semana: 1, maqueta: false }, context())).problems).toEqual([MEDIA.fluxNotConfigured]);
    await expect(none.generar_portada.execute({ semana: 1, maqueta: false }, context())).rejects.toMatchObject({ code: 'ENGINE_UNAVAILABLE' });
    const served = await mediaTools(dir, new Set(['flux']));
    const dry = await served.generar_portada.dryRun!({ semana: 1, maqueta: false }, context());
    expect(dry.problems).toBeUndefined();
    expect(dry.lane).toBe('gpu');
  });

  it('the narration with XTTS is not refused for a missing address when a worker advertises it', async () => {
    const { dir } = await tempDir();
    const none = await mediaTools(dir, new Set(['flux']));
    expect((await none.narrar_resumen.dryRun!({ semana: 1, motor: 'xtts' }, context())).problems).toContain(MEDIA.xttsNotConfigured);
    const served = await mediaTools(dir, new Set(['xtts']));
    // Still refused for the missing consent (the student's voice), never for the address.
    expect((await served.narrar_resumen.dryRun!({ semana: 1, motor: 'xtts' }, context())).problems ?? []).not.toContain(MEDIA.xttsNotConfigured);
  });
});
