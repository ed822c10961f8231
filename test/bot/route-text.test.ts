// The one routing rule for free text (issues 25 and 26): a syllabus, material, or a message.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MATERIAL_MIN_CHARS, classifyText } from '../../src/bot/route-text.js';
import { SYLLABUS } from '../../src/strings/course.js';

const DIR = new URL('../fixtures/syllabi/', import.meta.url);
const syllabi = readdirSync(DIR).filter((f) => f.endsWith('.txt'));

describe('classifyText', () => {
  it.each(syllabi)('the fixture syllabus %s is a syllabus', (name) => {
    const r = classifyText(readFileSync(new URL(name, DIR), 'utf8'));
    expect(r.kind).toBe('temario');
  });

  it('requests, even naming weeks, are messages', () => {
    for (const t of ['prepara la semana 12', 'hola', 'cambia el título de la semana 3 a Barroco', 'haz la portada de la semana 2 y la semana 3']) {
      expect(classifyText(t).kind, t).toBe('mensaje');
    }
  });

  it('long prose is material, even with a short numbered list inside', () => {
    const prose = 'La mitosis es la división del núcleo de una célula en dos núcleos con el mismo número de cromosomas. '.repeat(12);
    expect(classifyText(prose).kind).toBe('material');
    const withList = `${prose}\n1. Profase\n2. Metafase\n${prose}`;
    expect(classifyText(withList).kind).toBe('material');
    expect(Array.from(prose).length).toBeGreaterThanOrEqual(MATERIAL_MIN_CHARS);
  });

  it('a short pasted programme is a syllabus', () => {
    const r = classifyText('Genética\nSemana 1: Mendel\nSemana 2: Ligamiento');
    expect(r).toMatchObject({ kind: 'temario', course: { titulo: 'Genética', semanas: [{ numero: 1, titulo: 'Mendel' }, { numero: 2, titulo: 'Ligamiento' }] } });
  });

  it('a syllabus the parser refuses gets its sentence', () => {
    expect(classifyText('Semana 1: Célula\nSemana 2: Membrana\nSemana 2: Núcleo')).toEqual({ kind: 'temario_malo', problem: SYLLABUS.duplicateWeek(2, 2, 3) });
    expect(classifyText('Semana 1: Célula\nSemana 3: Membrana')).toEqual({ kind: 'temario_malo', problem: SYLLABUS.missingWeek(2, 3) });
  });
});
