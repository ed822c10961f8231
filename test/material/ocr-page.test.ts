/**
 * A page read by OCR → the lines the notes are made of and those left out (issue 43 §5), pure:
 * lines under the confidence threshold are handed back as unread with where they were, the rest
 * go through the same paragraphs as a PDF's (a heading in a block of its own becomes a topic, a
 * column break does not end a sentence, a table's rules become cells), a scanned page's header and
 * footer bands are not text, and the proposal lists what was left out.
 */
import { describe, expect, it } from 'vitest';
import { cells, ocrPage, timesSign } from '../../src/domain/material/ocr-page.js';
import { documentPages } from '../../src/domain/material/paragraphs.js';
import { OCR_LINE_CONFIDENCE } from '../../src/domain/material/limits.js';
import type { OcrLine } from '../../src/domain/material/ocr.js';
import { proposalText } from '../../src/domain/material/proposal.js';
import type { ImportRecord } from '../../src/domain/material/imports.js';
import { splitNotes } from '../../src/domain/material/reading.js';
import type { Course } from '../../src/domain/course/course.js';

/** A line of `text` at `top` (pixels), `row` pixels tall, in `block`, from x0 to x1. */
function line(text: string, top: number, opts: { confidence?: number; block?: number; row?: number; x0?: number; x1?: number } = {}): OcrLine {
  const row = opts.row ?? 36;
  const x0 = opts.x0 ?? 200;
  const x1 = opts.x1 ?? 1000;
  const base = top + row * 0.8;
  const step = (x1 - x0) / Math.max(1, text.split(' ').length);
  return {
    text,
    confidence: opts.confidence ?? 95,
    block: opts.block ?? 1,
    x0, y0: top, x1, y1: top + row,
    baseline: { y0: base, y1: base },
    above: row * 0.8,
    below: row * 0.2,
    words: text.split(' ').map((w, i) => ({ text: w, x0: x0 + i * step, x1: x0 + (i + 1) * step - 10, y0: top, y1: top + row })),
  };
}

const textOf = (lines: OcrLine[], height = 2400) => documentPages([{ lines: ocrPage({ lines, height }).lines, scanned: true }])[0];

describe('ocrPage', () => {
  it('judges a list item\'s line by its words, not by the bullet Tesseract could not read, and writes the bullet «•»', () => {
    const item = line('*« La existencia de sustitutivos cercanos', 500, { confidence: 60 });
    item.words = item.words.map((w, i) => ({ ...w, confidence: i === 0 ? 10 : 92 }));
    const debris = line('*« Za o DL E', 600, { confidence: 40 });
    debris.words = debris.words.map((w, i) => ({ ...w, confidence: i === 0 ? 10 : 35 }));
    const page = ocrPage({ height: 2400, lines: [line('Los determinantes de la elasticidad son sobre todo cuatro:', 400), item, debris] });
    expect(page.lines.map((l) => l.text)).toEqual(['Los determinantes de la elasticidad son sobre todo cuatro:', '• La existencia de sustitutivos cercanos']);
    expect(page.unread.map((u) => u.texto)).toEqual(['• Za o DL E']);
  });

  it('says where a line left out stood in the text, not in the image (notes in the photo\'s top half)', () => {
    const lines = [0, 1, 2, 3, 4, 5, 6].map((k) => line(k === 3 ? 'Ls estmas d3 las hjas' : 'La fotosíntesis transforma la luz en energía', 100 + 130 * k, k === 3 ? { confidence: OCR_LINE_CONFIDENCE - 30 } : {}));
    expect(ocrPage({ height: 2400, lines }).unread).toEqual([{ zona: 'centro', texto: 'Ls estmas d3 las hjas' }]);
  });

  it('leaves out the lines under the threshold and says where they were', () => {
    const page = ocrPage({
      height: 2400,
      lines: [
        line('Ls estmas d3 las hjas', 100, { confidence: OCR_LINE_CONFIDENCE - 30, block: 0 }),
        line('La fotosíntesis transforma la luz', 900),
        line('en energía química.', 945),
        line('T2-V3” (y—1).', 2000, { confidence: OCR_LINE_CONFIDENCE - 1, block: 2 }),
      ],
    });
    expect(page.unread).toEqual([{ zona: 'arriba', texto: 'Ls estmas d3 las hjas' }, { zona: 'abajo', texto: 'T2-V3” (y—1).' }]);
    expect(page.lines.map((l) => l.text)).toEqual(['La fotosíntesis transforma la luz', 'en energía química.']);
    expect(page.confidence).toBe(95);
  });

  it('lists a formula\'s line whose subscript could not be read again («Q:»), however sure Tesseract was of it; «A:» in a sentence stays', () => {
    const page = ocrPage({
      height: 2400,
      lines: [
        line('Opción A: la máquina absorbe calor del foco caliente.', 500),
        line('Para el ciclo de Carnot se demuestra que Q2/Q: = T2/T:, y por tanto', 900, { confidence: 93 }),
        line('Ciclo completo | Vuelve al estado 1 | Q: — Q₂ | W = Q₁ — Q₂', 1400, { confidence: 91 }),
        line('El rendimiento es η = 1 − T₂/T₁ para cualquier gas.', 1900),
      ],
    });
    expect(page.unread.map((l) => l.texto)).toEqual(['Para el ciclo de Carnot se demuestra que Q2/Q: = T2/T:, y por tanto', 'Ciclo completo | Vuelve al estado 1 | Q: — Q₂ | W = Q₁ — Q₂']);
    expect(page.lines.map((l) => l.text)).toEqual(['Opción A: la máquina absorbe calor del foco caliente.', 'El rendimiento es η = 1 − T₂/T₁ para cualquier gas.']);
  });

  it('keeps the «=» that begins a formula\'s second line: it is no bullet', () => {
    const l = line('= cte, y por eso la presión sube', 500);
    l.words = l.words.map((w) => ({ ...w, confidence: 90 }));
    expect(ocrPage({ height: 2400, lines: [l] }).lines.map((x) => x.text)).toEqual(['= cte, y por eso la presión sube']);
  });

  it('leaves out the rest of a sentence whose middle line could not be read, up to its end, and keeps what follows', () => {
    const page = ocrPage({
      height: 2400,
      lines: [
        line('Para el ciclo de Carnot se demuestra', 900, { block: 3 }),
        line('que Q2/Q: = T2/T:, y por tanto su', 945, { block: 3 }),
        line('rendimiento es máximo. Los motores reales', 990, { block: 3 }),
        line('no llegan a él.', 1035, { block: 3 }),
        line('bien de lujo. Los bienes', 1400, { block: 5, confidence: OCR_LINE_CONFIDENCE - 4 }),
        line('necesarios tienen demanda', 1445, { block: 5 }),
        line('inelástica; los de lujo, elástica.', 1490, { block: 5 }),
        line('Ciclo completo | Vuelve al estado 1 | Q: — Q₂', 1800, { block: 6 }),
        line('es el último paso | Q = 0 | se cierra', 1845, { block: 6 }),
      ],
    });
    expect(page.lines.map((l) => l.text)).toEqual(['Para el ciclo de Carnot se demuestra', 'Los motores reales', 'no llegan a él.', 'es el último paso · Q = 0 · se cierra']);
    expect(page.unread.map((l) => l.texto)).toEqual([
      'que Q2/Q: = T2/T:, y por tanto su',
      'rendimiento es máximo.',
      'bien de lujo. Los bienes',
      'necesarios tienen demanda',
      'inelástica; los de lujo, elástica.',
      'Ciclo completo | Vuelve al estado 1 | Q: — Q₂',
    ]);
  });

  it('writes γ where Tesseract read it «y» and the page defines it as cp/cv', () => {
    const page = ocrPage({ height: 2400, lines: [line('Poisson, pVY = cte, con y = cp/cv el', 900), line('cociente de capacidades caloríficas (y =', 945)] });
    expect(page.lines.map((l) => l.text)).toEqual(['Poisson, pVᵞ = cte, con γ = cp/cv el', 'cociente de capacidades caloríficas (γ =']);
  });

  it('writes «×» where Tesseract read the multiplication sign as «x» between two operands of a formula; a variable x stays', () => {
    expect(ocrPage({ height: 2400, lines: [line('reciben los vendedores: IT = P x Q. La elasticidad nos dice', 500)] }).lines[0]!.text).toBe('reciben los vendedores: IT = P × Q. La elasticidad nos dice');
    expect(timesSign('W = η·Q₁ = 0,640 x 2000 J')).toBe('W = η·Q₁ = 0,640 × 2000 J');
    for (const t of ['la recta y = 2 x + 1 corta al eje', 'si x = 3, entonces y x + y = 4', 'tomamos x e y como variables']) expect(timesSign(t)).toBe(t);
  });

  it('a page read poorly as a whole keeps every line, as a draft to correct', () => {
    const page = ocrPage({ height: 1000, lines: [line('La fotosintesis transfroma', 100, { confidence: 55 }), line('la luz en enrgía', 150, { confidence: 62 })] });
    expect(page.unread).toEqual([]);
    expect(page.lines.map((l) => l.text)).toEqual(['La fotosintesis transfroma', 'la luz en enrgía']);
    expect(page.confidence).toBeLessThan(70);
  });

  it('a line at the threshold is read', () => {
    expect(ocrPage({ height: 1000, lines: [line('Justo en el umbral', 100, { confidence: OCR_LINE_CONFIDENCE })] }).unread).toEqual([]);
  });

  it('joins a paragraph\'s lines, makes a taller line alone in its block a heading, and goes on across a column break', () => {
    const text = textOf([
      line('4. Enunciado de Clausius', 180, { block: 1, row: 41 }),
      line('El enunciado de Clausius se refiere a las', 270, { block: 2 }),
      line('máquinas frigoríficas: es imposible que', 310, { block: 2, row: 39 }),
      line('el calor pase por sí solo de un', 350, { block: 2, row: 35 }),
      line('cuerpo frío a otro más caliente sin', 188, { block: 3, x0: 1040, x1: 1800 }),
      line('que se produzca ningún otro efecto.', 228, { block: 3, x0: 1040, x1: 1800 }),
    ]);
    expect(text).toBe('## 4. Enunciado de Clausius\n\nEl enunciado de Clausius se refiere a las máquinas frigoríficas: es imposible que el calor pase por sí solo de un cuerpo frío a otro más caliente sin que se produzca ningún otro efecto.');
  });

  it('drops a scanned page\'s header and footer bands (small, set apart), keeps its text', () => {
    const text = textOf([
      line('Apuntes de clase · Curso 2026-2027', 50, { block: 0, row: 26 }),
      line('El ciclo de Carnot está formado por', 300),
      line('dos isotermas y dos adiabáticas.', 340),
      line('Página 2 de 3', 2300, { block: 4, row: 27 }),
    ]);
    expect(text).toBe('El ciclo de Carnot está formado por dos isotermas y dos adiabáticas.');
  });

  it('a table\'s rules read as «|» become cells', () => {
    expect(cells('| 3-4 | Compresión | T2 constante | cede Q2 al foco frío |')).toEqual({ text: '3-4 · Compresión · T2 constante · cede Q2 al foco frío', row: true });
    expect(cells('pV = cte | y por eso')).toEqual({ text: 'pV = cte | y por eso', row: false });
  });
});

describe('the proposal of an import with unread lines', () => {
  const record = (over: Partial<ImportRecord>): ImportRecord => ({
    version: 2, asunto: 'importacion', clave: 'a'.repeat(64), nombre: 'foto.jpg', tipo: 'imagen', paginas: 1, texto: 'x', creada: '2027-03-08T10:00:00.000Z', estado: 'pendiente',
    propuesta: [{ tema: 'fotosíntesis', texto: 'La fotosíntesis transforma la luz.', semana: null, pagina: 1 }],
    ...over,
  });

  it('says how many lines, where on the photo, and what to do', () => {
    const text = proposalText(record({ ilegibles: [
      { pagina: 1, zona: 'arriba', texto: 'Ls estmas' }, { pagina: 1, zona: 'arriba', texto: 'd3 las' },
      { pagina: 1, zona: 'abajo', texto: 'T2-V3”' }, { pagina: 1, zona: 'arriba', texto: 'hjas' },
    ] }), () => undefined);
    expect(text).toContain('No he podido leer bien 4 líneas (en la parte de arriba y en la parte de abajo de la foto) y no las guardo: si las necesitas, vuelve a hacer la foto con más luz.');
  });

  it('one line of a scanned PDF names its page', () => {
    const text = proposalText(record({ tipo: 'pdf', paginas: 3, ilegibles: [{ pagina: 2, zona: 'centro', texto: 'ES 44' }] }), () => undefined);
    expect(text).toContain('No he podido leer bien 1 línea (en la página 2) y no la guardo: si la necesitas, vuelve a escanear esa página con más luz.');
  });

  it('says nothing when every line was read', () => {
    expect(proposalText(record({}), () => undefined)).not.toMatch(/No he podido leer/);
  });
});

describe('a photo of a notebook page (issue #44, a walk\'s «Circuitos RC»)', () => {
  // Tesseract reads the page's red margin as «|»: alone on a line, or before a line's first word.
  const rule = (text: string, top: number, opts: Parameters<typeof line>[2] = {}) => {
    const l = line(text, top, { x0: 64, ...opts });
    l.words[0] = { ...l.words[0]!, x0: 64, x1: 66, confidence: 40 };
    return l;
  };

  it('keeps no line that is only a rule, and no rule before a line\'s words: no «|», no bullet made of one', () => {
    const lines = [
      rule('|', 23, { x1: 66 }),
      rule('| Circuitos RC (apuntes 14/10)', 48, { row: 44, block: 0 }),
      line('Carga de un capacitor C a través de una resistencia R con una fuente de fem ε.', 120, { block: 1, x0: 83 }),
      rule('|', 338, { x1: 66, block: 1 }),
      rule('| Ojo: al principio el capacitor se comporta como un cable.', 394, { block: 1 }),
    ];
    const text = textOf(lines)!;
    expect(text).toBe('## Circuitos RC (apuntes 14/10)\n\nCarga de un capacitor C a través de una resistencia R con una fuente de fem ε.\n\nOjo: al principio el capacitor se comporta como un cable.');
    expect(ocrPage({ lines, height: 1132 }).unread).toEqual([]);
  });

  it('is filed under the week its title names: the stray «|» line was read as its first line, so it had no title, and «carga» sent it to «Carga eléctrica…»', async () => {
    const texto = textOf([rule('|', 23, { x1: 66 }), rule('| Circuitos RC (apuntes 14/10)', 48, { row: 44, block: 0 }), line('Carga de un capacitor C a través de una resistencia R con una fuente de fem ε. La constante de tiempo es τ = RC.', 120, { block: 1, x0: 83 })])!;
    const titles = ['Carga eléctrica y ley de Coulomb', 'Campo eléctrico y ley de Gauss', 'Potencial eléctrico y capacitores', 'Corriente, resistencia y circuitos RC'];
    const course = { version: 1, titulo: 'Física II', semanas: titles.map((titulo, i) => ({ numero: i + 1, titulo, inicio: null, terminos: [] })) } as unknown as Course;
    const split = await splitNotes({ texto, nombre: 'foto.jpg', tipo: 'imagen', inicioPaginas: [0], ocr: { confidence: 90, draft: false } }, { course, notes: [] });
    expect(split.motivo).toEqual({ kind: 'encabezado', titulo: 'Circuitos RC (apuntes 14/10)' });
    expect(split.propuesta.map((n) => n.semana)).toEqual([4]);
  });

  it('keeps a table\'s rules, and a real bullet', () => {
    expect(textOf([rule('| Etapa | Calor |', 500), rule('| 1 → 2 | absorbe |', 540), rule('| 2 → 3 | cede |', 580)])).toBe('Etapa · Calor\n1 → 2 · absorbe\n2 → 3 · cede');
    expect(textOf([line('• La existencia de sustitutivos cercanos', 500)])).toBe('• La existencia de sustitutivos cercanos');
  });
});
