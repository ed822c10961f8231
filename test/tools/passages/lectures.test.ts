/**
 * The held-out figure of issues 43 (item 6) and 44 (item 4): the three lectures of
 * test/fixtures/lectures imported as one student's notes through the product's own import path,
 * and each held-out question asked — straight to the passage index, and as the chat asks it (the
 * understanding, then bot/passage-answer.ts's `notesQuestion` and `PassageAnswers.answer`, the
 * functions the chat calls). The target: the answering passage first for ≥ 90 % both ways
 * (`npx tsx scripts/measure-passages.ts --detalle` lists the misses).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { measurePassages } from '../../support/passage-measure.js';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'lectures');
/** The target, for the search and for what the student gets through the chat. */
const TARGET = 0.9;

describe('the held-out lecture questions', () => {
  it('find the answering passage first for at least 90 %, straight and through the chat', async () => {
    const m = await measurePassages(DIR, path.join(DIR, 'questions.json'));
    console.log(`Primer pasaje correcto: búsqueda ${m.search}/${m.total}, chat ${m.chat}/${m.total}`);
    expect(m.total).toBeGreaterThanOrEqual(30);
    expect(m.search / m.total).toBeGreaterThanOrEqual(TARGET);
    expect(m.chat / m.total).toBeGreaterThanOrEqual(TARGET);
  }, 60_000);
});
