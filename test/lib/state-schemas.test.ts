/**
 * The state files' schemas (src/lib/state-schemas.ts): compiled once, on first use or ahead of it by
 * `compileStateSchemas` — which the bot runs while it waits for the first message, so it must give
 * the event loop a turn between schemas (a message that arrives meanwhile waits for one compile at
 * most). Tier: rapido.
 */
import { describe, expect, it } from 'vitest';
import { runStateProblem } from '../../src/agent/run-file.js';
import { checkCourse } from '../../src/store/courseFile.js';
import { compileStateSchemas, stateSchema } from '../../src/lib/state-schemas.js';

describe('state schemas', () => {
  it('a declared schema is compiled once: the same validator before and after the ahead-of-use pass', async () => {
    const get = stateSchema<{ n: number }>({ type: 'object', required: ['n'], properties: { n: { type: 'integer' } }, additionalProperties: false });
    await compileStateSchemas();
    const compiled = get();
    expect(compiled({ n: 1 })).toBe(true);
    expect(compiled({ n: 'uno' })).toBe(false);
    await compileStateSchemas();
    expect(get()).toBe(compiled);
  });

  it('the ahead-of-use pass lets the event loop turn between schemas', async () => {
    // The run's, the course's and the notes index's schemas are declared by their modules (imported above).
    let turns = 0;
    let done = false;
    const tick = () => {
      turns += 1;
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    await compileStateSchemas();
    done = true;
    // The meta-schema, then at least those three, each after a turn of its own.
    expect(turns).toBeGreaterThanOrEqual(4);
  });

  it('the files still get their sentences through the shared compiler', () => {
    expect(runStateProblem({ version: 4 })).toMatch(/le falta/);
    expect(checkCourse({ version: 1, titulo: 'Física', semanas: 'ninguna' })).toMatchObject({ ok: false });
  });
});
