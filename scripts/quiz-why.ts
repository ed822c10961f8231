/**
 * Why each idea of a lecture made no question (issue 45): every idea of each Markdown lecture of a
 * folder, read alone as one week, with the question it made or the reason it made none.
 * Run: `npx tsx scripts/quiz-why.ts test/fixtures/passages-dev`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { splitIntoNotes } from '../src/domain/material/split.js';
import { buildQuiz, readsWell } from '../src/domain/quiz/build.js';
import { ideasOfNotes, type SourceNote } from '../src/domain/quiz/ideas.js';
import { mentionsOf } from '../src/domain/quiz/mentions.js';
import { sortOf } from '../src/domain/quiz/kinds.js';
import { loadWordCheck } from '../src/domain/study/reading.js';

const dir = process.argv[2] ?? 'test/fixtures/passages-dev';
const isWord = await loadWordCheck();
let id = 1;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md').sort()) {
  const notes = splitIntoNotes(readFileSync(path.join(dir, file), 'utf8'), { fileName: file, semana: 1 }).map((n) => ({ ...n, id: id++, archivo: file })) as SourceNote[];
  const ideas = ideasOfNotes(notes, isWord);
  const pool = [...ideas, ...mentionsOf(notes, isWord)];
  console.log(`== ${file}: ${ideas.length} ideas`);
  for (const [i, idea] of ideas.entries()) {
    const q = buildQuiz([idea], pool, 1, `why-${i}`, () => 1)[0];
    const same = pool.filter((o) => o !== idea && sortOf(o) === sortOf(idea)).map((o) => o.term);
    const why = q ? `${q.question}\n      ${q.options.map((o, j) => (j === q.correct ? `[${o}]` : o)).join(' | ')}\n      ${q.explanation}` : !readsWell(idea) ? 'NO: reads badly' : `NO: distractors of sort ${sortOf(idea)}: ${same.join(' | ')}`;
    console.log(`  - ${idea.kind} «${idea.term}» :: ${idea.statement}\n      ${why}`);
  }
}
