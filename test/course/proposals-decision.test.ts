// A course proposal is a pending decision (store/decision.ts): created pending, its payload changed
// only while pending, decided once (a second tap refused), and a record of the first layout
// (estado hecha / descartada) read as decided.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COURSE_PROPOSALS_DIRNAME, createCourseProposals } from '../../src/bot/course-proposals.js';
import { tempDir } from '../tools/helpers.js';
import { STATE_PROBLEMS } from '../../src/strings/console.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => { tmp = await tempDir(); });
afterEach(async () => { await tmp.cleanup(); });

const COURSE = { titulo: 'Biología', semanas: [{ numero: 1, titulo: 'La célula', inicio: null, terminos: ['célula'] }] };

describe('a course proposal as a pending decision', () => {
  it('decided once: the second answer is refused and the first stands; the payload no longer changes', async () => {
    const proposals = createCourseProposals(tmp.dir);
    const p = await proposals.create({ tipo: 'temario', curso: COURSE as never, base: 'b'.repeat(16), texto: 'x' });
    expect(p).toMatchObject({ asunto: 'curso', estado: 'pendiente' });
    expect(await proposals.update(p.clave, (r) => ({ ...r, texto: 'y' }))).toMatchObject({ texto: 'y' });
    const first = await proposals.decide(p.clave, 'aceptada', 'Ana');
    expect(first).toMatchObject({ ok: true, next: { estado: 'aceptada', por: 'Ana' } });
    expect(await proposals.decide(p.clave, 'rechazada', 'Bea')).toEqual({ ok: false, refusal: 'ya_decidida' });
    expect(await proposals.update(p.clave, (r) => ({ ...r, texto: 'z' }))).toBeUndefined();
    expect(await proposals.find(p.clave)).toMatchObject({ estado: 'aceptada', por: 'Ana', texto: 'y' });
    expect(await proposals.decide('0'.repeat(16), 'aceptada')).toEqual({ ok: false, refusal: 'desconocida' });
  });

  it('records of the first layout: hecha is aceptada, descartada rechazada, pendiente still open', async () => {
    const dir = path.join(tmp.dir, COURSE_PROPOSALS_DIRNAME);
    await mkdir(dir, { recursive: true });
    const v1 = (clave: string, estado: string) => writeFile(path.join(dir, `${clave}.json`), JSON.stringify({ version: 1, clave, tipo: 'temario', curso: COURSE, base: 'b'.repeat(16), estado, creada: '2030-01-01T00:00:00.000Z' }));
    await v1('1'.repeat(16), 'hecha');
    await v1('2'.repeat(16), 'descartada');
    await v1('3'.repeat(16), 'pendiente');
    const proposals = createCourseProposals(tmp.dir);
    expect((await proposals.find('1'.repeat(16)))?.estado).toBe('aceptada');
    expect((await proposals.find('2'.repeat(16)))?.estado).toBe('rechazada');
    expect(await proposals.decide('1'.repeat(16), 'rechazada')).toEqual({ ok: false, refusal: 'ya_decidida' });
    expect(await proposals.decide('3'.repeat(16), 'sustituida')).toMatchObject({ ok: true, next: { asunto: 'curso', estado: 'sustituida' } });
    expect(JSON.parse(await readFile(path.join(dir, `${'3'.repeat(16)}.json`), 'utf8'))).toMatchObject({ version: 2, estado: 'sustituida' });
  });

  it('a record of the first layout is written back in the current one on its first read, once', async () => {
    const dir = path.join(tmp.dir, COURSE_PROPOSALS_DIRNAME);
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${'4'.repeat(16)}.json`);
    await writeFile(file, JSON.stringify({ version: 1, clave: '4'.repeat(16), tipo: 'temario', curso: COURSE, base: 'b'.repeat(16), estado: 'hecha', creada: '2030-01-01T00:00:00.000Z' }));
    expect((await createCourseProposals(tmp.dir).find('4'.repeat(16)))?.estado).toBe('aceptada');
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ version: 2, asunto: 'curso', estado: 'aceptada' });
  });

  it('a damaged record is refused with which file and how to recover, and left as it was', async () => {
    const dir = path.join(tmp.dir, COURSE_PROPOSALS_DIRNAME);
    await mkdir(dir, { recursive: true });
    const key = '5'.repeat(16);
    const file = path.join(dir, `${key}.json`);
    for (const text of ['{"version": 2, "clave": "5', JSON.stringify({ version: 9, clave: key })]) {
      await writeFile(file, text);
      const proposals = createCourseProposals(tmp.dir);
      await expect(proposals.find(key)).rejects.toThrow(file);
      await expect(proposals.decide(key, 'aceptada')).rejects.toThrow(STATE_PROBLEMS.courseProposalFix);
      expect(await readFile(file, 'utf8')).toBe(text);
    }
  });
});
