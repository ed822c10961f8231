/**
 * The held-out figure of issues 43 (item 6) and 44 (item 4): the three lectures of
 * test/fixtures/lectures imported as one student's notes through the product's own import path,
 * and each held-out question asked — straight to the passage index, and as the chat reads it. The
 * target is the answering passage first for ≥ 90 %; it is not reached yet, so this asserts the
 * figures measured (`npx tsx scripts/measure-passages.ts`), and fails if the search gets worse.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { measurePassages } from '../../support/passage-measure.js';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'lectures');
/** What the search reaches today on the 44 held-out questions: 34 straight, 28 through the chat's reading. */
const SEARCH_FLOOR = 34 / 44;
const CHAT_FLOOR = 28 / 44;

describe('the held-out lecture questions', () => {
  it('find the answering passage first as often as measured', async () => {
    const m = await measurePassages(DIR, path.join(DIR, 'questions.json'));
    console.log(`Primer pasaje correcto: búsqueda ${m.search}/${m.total}, chat ${m.chat}/${m.total}`);
    expect(m.total).toBeGreaterThanOrEqual(30);
    expect(m.search / m.total).toBeGreaterThanOrEqual(SEARCH_FLOOR);
    expect(m.chat / m.total).toBeGreaterThanOrEqual(CHAT_FLOOR);
  }, 60_000);
});
