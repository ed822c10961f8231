/**
 * An older install for the «leer de nuevo» tests (issue 43 §7): the data folder as a reader before
 * this change left it — notas.json version 2 (no sources) with a lecture's notes cut mid-sentence,
 * its deck and review, its import record — and no file kept. From test/fixtures/relectura/tema5.json.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SEED_NOTES_FILE } from '../../src/store/notesFile.js';

export interface Fixture {
  paginas: string[][];
  antiguas: { version: 2; notas: { id: number; tema: string; texto: string; semana: number }[] };
  tarjetas: unknown;
  repaso: { tarjetas: Record<string, unknown> };
}
export const FIXTURE = new URL('../fixtures/relectura/tema5.json', import.meta.url);

/** The data folder as an older install left it: the demo notes and the lecture's three notes, its deck, its review, its import. */
export async function olderInstall(dataDir: string, fx: Fixture, pdf: Uint8Array): Promise<string> {
  const seed = JSON.parse(await readFile(SEED_NOTES_FILE, 'utf8')) as { id: number; tema: string; texto: string }[];
  const notas = [...seed.map((n) => ({ ...n, semana: Math.ceil(n.id / 3) })), ...fx.antiguas.notas];
  await mkdir(dataDir, { recursive: true });
  await writeFile(path.join(dataDir, 'notas.json'), JSON.stringify({ version: 2, notas }));
  await writeFile(path.join(dataDir, 'tarjetas.json'), JSON.stringify(fx.tarjetas));
  await writeFile(path.join(dataDir, 'repaso.json'), JSON.stringify(fx.repaso));
  const clave = createHash('sha256').update(pdf).digest('hex');
  const record = {
    version: 1, clave, nombre: 'Tema5.pdf', tipo: 'pdf', paginas: 2,
    texto: fx.antiguas.notas.map((n) => n.texto).join('\n\n'),
    propuesta: fx.antiguas.notas.map((n) => ({ tema: n.tema, texto: n.texto, semana: n.semana })),
    creada: '2026-11-20T09:00:00.000Z', estado: 'hecha', baseId: 12, guardadas: fx.antiguas.notas.map((n) => n.id),
  };
  await mkdir(path.join(dataDir, 'importaciones'), { recursive: true });
  await writeFile(path.join(dataDir, 'importaciones', `${clave}.json`), JSON.stringify(record));
  return clave;
}

export const auditEvents = async (dataDir: string) => (await readFile(path.join(dataDir, 'auditoria.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
