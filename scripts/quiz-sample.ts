/**
 * Draws the judged sample of issue 45: 20 quiz questions made by the generator (domain/quiz) from the
 * fixture lectures (every `.md` of test/fixtures/lectures, imported as notes the way an import splits
 * them, each in the week it names) and the quiz tests' own notes, drawn with a stated seed, written to
 * test/fixtures/quiz-judging/sample-seed<N>.json for someone who did not write the generator to judge.
 * Run: `npx tsx scripts/quiz-sample.ts 47` (the seed; 47 by default); `--all` prints every question
 * made instead of writing the sample; `--lecturas=<dir>` reads the lectures of another folder.
 */
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from '../src/lib/prng.js';
import { splitIntoNotes } from '../src/domain/material/split.js';
import { buildQuiz } from '../src/domain/quiz/build.js';
import { ideasOfNotes } from '../src/domain/quiz/ideas.js';
import { mentionsOf } from '../src/domain/quiz/mentions.js';
import { loadWordCheck } from '../src/domain/study/reading.js';

const SEED = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 47);
const SAMPLE = 20;
const root = new URL('../', import.meta.url);
// Every lecture of the folder (another folder with --lecturas=<dir>), each in the week its first lines name («semana 3»), else its place.
const dir = process.argv.find((a) => a.startsWith('--lecturas='))?.slice('--lecturas='.length) ?? fileURLToPath(new URL('test/fixtures/lectures/', root));
const lectures = readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md').sort()
  .map((file, i) => {
    const text = readFileSync(path.join(dir, file), 'utf8');
    return { file, text, week: Number(/semana\s+(\d+)/iu.exec(text.slice(0, 400))?.[1] ?? i + 1) };
  });
let id = 1;
const notes = lectures.flatMap(({ file, text, week }) =>
  splitIntoNotes(text, { fileName: file, semana: week }).map((n) => ({ ...n, id: id++, archivo: file })));
const own = JSON.parse(readFileSync(new URL('test/fixtures/quiz/termodinamica.json', root), 'utf8')) as { notas: Array<{ tema: string; texto: string; semana: number }> };
// The tests' own notes sit in weeks of their own (14, 13), apart from the lectures' weeks.
for (const n of own.notas) notes.push({ ...n, semana: n.semana + 10, id: id++, archivo: 'termodinamica.json' });

const isWord = await loadWordCheck();
// The ideas, and the people, years and movements the notes name (options only, as the quiz service reads them).
const pool = [...ideasOfNotes(notes, isWord), ...mentionsOf(notes, isWord)];
const weekOf = (noteId: number) => notes.find((n) => n.id === noteId)?.semana;
// Every question the generator can make: one per idea, each as its own quiz (within one quiz a question
// that names another's answer is left out, which says nothing about the question itself).
const all = pool.flatMap((idea, i) => buildQuiz([idea], pool, 1, `muestra-${SEED}-idea-${i}`, weekOf));
const random = mulberry32(SEED);
const order = all.map((q, i) => ({ q, r: random(), i })).sort((a, b) => a.r - b.r).slice(0, SAMPLE).sort((a, b) => a.i - b.i);
const sample = {
  seed: SEED,
  drawn: `${order.length} of ${all.length} questions made from the lectures ${lectures.map((l) => l.file).join(', ')} and test/fixtures/quiz/termodinamica.json (mulberry32(${SEED}))`,
  questions: order.map(({ q }) => ({ question: q.question, options: q.options, correct: q.correct, explanation: q.explanation, kind: q.idea.kind, source: q.idea.source })),
};
if (process.argv.includes('--all')) {
  for (const q of all) console.log(`${q.question}\n  ${q.options.map((o, i) => (i === q.correct ? `[${o}]` : o)).join(' | ')}  (${q.idea.kind}, ${q.idea.source.file})`);
} else {
  mkdirSync(new URL('test/fixtures/quiz-judging/', root), { recursive: true });
  writeFileSync(new URL(`test/fixtures/quiz-judging/sample-seed${SEED}.json`, root), `${JSON.stringify(sample, null, 2)}\n`);
}
console.log(sample.drawn);
