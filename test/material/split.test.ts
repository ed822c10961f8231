/** Splitting extracted text into notes (issue 26 §3): pure, no files. */
import { DEMO_COURSE } from '../../src/domain/course/demo.js';
import { describe, expect, it } from 'vitest';
import { topicAsWritten } from '../../src/lib/name-case.js';
import { courseWeekOf, cutLong, noteDrafts, NOTE_MAX, NOTE_MIN, photoTopics, splitIntoNotes, topicFromName } from '../../src/domain/material/split.js';

const sentence = (i: number) => `La frase número ${i} explica una idea completa sobre la herencia genética y sus leyes. `;
const para = (n: number, from = 0) => Array.from({ length: n }, (_, i) => sentence(from + i)).join('').trim();

describe('splitIntoNotes', () => {
  it('splits on headings: each section its topic, each note within bounds', () => {
    const text = `# Genética\n\n${para(3)}\n\n${para(2, 10)}\n\n## Evolución\n\n${para(4, 20)}`;
    const notes = splitIntoNotes(text, { fileName: 'Tema 4.md' });
    expect(notes.map((n) => n.tema)).toEqual(['genética', 'genética', 'evolución']);
    for (const n of notes) {
      expect(n.texto.length).toBeGreaterThanOrEqual(NOTE_MIN);
      expect(n.texto.length).toBeLessThanOrEqual(NOTE_MAX);
    }
    expect(notes[2]!.texto).toBe(para(4, 20));
  });

  it('a paragraph longer than a note is cut at sentence ends, never mid-sentence', () => {
    const long = para(40);
    expect(long.length).toBeGreaterThan(NOTE_MAX * 2);
    const notes = splitIntoNotes(long, { fileName: 'largo.txt' });
    expect(notes.length).toBeGreaterThanOrEqual(3);
    for (const n of notes) {
      expect(n.texto.length).toBeLessThanOrEqual(NOTE_MAX);
      expect(n.texto.length).toBeGreaterThanOrEqual(NOTE_MIN);
      expect(n.texto).toMatch(/^La frase número \d+ .*leyes\.$/s);
    }
    expect(notes.map((n) => n.texto).join(' ')).toBe(long);
  });

  it('short paragraphs are merged until a note is long enough', () => {
    const text = ['Primera idea corta.', 'Segunda idea corta.', 'Tercera idea corta.', 'Cuarta idea corta.', 'Quinta idea corta.', 'Sexta idea corta y final.', 'Séptima.'].join('\n\n');
    const notes = splitIntoNotes(text, { fileName: 'ideas.txt' });
    expect(notes).toHaveLength(1);
    expect(notes[0]!.texto.split('\n\n')).toHaveLength(7);
  });

  it('without headings the topic is the file name; a PDF line wrap is not a paragraph', () => {
    const notes = splitIntoNotes(`${sentence(1)}\ncontinúa en la línea siguiente y ${sentence(2)}`, { fileName: 'Tema 4.pdf' });
    expect(notes).toHaveLength(1);
    expect(notes[0]!.tema).toBe('tema 4');
    expect(notes[0]!.texto).not.toContain('\n');
  });

  it('a short line alone is a heading; a sentence alone is not', () => {
    const text = `Historia del arte\n\n${para(3)}\n\nEsto es una frase corta.\n\n${para(2, 5)}`;
    const notes = splitIntoNotes(text, { fileName: 'x.txt' });
    expect(new Set(notes.map((n) => n.tema))).toEqual(new Set(['historia del arte']));
  });

  it('each note gets its week from weekOf; the named week wins', () => {
    const text = `# Música barroca\n\n${para(3)} La música de Bach.\n\n# Cosas varias\n\n${para(3, 9)}`;
    const byDefault = splitIntoNotes(text, { fileName: 'a.md', weekOf: courseWeekOf(DEMO_COURSE) });
    expect(byDefault.map((n) => n.semana)).toEqual([4, null]);
    expect(splitIntoNotes(text, { fileName: 'a.md', semana: 2 }).map((n) => n.semana)).toEqual([2, 2]);
    const seen: [string, number | undefined][] = [];
    splitIntoNotes(text, { fileName: 'a.md', weekOf: (n, named) => (seen.push([n.tema, named]), 7) });
    expect(seen).toEqual([['música barroca', undefined], ['cosas varias', undefined]]);
  });
});

describe('parts', () => {
  it('cutLong cuts a sentence longer than a note between words', () => {
    const words = Array.from({ length: 400 }, (_, i) => `palabra${i}`).join(' ');
    const pieces = cutLong(words);
    expect(pieces.every((p) => p.length <= NOTE_MAX)).toBe(true);
    expect(pieces.join(' ')).toBe(words);
  });

  it('topicFromName and the course\'s week rule', () => {
    const defaultWeekOf = courseWeekOf(DEMO_COURSE);
    expect(topicFromName('Apuntes_Estadística.PDF')).toBe('apuntes Estadística');
    expect(defaultWeekOf({ tema: 'apuntes', texto: 'El impresionismo en la historia del arte' })).toBe(3);
    expect(defaultWeekOf({ tema: 'apuntes', texto: 'Nada que ver' })).toBeNull();
    expect(defaultWeekOf({ tema: 'apuntes', texto: 'Nada que ver' }, 1)).toBe(1);
    expect(defaultWeekOf({ tema: 'apuntes', texto: 'Estadistica sin tilde' })).toBe(1);
  });

  it('a heading\'s syllabus label is not its topic, its section number is; a heading that is only a number keeps it', () => {
    const body = 'La elasticidad precio de la demanda mide la sensibilidad de la cantidad demandada ante cambios en el precio del bien.';
    const topic = (heading: string) => splitIntoNotes(`# ${heading}\n\n${body}`, { fileName: 'Tema 9 apuntes.md' })[0]!.tema;
    expect(topic('Tema 3. Elasticidad')).toBe('elasticidad');
    expect(topic('Unidad 2 – Oferta y demanda')).toBe('oferta y demanda');
    expect(topic('Capítulo 4: El consumidor')).toBe('el consumidor');
    // A section's own number is where it sits in its lecture: kept, as the page prints it.
    expect(topic('1.2 La escasez')).toBe('1.2 la escasez');
    expect(topic('6. El ciclo de Carnot')).toBe('6. el ciclo de Carnot');
    expect(topic('Tema 5. 6. El ciclo de Carnot')).toBe('6. el ciclo de Carnot');
    expect(topic('Tema 3')).toBe('tema 3');
    expect(topic('3 cerditos')).toBe('3 cerditos');
    expect(topic('1984 de Orwell')).toBe('1984 de Orwell');
    // A file name is a name, not a heading: kept whole.
    expect(splitIntoNotes(body, { fileName: 'Tema 9 apuntes.md' })[0]!.tema).toBe('tema 9 apuntes');
  });

  it('a topic keeps the capitals its heading writes inside it; a list shows it as the heading does', () => {
    const body = 'La representación de dobles recíprocos linealiza la ecuación de Michaelis-Menten y da Km y Vmax de la pendiente y la ordenada.';
    const notes = (heading: string) => splitIntoNotes(`## ${heading}\n\n${body}`, { fileName: 'enzimas.md' })[0]!;
    // Only the capital a line opens with goes (a topic is said inside sentences too); names, symbols and acronyms stay.
    expect(notes('3. Lineweaver-Burk').tema).toBe('3. lineweaver-Burk');
    expect(notes('E + S ⇌ ES').tema).toBe('E + S ⇌ ES');
    // What /notas, /tarjetas and a quote's source line show: the heading as the page prints it.
    for (const heading of ['3. Lineweaver-Burk', 'E + S ⇌ ES', 'Inhibición por ATP', 'La Revolución Francesa']) {
      const n = notes(heading);
      expect(topicAsWritten(n.tema, n.texto)).toBe(heading);
    }
    // A heading set all in capitals is typography, not names.
    expect(notes('CINÉTICA ENZIMÁTICA').tema).toBe('cinética enzimática');
  });
});

describe('a photo\'s topic', () => {
  const course = { semanas: [{ numero: 4, titulo: 'Tema 4. Máquinas térmicas' }, { numero: 5, titulo: 'Tema 5. Segundo principio de la termodinámica' }] };

  it('is its week\'s title where the text has no heading of its own, never the photo\'s name', () => {
    const drafts = noteDrafts('Temas de la vida moderna: bulevares, estaciones, cafés, regatas, jardines y ocio burgués, pintados tal como se ven, con encuadres abiertos que parecen cortados al azar.\n\n## 6. El ciclo de Carnot\n\nEn 1824 Sadi Carnot propuso un ciclo ideal que funciona entre solo dos focos, formado por dos isotermas y dos adiabáticas, todas reversibles, recorridas por un gas ideal.', { fileName: 'IMG_20270310_0914.jpg' });
    expect(drafts.map((d) => d.tema)).toEqual(['IMG 20270310 0914', '6. el ciclo de Carnot']);
    expect(photoTopics(drafts, [5, 5], course).map((d) => d.tema)).toEqual(['segundo principio de la termodinámica', '6. el ciclo de Carnot']);
    // No week: nothing better to say than its name.
    expect(photoTopics(drafts, [null, null], course).map((d) => d.tema)).toEqual(['IMG 20270310 0914', '6. el ciclo de Carnot']);
  });
});

describe('a sentence cut in two', () => {
  it('is no heading: its first half stays text, and the heading above it keeps its section', () => {
    const before = 'Como son más inclinadas que las isotermas, las dos adiabáticas cierran el ciclo entre las dos temperaturas del gas ideal.';
    // Read from a photo: the blank line may be a line OCR could not read, so the halves stay apart.
    const notes = noteDrafts(`${before}\n\n## 7. Rendimiento de Carnot\n\nPara el ciclo de Carnot se demuestra\n\nrendimiento es`, { fileName: 'Tema5.pdf', fromOcr: true });
    expect(notes.map((n) => n.texto)).toEqual([`${before}\n\n7. Rendimiento de Carnot\n\nPara el ciclo de Carnot se demuestra\n\nrendimiento es`]);
  });
});

describe('typeset text whose lines are set far apart (a PDF, a page break)', () => {
  it('joins a sentence that goes on across a blank line, and a formula broken after an operator', () => {
    const text = [
      '## 2. Definición',
      'La elasticidad precio de la demanda es la variación porcentual de la cantidad demandada de un bien dividida por la variación porcentual de su',
      'precio, manteniendo constante todo lo demás.',
      '## 3. El punto medio',
      'Con el método del punto medio: Ed = [(Q2 − Q1) / ((Q2 + Q1)/2)] /',
      '[(P2 − P1) / ((P2 + P1)/2)].',
      'Ejemplo: si el precio pasa de 8 a 10 euros la cantidad baja de 1200 a 800 entradas.',
    ].join('\n\n');
    const notes = noteDrafts(text, { fileName: 'Tema 2.pdf' });
    expect(notes.map((n) => n.texto)).toEqual([
      'La elasticidad precio de la demanda es la variación porcentual de la cantidad demandada de un bien dividida por la variación porcentual de su precio, manteniendo constante todo lo demás.',
      'Con el método del punto medio: Ed = [(Q2 − Q1) / ((Q2 + Q1)/2)] / [(P2 − P1) / ((P2 + P1)/2)].\n\nEjemplo: si el precio pasa de 8 a 10 euros la cantidad baja de 1200 a 800 entradas.',
    ]);
  });

  it('a formula on its own line is content, never a heading (it was lost, or named the next section)', () => {
    const text = '## 2. Ingresos de la empresa\n\nEl ingreso marginal es el aumento del ingreso total al vender una unidad más, y en competencia perfecta es igual al precio.\n\nIMg = ΔIT / ΔQ\n\n## 3. La decisión de producir\n\nEl beneficio económico es la diferencia entre el ingreso total y el coste total, incluido el coste de oportunidad.\n\nB = IT − CT\n\nEl punto de cierre es el precio por debajo del cual la empresa deja de producir a corto plazo.';
    const notes = noteDrafts(text, { fileName: 'Tema 5.md' });
    expect(notes.map((n) => n.tema)).toEqual(['2. ingresos de la empresa', '3. la decisión de producir']);
    expect(notes[0]!.texto).toContain('IMg = ΔIT / ΔQ');
    expect(notes[1]!.texto).toContain('B = IT − CT\n\nEl punto de cierre');
  });
});


describe('a short line that is content, not a heading', () => {
  const body = 'Un ecosistema es el conjunto formado por los seres vivos de un lugar, el medio físico en el que viven y las relaciones que los unen entre sí y con ese medio.';
  it('the last line of a page heads nothing: it is kept, not dropped (a photo cut its full stop)', () => {
    const notes = noteDrafts(`Los ecosistemas\n\n${body}\n\nEl hábitat es el lugar físico`, { fileName: 'foto.jpg', fromOcr: true });
    expect(notes.map((n) => n.texto).join('\n')).toContain('El hábitat es el lugar físico');
  });

  it('«X es el …» without its full stop is a sentence, not a title over the next paragraph', () => {
    const notes = noteDrafts(`Los ecosistemas\n\n${body}\n\nEl biotopo es el medio físico\n\nLa biocenosis reúne a todos los seres vivos del ecosistema, de todas las especies, que comparten ese lugar y se relacionan.`, { fileName: 'foto.jpg', fromOcr: true });
    expect(notes.map((n) => n.texto).join('\n')).toContain('El biotopo es el medio físico');
    expect(notes.map((n) => n.tema)).not.toContain('El biotopo es el medio físico');
  });
});
