/**
 * `npx tsx scripts/measure-passages.ts [DIR] [QUESTIONS]`: how often the passage that answers a
 * question is the chat's first hit (issues 43 item 6 and 44 item 4; outside `npm test`, whose time
 * budget is full). Default: the held-out lectures of test/fixtures/lectures and their
 * questions.json. The lectures go in as a student's notes through the product's own import path
 * (test/support/passage-measure.ts), all of them in one notebook; a question counts when the first
 * hit's passage holds its `answer_quote` after the fixture's normalisation. Two figures:
 *   - «búsqueda»: the question's words straight to the passage index;
 *   - «chat»: the question read by the understanding first, as the chat reads it; a question not read
 *     as a question to the notes counts as a miss.
 * `--detalle` lists every miss with what came first instead.
 */
import path from 'node:path';
import { measurePassages } from '../test/support/passage-measure.js';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const detail = process.argv.includes('--detalle');
const dir = path.resolve(args[0] ?? 'test/fixtures/lectures');
const questions = path.resolve(args[1] ?? path.join(dir, 'questions.json'));

const result = await measurePassages(dir, questions);
const pct = (r: number, t: number) => `${r}/${t} (${((100 * r) / t).toFixed(1)} %)`;
console.log(`Primer pasaje correcto · ${path.relative(process.cwd(), questions)} · ${result.notes} notas, ${result.passages} pasajes`);
console.log(`  ${'lección'.padEnd(34)} ${'búsqueda'.padStart(16)} ${'chat'.padStart(16)}`);
for (const l of result.lectures) console.log(`  ${l.lecture.padEnd(34)} ${pct(l.search, l.total).padStart(16)} ${pct(l.chat, l.total).padStart(16)}`);
console.log(`  ${'total'.padEnd(34)} ${pct(result.search, result.total).padStart(16)} ${pct(result.chat, result.total).padStart(16)}`);
console.log(`  ${result.msPerQuestion.toFixed(2)} ms por pregunta (índice ya hecho); índice hecho en ${result.buildMs.toFixed(0)} ms`);
if (detail) {
  for (const m of result.misses) console.log(`  ✗ [${m.path}] «${m.question}» → ${m.got === undefined ? '(nada)' : `«${m.got.slice(0, 160)}»`}`);
}
