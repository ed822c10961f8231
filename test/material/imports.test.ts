/**
 * Imports on disk, exactly once (issue 26 §3): the pending import is written before it is shown,
 * the same file again adds nothing, a save repeated or resumed from what a kill leaves behind never
 * saves a note twice. Real notebook in a temp dir, real files.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { FILE_PROBLEMS, STATE_PROBLEMS } from '../../src/strings/console.js';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { openNotebook } from '../../src/store/index.js';
import type { Notebook } from '../../src/store/index.js';
import { createImports, IMPORTS_DIRNAME, type ImportRecord } from '../../src/domain/material/imports.js';
import { createTesseractOcr } from '../../src/domain/material/ocr.js';
import { proposalText, weekNameOf } from '../../src/domain/material/proposal.js';
import { MaterialError } from '../../src/domain/material/errors.js';
import { docx, textPdf } from '../support/material-fixtures.js';
import { DEMO_COURSE } from '../../src/domain/course/demo.js';
import { pasteName } from '../../src/bot/route-text.js';
import { sourceLabel } from '../../src/strings/notes.js';
import { PASSAGES } from '../../src/strings/passages.js';
import { topicAsWritten } from '../../src/lib/name-case.js';

const dirs: string[] = [];
const ocr = createTesseractOcr();
afterAll(async () => {
  await ocr.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

let notebook: Notebook;
let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-import-'));
  dirs.push(dataDir);
  notebook = await openNotebook(dataDir);
});
const imports = () => createImports({ dataDir, notes: notebook.notes, ocr, course: async () => DEMO_COURSE, audit: notebook.audit });

const GENETICA = [
  ['Genética', 'La genética estudia cómo se heredan los caracteres de padres a hijos. Mendel trabajó con guisantes y descubrió que los caracteres se transmiten por unidades que hoy llamamos genes.'],
  ['Los alelos son las formas distintas de un mismo gen. Un individuo homocigoto tiene dos alelos iguales y uno heterocigoto tiene dos alelos diferentes para ese carácter.'],
  ['Historia del arte', 'El impresionismo pintó la luz y el color al aire libre, con pinceladas sueltas y sin contornos. Monet y Renoir son sus pintores más conocidos del siglo diecinueve.'],
];

async function recordFiles(): Promise<string[]> {
  return (await readdir(path.join(dataDir, IMPORTS_DIRNAME))).filter((n) => n.endsWith('.json'));
}

describe('an import', () => {
  it('is written to disk as pending before it is shown; saving adds its notes once', async () => {
    const pdf = await textPdf(GENETICA);
    const before = (await notebook.notes.list()).length;
    const { record, yaExistia } = await imports().propose('Tema 4.pdf', pdf);
    expect(yaExistia).toBe(false);
    expect(record.estado).toBe('pendiente');
    expect(record.paginas).toBe(3);
    expect(await recordFiles()).toEqual([`${record.clave}.json`]);
    expect((await notebook.notes.list()).length).toBe(before);
    expect(record.propuesta.map((n) => n.tema)).toEqual(['genética', 'genética', 'historia del arte']);
    const text = proposalText(record, weekNameOf(DEMO_COURSE));
    // One document, one week — only a week most of its sections are about: two pages of genetics
    // and one of art in the demo course is none of its weeks, and no reason claims a majority.
    expect(text.split('\n')[0]).toBe('De «Tema 4.pdf» (3 páginas): 3 notas sin semana.');
    expect(text).not.toMatch(/la mayoría/);
    expect(text).toContain('1. La genética estudia cómo se heredan los caracteres de padres a hijos.');

    // A fresh instance (a restart) finds it and saves it.
    const saved = await imports().save(record.clave);
    expect(saved?.yaExistia).toBe(false);
    expect(saved?.notas).toEqual([before + 1, before + 2, before + 3]);
    const notes = await notebook.notes.list();
    expect(notes.slice(before).map((n) => n.texto)).toEqual(record.propuesta.map((n) => n.texto));

    // Saving again, or sending the same file again, adds nothing.
    expect((await imports().save(record.clave))?.yaExistia).toBe(true);
    const again = await imports().propose('otro nombre.pdf', pdf);
    expect(again.yaExistia).toBe(true);
    expect((await notebook.notes.list()).length).toBe(before + 3);
    // The save is audited once (issue 40, hole 11): the file's key and the notes' ids, never their text.
    const audited = (await notebook.audit.list()).filter((e) => e.event === 'importacion_guardada');
    expect(audited).toEqual([expect.objectContaining({ clave: record.clave, notas: [before + 1, before + 2, before + 3] })]);
    expect(JSON.stringify(audited)).not.toContain('genética');
  });

  it('a resumed save finds the note added just before a kill instead of adding it again', async () => {
    const { record } = await imports().propose('apuntes.md', new TextEncoder().encode(GENETICA.map((p) => p.join('\n\n')).join('\n\n')));
    const before = await notebook.notes.list();
    const baseId = before.reduce((m, n) => Math.max(m, n.id), 0);
    // What a kill right after the second note's `add` leaves: note 1 in its slot, note 2 added
    // to the notebook but its slot never written.
    const n1 = await notebook.notes.add(record.propuesta[0]!.tema, record.propuesta[0]!.texto);
    const n2 = await notebook.notes.add(record.propuesta[1]!.tema, record.propuesta[1]!.texto);
    const killed: ImportRecord = { ...record, estado: 'aceptada', baseId, guardadas: [n1.id, null, null] };
    await writeFile(path.join(dataDir, IMPORTS_DIRNAME, `${record.clave}.json`), JSON.stringify(killed));
    const saved = await imports().save(record.clave);
    expect(saved?.notas).toEqual([n1.id, n2.id, n2.id + 1]);
    const after = await notebook.notes.list();
    expect(after.length).toBe(before.length + 3);
    for (const p of record.propuesta) expect(after.filter((n) => n.texto === p.texto)).toHaveLength(1);
  });

  it('a save resumed after a kill between the notes and their slots adds none of them again', async () => {
    const { record } = await imports().propose('apuntes.md', new TextEncoder().encode(GENETICA.map((p) => p.join('\n\n')).join('\n\n')));
    const before = await notebook.notes.list();
    const baseId = before.reduce((m, n) => Math.max(m, n.id), 0);
    // What a kill right after the notes' one write leaves: every note in the notebook, no slot
    // written — in the first layout of the record (version 1, «guardando»), read as accepted.
    const added = await notebook.notes.addMany(record.propuesta);
    const { asunto: _a, ...v1 } = record;
    const killed = { ...v1, version: 1, estado: 'guardando', baseId, guardadas: record.propuesta.map(() => null) };
    await writeFile(path.join(dataDir, IMPORTS_DIRNAME, `${record.clave}.json`), JSON.stringify(killed));
    const saved = await imports().save(record.clave);
    expect(saved?.notas).toEqual(added.map((n) => n.id));
    expect((await notebook.notes.list()).length).toBe(before.length + record.propuesta.length);
  });

  it('a record of the first layout is written back in the current one on its first read; a damaged one is refused and kept', async () => {
    const { record } = await imports().propose('apuntes.md', new TextEncoder().encode(GENETICA.map((p) => p.join('\n\n')).join('\n\n')));
    const file = path.join(dataDir, IMPORTS_DIRNAME, `${record.clave}.json`);
    const { asunto: _a, ...v1 } = record;
    await writeFile(file, JSON.stringify({ ...v1, version: 1, estado: 'hecha' }));
    expect(await imports().find(record.clave)).toMatchObject({ version: 2, asunto: 'importacion', estado: 'aceptada', guardada: true });
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ version: 2, asunto: 'importacion', estado: 'aceptada', guardada: true });
    for (const text of ['{"version": 2, "clave": "', '[]', JSON.stringify({ ...record, version: 7 })]) {
      await writeFile(file, text);
      await expect(imports().save(record.clave)).rejects.toThrow(text === '[]' || text.length < 30 ? FILE_PROBLEMS.importRecord(file) : STATE_PROBLEMS.importVersion(file, '7', 2));
      expect(await readFile(file, 'utf8')).toBe(text);
    }
  });

  it('a big import writes the notebook once, not once per note', async () => {
    const text = Array.from({ length: 40 }, (_, i) => `Tema ${i + 1}\n\n${GENETICA[0]![1]} Apartado ${i + 1}.`).join('\n\n');
    const { record } = await imports().propose('largo.md', new TextEncoder().encode(text));
    expect(record.propuesta.length).toBe(40);
    const writes: number[] = [];
    const stop = notebook.notes.onChange((all) => writes.push(all.length));
    const saved = await imports().save(record.clave);
    stop();
    expect(saved?.notas).toHaveLength(40);
    expect(writes).toHaveLength(1);
  });

  it('notes the notebook already holds are left out and counted; a file with the same text under other bytes is «ya lo tenía»', async () => {
    const first = await imports().propose('Genetica.md', new TextEncoder().encode(GENETICA.map((p) => p.join('\n\n')).join('\n\n')));
    await imports().save(first.record.clave);
    const saved = (await notebook.notes.list()).length;
    // A new lecture that repeats the first's genetics paragraph and adds one of its own.
    const NEW = 'La meiosis reparte los cromosomas en cuatro células hijas con la mitad de cromosomas, y el sobrecruzamiento mezcla los alelos de cada pareja.';
    const next = await imports().propose('Meiosis.md', new TextEncoder().encode(`Genética\n\n${GENETICA[0]![1]}\n\nMeiosis\n\n${NEW}`));
    expect(next.yaExistia).toBe(false);
    expect(next.record.propuesta.map((n) => n.texto)).toEqual([NEW]);
    expect(next.record.yaTenias).toBe(1);
    expect(proposalText(next.record, weekNameOf(DEMO_COURSE)).split('\n')).toContain('1 ya la tenías en tu cuaderno: no la añado otra vez.');
    // The first file again with other line breaks and a trailing space: other bytes, the same text.
    const again = await imports().propose('Genetica (copia).md', new TextEncoder().encode(`${GENETICA.map((p) => p.join('\n')).join('\n\n')} \n`));
    expect(again.yaExistia).toBe(true);
    expect(again.record.nombre).toBe('Genetica.md');
    expect((await notebook.notes.list()).length).toBe(saved);
  });

  it('a Word document is proposed and saved like a text file: its headings are the topics', async () => {
    const bytes = docx([{ heading: GENETICA[0]![0]! }, GENETICA[0]![1]!, GENETICA[1]![0]!, { heading: GENETICA[2]![0]! }, GENETICA[2]![1]!]);
    const { record } = await imports().propose('Tema 5.docx', bytes);
    expect([record.tipo, record.paginas]).toEqual(['word', null]);
    expect(record.propuesta.map((n) => n.tema)).toEqual(['genética', 'genética', 'historia del arte']);
    expect(proposalText(record, weekNameOf(DEMO_COURSE)).split('\n')[0]).toBe('De «Tema 5.docx»: 3 notas para la semana 3 «Historia del arte».');
    const saved = await imports().save(record.clave);
    expect(saved?.notas).toHaveLength(3);
    expect((await imports().propose('copia.docx', bytes)).yaExistia).toBe(true);
  });

  it('a pasted text is named by its title, never a file\'s name: the proposal, its reason, the notes\' source', async () => {
    const im = imports();
    const text = 'Apuntes de historia del arte.\n\nEl impresionismo pintó la luz y el color al aire libre, con pinceladas sueltas y sin contornos. Monet y Renoir son sus pintores más conocidos del siglo diecinueve.';
    const { record } = await im.propose(pasteName(text), new TextEncoder().encode(text), { pegado: true });
    expect([record.nombre, record.tipo]).toEqual(['Apuntes de historia del arte', 'texto']);
    // The student made no file: its first words are its title, and the reason says so.
    expect(proposalText(record, weekNameOf(DEMO_COURSE)).split('\n').slice(0, 2)).toEqual([
      'De «Apuntes de historia del arte»: 1 nota para la semana 3 «Historia del arte».',
      'Todo va a la semana 3 porque el título del texto, «Apuntes de historia del arte», trata de lo mismo que el de esa semana.',
    ]);
    // Read again for another week, it is still read as a text, under the same topic.
    const moved = await im.changeWeek(record.clave, 2);
    expect(moved?.propuesta.map((n) => n.tema)).toEqual(record.propuesta.map((n) => n.tema));
    await im.save(record.clave);
    const [note] = (await notebook.notes.list()).filter((n) => n.origen);
    expect(note!.origen).toEqual({ archivo: 'Apuntes de historia del arte', pagina: null });
    // What /notas, a quote's source line and /tarjetas show of it.
    expect([sourceLabel(note!.origen), PASSAGES.source({ noteId: note!.id, origen: note!.origen! }), topicAsWritten(note!.tema, note!.texto)])
      .toEqual(['Apuntes de historia del arte', 'Apuntes de historia del arte', 'Apuntes de historia del arte']);
    // A real text file keeps its name.
    expect((await im.propose('apuntes.txt', new TextEncoder().encode(GENETICA[1]![0]!))).record.nombre).toBe('apuntes.txt');
  });

  it('two saves at once still save each note once', async () => {
    const { record } = await imports().propose('a.txt', new TextEncoder().encode(GENETICA.flat().join('\n\n')));
    const before = (await notebook.notes.list()).length;
    const [a, b] = await Promise.all([imports().save(record.clave), imports().save(record.clave)]);
    expect(a?.notas).toEqual(b?.notas);
    expect((await notebook.notes.list()).length).toBe(before + record.propuesta.length);
  });

  it('changing the week re-proposes every note for it; discarding forgets a pending import only', async () => {
    const im = imports();
    const { record } = await im.propose('a.txt', new TextEncoder().encode(GENETICA.flat().join('\n\n')));
    const moved = await im.changeWeek(record.clave, 2);
    expect(moved?.propuesta.map((n) => n.semana)).toEqual(record.propuesta.map(() => 2));
    expect(proposalText(moved!, weekNameOf(DEMO_COURSE)).split('\n')[0]).toMatch(/notas para la semana 2 «Python»\.$/);
    expect((await im.find(record.clave.slice(0, 24)))?.semana).toBe(2);
    expect(await im.discard(record.clave)).toBe(true);
    expect(await im.find(record.clave.slice(0, 24))).toBeUndefined();
  });

  it('a draft is corrected by the student before saving', async () => {
    const im = imports();
    const { record } = await im.propose('b.txt', new TextEncoder().encode(GENETICA[1]![0]!));
    const fixed = await im.correct(record.clave, 'Texto corregido por mí sobre los alelos, que son las formas distintas de un mismo gen; el homocigoto tiene dos iguales y el heterocigoto dos diferentes.');
    expect(fixed?.propuesta.map((n) => n.texto)).toEqual([fixed!.texto]);
    expect((await im.save(record.clave))?.notas).toHaveLength(1);
  });

  it('a file that cannot be read leaves nothing on disk', async () => {
    const before = (await notebook.notes.list()).length;
    const e = await imports().propose('x.pdf', new TextEncoder().encode('no soy un pdf')).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(MaterialError);
    await expect(readdir(path.join(dataDir, IMPORTS_DIRNAME))).rejects.toThrow();
    expect((await notebook.notes.list()).length).toBe(before);
  });
});
