/**
 * «Leer de nuevo»'s pure parts and its store step (issue 43 §7): the plan that pairs old notes with
 * today's passages, which document the student's words name, a new version of a lecture, the kept
 * files' bounds, and the notes' one-write rewrite applied twice.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createNotesStore } from '../../src/store/notesFile.js';
import { openNotebook } from '../../src/store/index.js';
import { readCourse } from '../../src/tools/index.js';
import { createImports } from '../../src/domain/material/imports.js';
import { createTesseractOcr } from '../../src/domain/material/ocr.js';
import { createRereads } from '../../src/domain/material/reread.js';
import { createOriginals, ORIGINALS_DIRNAME } from '../../src/domain/material/originals.js';
import { planReread } from '../../src/domain/material/reread-plan.js';
import { previousVersion } from '../../src/domain/material/versions.js';
import { documentsNamed } from '../../src/domain/material/which-document.js';

const P1 = 'El segundo principio establece que el calor no fluye de forma espontánea de un cuerpo frío a uno caliente. Es la formulación de Clausius.';
const P2 = 'Una máquina térmica toma calor de un foco caliente, convierte una parte en trabajo y cede el resto a un foco frío, y su rendimiento nunca llega a la unidad.';
const P3 = 'El ciclo de Carnot está formado por dos isotermas y dos adiabáticas reversibles, y ninguna máquina entre los mismos focos rinde más que la de Carnot.';
const P4 = 'La entropía es una función de estado que mide la dispersión de la energía y nunca disminuye en un sistema aislado.';
const passage = (texto: string) => ({ tema: 'segundo principio', texto, pagina: 1 });
const old = (id: number, texto: string, edited = false) => ({ id, texto, semana: 4, edited });

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});
const tmp = async () => {
  const d = await mkdtemp(path.join(os.tmpdir(), 'cv-reread-'));
  dirs.push(d);
  return d;
};

describe('the re-read plan', () => {
  it('keeps the same passage, replaces a passage cut elsewhere in place, adds the lost one', () => {
    const cut = P2.split(' ');
    const plan = planReread([old(1, P1), old(2, `${P2} ${P3.split(' ').slice(0, 6).join(' ')}`), old(3, P3.split(' ').slice(6).join(' '))], [P1, P2, P3, P4].map(passage));
    expect(cut.length).toBeGreaterThan(10);
    expect(plan.replaced).toEqual([{ id: 1, passage: 0, same: true }, { id: 2, passage: 1, same: false }, { id: 3, passage: 2, same: false }]);
    expect(plan.added).toEqual([3]);
    expect(plan.removed).toEqual([]);
  });

  it('a note split in two by the old reader: its id stays on the half that holds most of it, the other goes into it', () => {
    const words = P2.split(' ');
    const plan = planReread([old(7, words.slice(0, 20).join(' ')), old(8, words.slice(20).join(' '))], [passage(P2)]);
    expect(plan.replaced).toEqual([{ id: 7, passage: 0, same: false }]);
    expect(plan.removed).toEqual([{ id: 8, into: 0 }]);
    expect(plan.added).toEqual([]);
  });

  it('a note the student edited is theirs: untouched, and what it holds is not added again', () => {
    const plan = planReread([old(1, P1), old(2, `${P2} Mi resumen: nunca el cien por cien.`, true)], [P1, P2, P4].map(passage));
    expect(plan.kept).toEqual([2]);
    expect(plan.skipped).toEqual([1]);
    expect(plan.replaced).toEqual([{ id: 1, passage: 0, same: true }]);
    expect(plan.added).toEqual([2]);
  });

  it('a note the student rewrote is theirs: the passage it was imported from is not added back beside it', () => {
    const rewritten = 'Máquina térmica: del foco caliente saca calor, hace trabajo con parte y tira el resto al frío. Nunca rinde el 100 %.';
    const plan = planReread([old(1, P1), { ...old(2, rewritten, true), original: P2 }], [P1, P2, P4].map(passage));
    expect(plan.kept).toEqual([2]);
    expect(plan.skipped).toEqual([1]);
    expect(plan.added).toEqual([2]);
  });
});

describe('which document the words name', () => {
  const docs = [
    { nombre: 'Tema5.pdf', texto: 'Tema 5. Segundo principio de la termodinámica' },
    { nombre: 'Tema 15 - Óptica.pdf', texto: 'La luz' },
    { nombre: 'apuntes.docx', texto: 'Apuntes de genética: Mendel y los guisantes' },
  ];
  it('by name (tema5 is tema 5, never tema 15), by opening, by most of the words, or none', () => {
    expect(documentsNamed('tema 5', docs)).toEqual([0]);
    expect(documentsNamed('tema5 pdf', docs)).toEqual([0]);
    expect(documentsNamed('el tema 15', docs)).toEqual([1]);
    expect(documentsNamed('óptica', docs)).toEqual([1]);
    expect(documentsNamed('genética', docs)).toEqual([2]);
    expect(documentsNamed('apuntes de termodinámica', docs)).toEqual([0, 2]);
    expect(documentsNamed('historia del arte', docs)).toEqual([]);
  });
});

describe('a new version of a lecture', () => {
  it('holds an earlier import whole and adds to it; the same text or a different one is not one', () => {
    const before = [P1, P2, P3].join('\n\n');
    const known = [{ texto: P4 }, { texto: before }];
    expect(previousVersion([P1, P2, P3, P4].join('\n\n'), known, (k) => k.texto)).toBe(known[1]);
    expect(previousVersion(before, known, (k) => k.texto)).toBeUndefined();
    expect(previousVersion([P1, P4].join('\n\n'), known, (k) => k.texto)).toBeUndefined();
  });
});

describe('the kept files', () => {
  it('are bounded: past the count, the ones kept longest go first', async () => {
    const dir = await tmp();
    const originals = createOriginals(dir, { maxFiles: 2 });
    const keys = ['a', 'b', 'c'].map((c) => c.repeat(64));
    for (const [i, k] of keys.entries()) await originals.keep(k, new Uint8Array([i]));
    expect((await readdir(path.join(dir, ORIGINALS_DIRNAME))).filter((n) => !n.startsWith('.')).length).toBe(2);
    expect(await originals.has(keys[2]!)).toBe(true);
    expect(await originals.read(keys[2]!)).toEqual(new Uint8Array([2]));
    // A key that is not a SHA-256 names no file.
    expect(await originals.read('../notas.json')).toBeUndefined();
  });
});

describe('the notes rewritten in one write', () => {
  it('in place, removed, added — and applied again after a kill, changes nothing twice', async () => {
    const dir = await tmp();
    const store = createNotesStore(path.join(dir, 'notas.json'));
    await store.list();
    const [a, b] = await store.addMany([{ tema: 't', texto: 'uno', semana: 4 }, { tema: 't', texto: 'dos', semana: 4 }]);
    const baseId = b!.id;
    const change = { update: [{ id: a!.id, tema: 't', texto: 'uno bien leído', origen: { archivo: 'T.pdf', pagina: 1 } }], remove: [b!.id], add: [{ tema: 't', texto: 'tres', semana: 4, origen: { archivo: 'T.pdf', pagina: 2 } }], baseId };
    const ids = await store.rewrite(change);
    expect(await store.rewrite(change)).toEqual(ids);
    const mine = (await store.list()).filter((n) => n.id >= a!.id);
    expect(mine.map((n) => [n.id, n.texto, n.semana, n.origen?.pagina])).toEqual([[a!.id, 'uno bien leído', 4, 1], [ids[0], 'tres', 4, 2]]);
  });
});

describe('a text read again', () => {
  it('needs no file, and a passage another note already holds is not added twice', async () => {
    const dir = await tmp();
    const nb = await openNotebook(path.join(dir, 'data'), { keysDir: path.join(dir, 'claves') });
    const ocr = createTesseractOcr();
    try {
      const course = () => readCourse(nb);
      const imports = createImports({ dataDir: nb.dataDir, notes: nb.notes, ocr, course, audit: nb.audit });
      const rereads = createRereads({ dataDir: nb.dataDir, imports, notes: nb.notes, cards: nb.cards, audit: nb.audit, course, ocr });
      const P5 = `${P4} Por eso el calor no pasa solo del cuerpo frío al caliente, y toda máquina real pierde algo de energía útil en cada ciclo que recorre.`;
      const elsewhere = await nb.notes.add('entropía', P5);
      const key = 'f'.repeat(64);
      const { record } = await imports.proposeText(key, 'apuntes.txt', 'texto', [P1, P2, P3, P5].join('\n\n'));
      expect(record.yaTenias).toBe(1);
      await imports.save(key);
      const got = await rereads.start(key);
      expect(got?.kind).toBe('propuesta');
      const r = got!.kind === 'propuesta' ? got!.record : undefined;
      expect(r!.plan).toMatchObject({ nuevas: [], saltadas: 1, cambiadas: [], quitadas: [] });
      expect(r!.plan!.iguales.map((x) => x.id)).toHaveLength(3);
      await rereads.save(key);
      expect((await nb.notes.list()).filter((n) => n.texto === P5).map((n) => n.id)).toEqual([elsewhere.id]);
    } finally {
      await ocr.close();
    }
  });
});
