/**
 * One durable document (store/document.ts): a change is written before memory has it, a file of an
 * earlier layout is migrated once and rewritten, a damaged or newer file is refused and left as it is.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/lib/atomic.js';
import { DurableDocument, type DocumentFormat, type WriteText } from '../../src/store/document.js';
import { tempDir } from '../tools/helpers.js';

interface Shelf {
  version: 2;
  libros: Array<{ titulo: string; paginas: number }>;
}

let migrations = 0;
const format = (extra: Partial<DocumentFormat<Shelf>> = {}): DocumentFormat<Shelf> => ({
  version: 2,
  empty: () => ({ version: 2, libros: [] }),
  check: (d) => {
    const o = d as Shelf;
    if (!Array.isArray(o.libros)) return { ok: false, problem: 'no tiene la lista de libros' };
    const bad = o.libros.findIndex((l) => !(Number.isInteger(l.paginas) && l.paginas > 0));
    return bad >= 0 ? { ok: false, problem: `el libro ${bad + 1} no tiene un número de páginas` } : { ok: true, value: o };
  },
  // Version 1 was a plain list of titles.
  versionOf: (raw) => (Array.isArray(raw) ? 1 : (raw as { version?: number }).version),
  migrations: { 1: (old) => { migrations += 1; return { version: 2, libros: (old as string[]).map((titulo) => ({ titulo, paginas: 1 })) }; } },
  recovery: 'si lo borras, la estantería empieza vacía.',
  ...extra,
});

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
async function fileIn(): Promise<string> {
  const t = await tempDir('cv-document-');
  cleanups.push(t.cleanup);
  return path.join(t.dir, 'estanteria.json');
}
async function open(file: string, extra?: Partial<DocumentFormat<Shelf>>, write?: WriteText): Promise<DurableDocument<Shelf>> {
  const doc = new DurableDocument(file, format(extra), write);
  cleanups.push(() => doc.close());
  return doc.open();
}
const onDisk = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Shelf;

describe('a durable document', () => {
  it('a change whose write fails leaves memory and disk as they were', async () => {
    const file = await fileIn();
    let fail = false;
    const doc = await open(file, {}, async (f, text) => {
      if (fail) throw new Error('disco lleno');
      await writeFileAtomic(f, text);
    });
    await doc.mutate((d) => { d.libros.push({ titulo: 'Rayuela', paginas: 600 }); });
    const held = doc.data.libros[0]!;
    fail = true;
    await expect(doc.mutate((d) => { d.libros[0]!.paginas = 10; d.libros.push({ titulo: 'Ficciones', paginas: 200 }); })).rejects.toThrow('disco lleno');
    expect(doc.data.libros).toEqual([{ titulo: 'Rayuela', paginas: 600 }]);
    expect(held.paginas).toBe(600);
    expect(onDisk(file).libros).toEqual([{ titulo: 'Rayuela', paginas: 600 }]);
  });

  it('a change the check refuses is not written and not remembered, with a sentence saying why', async () => {
    const file = await fileIn();
    const doc = await open(file);
    await doc.mutate((d) => { d.libros.push({ titulo: 'Rayuela', paginas: 600 }); });
    const before = readFileSync(file, 'utf8');
    await expect(doc.mutate((d) => { d.libros.push({ titulo: 'Vacío', paginas: 0 }); })).rejects.toThrow(/No he guardado .*el libro 2 no tiene un número de páginas/);
    expect(doc.data.libros).toHaveLength(1);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('memory changes once the write is done, and the objects callers hold are the ones that change', async () => {
    const file = await fileIn();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let gated = false;
    const doc = await open(file, {}, async (f, text) => {
      if (gated) await gate;
      await writeFileAtomic(f, text);
    });
    // Released at the end whatever happens, so a failed expectation does not leave the write hanging.
    cleanups.push(async () => release());
    await doc.mutate((d) => { d.libros.push({ titulo: 'Rayuela', paginas: 600 }); });
    const held = doc.data.libros[0]!;
    gated = true;
    const change = doc.mutate((d) => { d.libros[0]!.paginas = 636; return d.libros.length; });
    // Not yet on disk: memory still says what the file says.
    await new Promise((resolve) => setImmediate(resolve));
    expect(held.paginas).toBe(600);
    release();
    expect(await change).toBe(1);
    expect(held.paginas).toBe(636);
    expect(onDisk(file).libros[0]!.paginas).toBe(636);
  });

  it('a file of an earlier layout is migrated on its first read and rewritten, so the next start reads it as it is', async () => {
    const file = await fileIn();
    writeFileSync(file, JSON.stringify(['Rayuela', 'Ficciones']));
    migrations = 0;
    const first = await open(file);
    expect(first.data.libros.map((l) => l.titulo)).toEqual(['Rayuela', 'Ficciones']);
    expect(migrations).toBe(1);
    // Rewritten at once in the current layout, before any change.
    expect(onDisk(file)).toEqual({ version: 2, libros: [{ titulo: 'Rayuela', paginas: 1 }, { titulo: 'Ficciones', paginas: 1 }] });
    await first.close();
    const second = await open(file);
    expect(second.data.libros).toHaveLength(2);
    expect(migrations).toBe(1);
  });

  it('a newer version or a damaged file is refused and left as it is', async () => {
    const file = await fileIn();
    writeFileSync(file, '{"version": 9, "libros": []}');
    await expect(open(file)).rejects.toThrow(/tiene la versión 9 y este programa solo entiende hasta la 2[\s\S]*si lo borras, la estantería empieza vacía/);
    writeFileSync(file, '{"version": 2, "libros": [{"titulo": "x", "paginas": -1}]}');
    await expect(open(file)).rejects.toThrow(/está dañado: el libro 1 no tiene un número de páginas/);
    writeFileSync(file, '{"version": 2, "lib');
    await expect(open(file)).rejects.toThrow(/no es JSON válido/);
    expect(readFileSync(file, 'utf8')).toBe('{"version": 2, "lib');
  });

  it('with a lock on each change, two writers of one file keep each other\'s changes', async () => {
    const file = await fileIn();
    const a = await open(file, { lock: { kind: 'each-change' } });
    const b = await open(file, { lock: { kind: 'each-change' } });
    await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => a.mutate((d) => { d.libros.push({ titulo: `a${i}`, paginas: 1 }); })),
      ...Array.from({ length: 5 }, (_, i) => b.mutate((d) => { d.libros.push({ titulo: `b${i}`, paginas: 1 }); })),
    ]);
    expect(onDisk(file).libros.map((l) => l.titulo).sort()).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'b0', 'b1', 'b2', 'b3', 'b4']);
  });

  it('with a lock on each change, a change runs once, on the fresh read, and a failed write leaves memory as the file is', async () => {
    const file = await fileIn();
    let fail = false;
    const doc = await open(file, { lock: { kind: 'each-change' } }, async (f, text) => {
      if (fail) throw new Error('disco lleno');
      await writeFileAtomic(f, text);
    });
    let runs = 0;
    // The id comes from the document: a change that ran twice would still give one id, but not one run.
    const id = await doc.mutate((d) => { runs += 1; d.libros.push({ titulo: `libro ${d.libros.length + 1}`, paginas: 10 }); return d.libros.length; });
    expect([id, runs]).toEqual([1, 1]);
    fail = true;
    await expect(doc.mutate((d) => { d.libros[0]!.paginas = 99; d.libros.push({ titulo: 'otro', paginas: 1 }); })).rejects.toThrow('disco lleno');
    expect(doc.data.libros).toEqual([{ titulo: 'libro 1', paginas: 10 }]);
    expect(onDisk(file).libros).toEqual([{ titulo: 'libro 1', paginas: 10 }]);
    fail = false;
    // A change that throws fails alone; the change that shares its write is written, the thrown one's half-change is not.
    const [bad, good] = await Promise.allSettled([
      doc.mutate((d) => { d.libros[0]!.paginas = 1; throw new Error('no'); }),
      doc.mutate((d) => { d.libros.push({ titulo: 'bien', paginas: 2 }); }),
    ]);
    expect([bad.status, good.status]).toEqual(['rejected', 'fulfilled']);
    expect(onDisk(file).libros).toEqual([{ titulo: 'libro 1', paginas: 10 }, { titulo: 'bien', paginas: 2 }]);
    // Each read is the caller's own: changing it changes neither the file nor the next read.
    (await doc.current()).libros.length = 0;
    expect((await doc.current()).libros).toHaveLength(2);
  });

  it('a read writes an earlier layout back at once; the write hook runs around each change\'s write, a migration met there included', async () => {
    const file = await fileIn();
    writeFileSync(file, JSON.stringify(['Rayuela']));
    const seen: Array<[number, number]> = [];
    const doc = new DurableDocument(file, format({ lock: { kind: 'each-change' } }), undefined, {
      snapshot: (d: Shelf) => d.libros.length,
      around: async (write: () => Promise<void>, before: number, next: Shelf) => {
        await write();
        seen.push([before, next.libros.length]);
      },
    });
    cleanups.push(() => doc.close());
    expect((await doc.current()).libros).toHaveLength(1);
    expect(onDisk(file).version).toBe(2);
    // A reader may be the hook's own work (the notes' index reads the notes): a read's write-back is not hooked.
    expect(seen).toEqual([]);
    writeFileSync(file, JSON.stringify(['Rayuela']));
    await doc.mutate((d) => { d.libros.push({ titulo: 'Ficciones', paginas: 200 }); });
    expect(seen).toEqual([[1, 1], [1, 2]]);
    expect(onDisk(file).libros).toHaveLength(2);
  });

  it('replace writes a whole document over a damaged file without reading it, and a change asked after it lands after it', async () => {
    const file = await fileIn();
    writeFileSync(file, '{"version": 2, "lib');
    const doc = new DurableDocument(file, format({ lock: { kind: 'each-change' } }));
    await expect(doc.current()).rejects.toThrow(/no es JSON válido/);
    const replaced = doc.replace({ version: 2, libros: [{ titulo: 'Rayuela', paginas: 600 }] });
    const changed = doc.mutate((d) => { d.libros.push({ titulo: 'Ficciones', paginas: 200 }); });
    await Promise.all([replaced, changed]);
    expect(onDisk(file).libros.map((l) => l.titulo)).toEqual(['Rayuela', 'Ficciones']);
    // A document the check refuses is not written.
    await expect(doc.replace({ version: 2, libros: [{ titulo: 'Vacío', paginas: 0 }] })).rejects.toThrow(/el libro 1 no tiene un número de páginas/);
    expect(onDisk(file).libros).toHaveLength(2);
  });
});
