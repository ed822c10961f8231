// A pasted lecture whose headings are unnumbered lines (the walk of «Historia del Arte: el Románico»):
// a short line without a full stop right above its paragraph starts a section when the text has
// several headings, as a numbered («5.») or Markdown («#») one does; a paste of plain paragraphs, a
// single title line, an unbulleted list and a PDF's lines are read as before.
import { describe, expect, it } from 'vitest';
import { noteDrafts } from '../../src/domain/material/split.js';

const para = (topic: string) => `${topic} se estudia con cuidado en esta parte del curso, porque aparece en el examen y en los comentarios de obra de cada semana.`;

const ROMANICO = [
  'Historia del Arte: el Románico',
  '',
  'Características generales',
  para('El Románico'),
  '',
  'La arquitectura',
  para('La bóveda de cañón'),
  para('La bóveda de arista'),
  '',
  'La escultura',
  para('El tímpano'),
  '',
  'Resumen para el examen',
  '- Arco de medio punto y bóveda de cañón, sobre muros gruesos con contrafuertes.',
  '- Escultura subordinada a la arquitectura, en portadas y capiteles.',
].join('\n');

const topicOf = (text: string, words: string, opts: { pageStarts?: number[] } = {}) => noteDrafts(text, { fileName: 'Historia del Arte: el Románico.txt', ...opts }).find((d) => d.texto.includes(words))?.tema;

describe('unnumbered headings typed right above their paragraphs', () => {
  it('each starts its own section, its notes under its topic', () => {
    expect(topicOf(ROMANICO, 'El Románico se estudia')).toBe('características generales');
    expect(topicOf(ROMANICO, 'La bóveda de cañón se estudia')).toBe('la arquitectura');
    expect(topicOf(ROMANICO, 'El tímpano se estudia')).toBe('la escultura');
    expect(topicOf(ROMANICO, 'Arco de medio punto')).toBe('resumen para el examen');
    // No heading is read as the first words of its paragraph.
    const drafts = noteDrafts(ROMANICO, { fileName: 'x.txt' });
    expect(drafts.some((d) => /generales El Románico|arquitectura La bóveda/u.test(d.texto))).toBe(false);
  });

  it('alone between blank lines they were sections already, and still are', () => {
    const alone = ROMANICO.replace(/\n(Características generales|La arquitectura|La escultura|Resumen para el examen)\n/gu, '\n$1\n\n');
    expect(topicOf(alone, 'El Románico se estudia')).toBe('características generales');
    expect(topicOf(alone, 'El tímpano se estudia')).toBe('la escultura');
    expect(topicOf(alone, 'Arco de medio punto')).toBe('resumen para el examen');
  });

  it('a paste of plain paragraphs, or one title line above them, has no sections', () => {
    const plain = [para('El Románico'), '', para('La bóveda de cañón'), para('El tímpano')].join('\n');
    expect(new Set(noteDrafts(plain, { fileName: 'Arte.txt' }).map((d) => d.tema))).toEqual(new Set(['arte']));
    const titled = ['Apuntes del Románico', para('El Románico'), '', para('El tímpano')].join('\n');
    expect(topicOf(titled, 'El tímpano se estudia')).toBe('historia del Arte: el Románico');
    expect(noteDrafts('Apuntes del Románico', { fileName: 'x.txt' })).toHaveLength(1);
  });

  it('the lines a sentence announces, a list and a title block are no headings', () => {
    const listed = [
      'Historia del Arte',
      'Profesora García',
      '',
      'Características generales',
      para('El Románico'),
      '',
      'Los tipos de bóveda son estos:',
      'Bóveda de cañón',
      'Bóveda de arista',
      para('La cúpula'),
      '',
      '- Arco de medio punto',
      para('El arco'),
      '',
      'La escultura',
      '',
      para('El tímpano'),
    ].join('\n');
    const drafts = noteDrafts(listed, { fileName: 'x.txt' });
    // The text is written in sections: its heading above a paragraph is one.
    expect(drafts.find((d) => d.texto.includes('El Románico se estudia'))?.tema).toBe('características generales');
    expect(drafts.map((d) => d.tema)).not.toContain('bóveda de arista');
    expect(drafts.map((d) => d.tema)).not.toContain('historia del Arte');
    expect(drafts.map((d) => d.tema)).not.toContain('arco de medio punto');
    expect(drafts.some((d) => d.texto.includes('Bóveda de arista La cúpula'))).toBe(true);
  });

  it('a PDF\'s lines keep their reading: a short line above a paragraph there is where a column wrapped', () => {
    expect(topicOf(ROMANICO, 'El tímpano se estudia', { pageStarts: [0] })).toBe('historia del Arte: el Románico');
  });
});
