/**
 * A student's walk with a 4-page lecture PDF (issue 43) found two notes that were not the lecture's
 * own text: the first page's running header, which says something else than the other pages' header
 * in the same place, and a table's header row, read as a heading and made a note of its own. Pure:
 * laid-out lines and extracted text written here, not the held-out lectures.
 */
import { describe, expect, it } from 'vitest';
import { withoutRunning, type PageLines } from '../../src/domain/material/paragraphs.js';
import type { LaidLine } from '../../src/domain/material/reading-order.js';
import { splitIntoNotes } from '../../src/domain/material/split.js';

const line = (text: string, y: number, size = 10): LaidLine => ({ text, size, left: 72, right: 72 + text.length * size * 0.5, y, block: 0, regionWidth: 450 });
const WORDS = ['calor', 'trabajo', 'entropía', 'foco', 'máquina', 'ciclo', 'gas', 'rendimiento', 'isoterma', 'adiabática'];
/** A page's body: six lines that no other page repeats. */
const body = (page: number) => Array.from({ length: 6 }, (_, i) => line(`Texto del cuerpo sobre ${WORDS[(page * 6 + i) % WORDS.length]} y ${WORDS[(page + i * 3) % WORDS.length]}, con palabras suficientes para llenar la línea.`, 720 - i * 14));

describe('a lecture PDF\'s running header', () => {
  it('goes on the first page too, where it stands in the same place and size with other words', () => {
    const pages: PageLines[] = [1, 2, 3, 4].map((n) => ({
      lines: [line(n === 1 ? 'Apuntes de clase, semana 5 (8–12 de marzo de 2027)' : 'Tema 5 · Termodinámica · Grado en Física', 800, 8), ...body(n), line(`Página ${n} de 4`, 40, 8)],
    }));
    const kept = withoutRunning(pages);
    for (const p of kept) {
      expect(p.lines.map((l) => l.text).filter((t) => !t.startsWith('Texto del cuerpo'))).toEqual([]);
      expect(p.lines).toHaveLength(6);
    }
  });

  it('keeps a first page\'s title that stands below the header\'s place', () => {
    const pages: PageLines[] = [1, 2, 3].map((n) => ({
      lines: [line('Tema 5 · Termodinámica', 800, 8), ...(n === 1 ? [line('Segundo principio de la termodinámica', 760, 8)] : []), ...body(n)],
    }));
    expect(withoutRunning(pages)[0]!.lines[0]!.text).toBe('Segundo principio de la termodinámica');
  });
});

describe('a lecture made from a template', () => {
  // Each page ends on the same two lines but for their numbers — the text's own lines, at its spacing.
  const ending = (n: number) => [line(`agua disponible y de la temperatura media de la estación número ${n * 4}; el profesor lo`, 636), line(`explicó con el ejemplo ${n * 7} de la práctica de campo.`, 622)];
  it('keeps the lines every page ends on when they go on at the text\'s spacing: they are the text, not a footer', () => {
    const pages: PageLines[] = [1, 2, 3, 4].map((n) => ({ lines: [...body(n), ...ending(n)] }));
    for (const [i, p] of withoutRunning(pages).entries()) expect(p.lines.slice(-2).map((l) => l.text)).toEqual(ending(i + 1).map((l) => l.text));
  });
  it('still takes away the same line set apart in the margin below the text', () => {
    const pages: PageLines[] = [1, 2, 3, 4].map((n) => ({ lines: [...body(n), line(`Prácticas de campo · sesión ${n}`, 40, 10)] }));
    for (const p of withoutRunning(pages)) expect(p.lines.map((l) => l.text).filter((t) => t.startsWith('Prácticas'))).toEqual([]);
  });
});

describe('a table in a lecture', () => {
  const lead = 'En 1824 Sadi Carnot propuso un ciclo ideal que funciona entre solo dos focos. El ciclo de Carnot está formado por dos isotermas y dos adiabáticas, recorridas en el orden siguiente:';
  const header = 'Etapa · Proceso · Temperatura · Calor';
  const rows = ['1 → 2 · Expansión isoterma · T₁ constante · absorbe Q₁ del foco caliente', '2 → 3 · Expansión adiabática · baja de T₁ a T₂ · Q = 0', '3 → 4 · Compresión isoterma · T₂ constante · cede Q₂ al foco frío'].join('\n');
  const after = 'En el diagrama p–V las isotermas son hipérbolas pV = cte. Las adiabáticas son procesos sin intercambio de calor: el gas solo cambia su energía interna a costa del trabajo.';

  it('is one note with its lead-in, its header row and its rows: never a header row on its own', () => {
    for (const text of [`## 6. El ciclo de Carnot\n\n${lead}\n\n${header}\n\n${rows}\n\n${after}`, `## 6. El ciclo de Carnot\n\n${lead}\n\n${header}\n${rows}\n\n${after}`]) {
      const notes = splitIntoNotes(text, { fileName: 'Tema5.pdf' });
      expect(notes.map((n) => n.tema)).toEqual(['6. el ciclo de Carnot', '6. el ciclo de Carnot']);
      expect(notes[0]!.texto).toBe(`${lead}\n\n${text.includes(`${header}\n\n`) ? `${header}\n\n` : `${header}\n`}${rows}`);
      expect(notes[1]!.texto).toBe(after);
    }
  });
});
