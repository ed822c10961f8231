/**
 * `cuaderno curso importar` over the demo course does what accepting a syllabus in the chat does
 * (course-chat.ts): the demo's example notes still as shipped go, with their cards, and the terminal
 * says so; the student's own notes and cards stay, and a later import over their own course takes
 * nothing away. In process, over a real data folder.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openNotebook, readSeedNotes } from '../../src/store/index.js';
import { tempDir } from '../tools/helpers.js';
import { BIOLOGIA, cli } from './helpers.js';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempDir('cuaderno-cli-examples-')));
afterEach(() => cleanup());

describe('curso importar over the demo course', () => {
  it('takes the example notes and their cards away, keeps the student’s own, and says so', async () => {
    const seed = await readSeedNotes();
    const nb = await openNotebook(dir);
    expect((await nb.notes.list()).map((n) => n.id).sort((a, b) => a - b)).toEqual(seed.map((n) => n.id).sort((a, b) => a - b));
    const own = await nb.notes.add('biología', 'La membrana plasmática es una bicapa lipídica con proteínas.', 1);
    const example = seed[0]!;
    await nb.cards.append([
      { id_nota: example.id, tipo: 'tema', semana: 1, pregunta: '¿De qué tema es esta nota?', respuesta: example.tema },
      { id_nota: own.id, tipo: 'tema', semana: 1, pregunta: '¿De qué habla la nota de la membrana?', respuesta: 'biología' },
    ]);

    const r = await cli(dir, ['curso', 'importar', BIOLOGIA]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toContain(`Las ${seed.length} notas de ejemplo ya no están en tu cuaderno (ni la tarjeta hecha con ellas)`);

    const after = await openNotebook(dir);
    expect((await after.notes.list()).map((n) => n.id)).toEqual([own.id]);
    expect((await after.cards.list()).map((c) => c.id_nota)).toEqual([own.id]);
    expect((await after.course.read())?.semanas).toHaveLength(14);

    // Over the student's own course, an import removes nothing and says nothing about examples.
    const again = await cli(dir, ['curso', 'importar', BIOLOGIA]);
    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(again.stdout).not.toContain('ejemplo');
    expect((await (await openNotebook(dir)).notes.list()).map((n) => n.id)).toEqual([own.id]);
  });

  it('refused for the student’s own orphans, it removes nothing at all', async () => {
    const nb = await openNotebook(dir);
    const seedCount = (await nb.notes.list()).length;
    await nb.notes.add('historia', 'Una nota propia de una semana que el curso nuevo no tiene.', 3);
    const short = await tempDir('cuaderno-cli-examples-short-');
    try {
      const file = `${short.dir}/temario.txt`;
      await (await import('node:fs/promises')).writeFile(file, 'Mi curso\nSemana 1: Introducción\nSemana 2: Métodos\n');
      const r = await cli(dir, ['curso', 'importar', file]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('la semana 3');
      expect(await (await openNotebook(dir)).notes.list()).toHaveLength(seedCount + 1);
      expect(await (await openNotebook(dir)).course.read()).toBeNull();
    } finally {
      await short.cleanup();
    }
  });
});
