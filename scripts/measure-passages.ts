/**
 * `npx tsx scripts/measure-passages.ts [DIR] [QUESTIONS]`: how often the passage that answers a
 * question is the chat's first hit (issues 43 item 6 and 44 item 4; outside `npm test`, whose time
 * budget is full). Default: the held-out lectures of test/fixtures/lectures and their
 * questions.json. The lectures go in as a student's notes through the product's own import path
 * (test/support/passage-measure.ts), all of them in one notebook; a question counts when the first
 * hit's passage holds its `answer_quote` after the fixture's normalisation. Two figures:
 *   - «búsqueda»: the question's words straight to the passage index;
 *   - «chat»: the question read by the understanding first, then asked as the chat asks it (the
 *     functions bot/intake.ts calls: `notesQuestion`, then `PassageAnswers.answer`); a message not
 *     asked of the notes, or answered with nothing, counts as a miss.
 * Other sets: `test/fixtures/passages` (written with the first index) and `test/fixtures/passages-dev`
 * (the development set) — pass the folder and its preguntas.json.
 * `--detalle` lists every miss with what came first instead. `--escala` also times the index over
 * 10,000 generated notes (the `busqueda` bench's): the first build, a question, one note added.
 */
import path from 'node:path';
import { PassageIndex } from '../src/domain/passages/index.js';
import { generateNotes } from '../test/support/generated-notes.js';
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

if (process.argv.includes('--escala')) {
  const g = generateNotes(2026, { notes: 10_000, vocabulary: 20_000, wordsPerNote: [20, 200] });
  const notes = g.texts.map((texto, i) => ({ id: i + 1, tema: `tema ${1 + (i % 40)}`, texto: texto || 'nota vacía' }));
  const index = new PassageIndex();
  let t = performance.now();
  index.sync(notes);
  const build = performance.now() - t;
  const times = Array.from({ length: 300 }, () => {
    const q = g.query();
    const s = performance.now();
    index.search(q, 3);
    return performance.now() - s;
  }).sort((a, b) => a - b);
  t = performance.now();
  index.sync([...notes, { id: notes.length + 1, tema: 'nueva', texto: 'Una nota nueva sobre el ciclo de Carnot.' }]);
  const added = performance.now() - t;
  console.log(`Escala · ${notes.length} notas, ${index.size} pasajes: índice hecho en ${build.toFixed(0)} ms; pregunta p50 ${times[150]!.toFixed(1)} ms, p95 ${times[285]!.toFixed(1)} ms; una nota nueva ${added.toFixed(1)} ms; RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`);
}
