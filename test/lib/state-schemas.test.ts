/**
 * The state files' schemas (src/lib/state-schemas.ts): compiled once, on first use or ahead of it by
 * `compileStateSchemas` — which the bot runs while it waits for the first message, so it must give
 * the event loop a turn between schemas (a message that arrives meanwhile waits for one compile at
 * most). Tier: rapido.
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { runStateProblem } from '../../src/agent/run-file.js';
import { checkCourse } from '../../src/store/courseFile.js';
import { compileStateSchemas, declaredStateSchemas, stateSchema } from '../../src/lib/state-schemas.js';
import '../../src/store/notesIndex.js';

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

  it('every declared state schema is valid JSON Schema: the meta-schema check the product skips at start-up', () => {
    const checker = new Ajv({ strict: true });
    // The run's, the course's and the notes index's (their modules are imported above), and this file's own.
    expect(declaredStateSchemas().length).toBeGreaterThanOrEqual(3);
    for (const schema of declaredStateSchemas()) expect(checker.validateSchema(schema), checker.errorsText(checker.errors)).toBe(true);
  });

  it('the files still get their sentences through the shared compiler', () => {
    expect(runStateProblem({ version: 4 })).toMatch(/le falta/);
    expect(checkCourse({ version: 1, titulo: 'Física', semanas: 'ninguna' })).toMatchObject({ ok: false });
  });
});
