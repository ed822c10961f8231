// A pasted lecture whose headings are numbered lines (the walk of «Geología»): every numbered heading
// line starts a section, with or without a blank line under it, with or without «## », and an aside in
// brackets at its end («(repaso)») keeps it a heading.
import { describe, expect, it } from 'vitest';
import { noteDrafts } from '../../src/domain/material/split.js';

const para = (topic: string) => `${topic} se estudia con cuidado en esta parte del curso, porque aparece en el examen y en las prácticas de laboratorio de cada semana.`;

const LECTURE = [
  'APUNTES DE ECOLOGÍA',
  'Apuntes de clase – Profesora Ruiz – curso 2026-27',
  '',
  '1. Los biomas',
  '',
  para('El bioma'),
  '',
  '2. Las cadenas tróficas',
  para('La cadena trófica'),
  '',
  '## 3. Los ciclos del carbono',
  para('El ciclo del carbono'),
  '',
  '4. Los descomponedores (repaso)',
  '- Hongos: descomponen la madera y las hojas caídas del bosque a lo largo de todo el año.',
  '- Bacterias: descomponen casi todo lo demás que cae al suelo, también la materia animal.',
  '',
  'Ejemplos numerados, que no son apartados:',
  '1. El roble',
  '2. La encina',
  '',
  '5. Las poblaciones',
  para('La población'),
].join('\n');

describe('numbered headings as plain lines', () => {
  it('each starts its own section, its notes under its topic', () => {
    const drafts = noteDrafts(LECTURE, { fileName: 'ecologia.txt' });
    const at = (words: string) => drafts.find((d) => d.texto.includes(words))?.tema;
    // The title block above the first heading is no section: its note is the first section's.
    expect(at('APUNTES DE ECOLOGÍA')).toBe('1. los biomas');
    expect(at('El bioma se estudia')).toBe('1. los biomas');
    expect(at('La cadena trófica se estudia')).toBe('2. las cadenas tróficas');
    expect(at('El ciclo del carbono se estudia')).toBe('3. los ciclos del carbono');
    expect(at('Hongos: descomponen')).toBe('4. los descomponedores (repaso)');
    expect(at('La población se estudia')).toBe('5. las poblaciones');
    // A numbered list's items stay list items, in their note.
    expect(drafts.map((d) => d.tema)).not.toContain('1. el roble');
    expect(drafts.some((d) => d.texto.includes('1. El roble\n2. La encina'))).toBe(true);
    // No heading is read as the first words of its paragraph.
    expect(drafts.some((d) => /las cadenas tróficas La cadena/i.test(d.texto))).toBe(false);
  });
});
