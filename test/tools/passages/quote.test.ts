/**
 * What an answer quotes (issue 43, a student's walk with a lecture PDF): the passage as the source
 * reads — cut at sentence ends, a formula kept with the sentence that leads to it, names with their
 * capitals. The note is the one the printed lecture «Tema 5» gave on its page 2 (the formula read on
 * a line of its own after «…su rendimiento es»), written here, not taken from the held-out lectures.
 */
import { describe, expect, it } from 'vitest';
import { PassageAnswers } from '../../../src/bot/passage-answer.js';
import { DEMO_COURSE } from '../../../src/domain/course/demo.js';
import { cutPassages } from '../../../src/domain/passages/cut.js';
import type { SourcedNote } from '../../../src/domain/passages/index.js';
import { withNames } from '../../../src/lib/name-case.js';

const LEAD = 'Para el ciclo de Carnot se demuestra que Q₂/Q₁ = T₂/T₁, y por tanto su rendimiento es';
const FORMULA = 'η = 1 − T₂ / T₁';
const TEXT = `${LEAD}\n\n${FORMULA} donde T₁ es la temperatura absoluta del foco caliente y T₂ la del foco frío, ambas en kelvin. El teorema de Carnot afirma que ninguna máquina que funcione entre dos focos puede tener un rendimiento mayor que una máquina reversible que funcione entre esos mismos focos, y que todas las máquinas reversibles entre los mismos focos tienen el mismo rendimiento. Así, el rendimiento de Carnot es el rendimiento máximo posible y solo depende de las temperaturas de los focos, no de la sustancia de trabajo. Aumenta cuanto mayor es la diferencia de temperatura entre los focos, y solo valdría 1 si el foco frío estuviera en el cero absoluto.`;
const NOTE: SourcedNote = { id: 24, tema: 'rendimiento de carnot', texto: TEXT, origen: { archivo: 'termodinamica-tema5.pdf', pagina: 2 } };

describe('a quoted passage', () => {
  it('keeps a formula with the sentence that leads to it and ends every window at a sentence end', () => {
    const spans = cutPassages(TEXT);
    const lead = spans.filter((s) => s.text.includes('su rendimiento es'));
    expect(lead.length).toBeGreaterThan(0);
    for (const s of lead) expect(s.text).toContain(`${LEAD}\n\n${FORMULA} donde`);
    for (const s of spans) expect(s.text).toMatch(/[.!?…]["»”)]*$/u);
  });

  it('quotes the lecture as it reads, names with their capitals, in the passages, the subject and the topic', async () => {
    const reply = await new PassageAnswers().answer([NOTE], { query: 'rendimiento de carnot', phrasing: 'explícame el rendimiento de carnot', onlyFound: false }, DEMO_COURSE);
    expect(reply.kind).toBe('found');
    if (reply.kind !== 'found') return;
    const text = reply.messages.map((m) => m.text).join('\n');
    expect(text).toContain('«rendimiento de Carnot»');
    expect(text).toContain('· Rendimiento de Carnot');
    expect(text).not.toMatch(/carnot/);
    // Every quote is the note's own text, whole sentences, and none stops before its formula.
    for (const q of text.matchAll(/^(?:\d\. )?«([^»]+)»$/gmu)) {
      expect(TEXT).toContain(q[1]!);
      expect(q[1]!).not.toMatch(/rendimiento es$/u);
    }
  });

  it('writes a word as a name only when the source always writes it so inside a sentence', () => {
    const source = 'El ciclo de Carnot tiene dos isotermas. Según Kelvin-Planck, no hay motor perfecto. Ciclo cerrado.';
    expect(withNames('ciclo de carnot y kelvin-planck', source)).toBe('ciclo de Carnot y Kelvin-Planck');
  });
});
