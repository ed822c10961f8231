/**
 * Questions per lecture (issue 45): each Markdown lecture of a folder imported alone as one week's
 * notes (the way an import splits them), then all of them as one course, and the quiz generator
 * (domain/quiz) asked for every question it can make. Prints ideas and questions per lecture.
 * Run: `npx tsx scripts/quiz-per-lecture.ts test/fixtures/passages-dev [--print]`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { splitIntoNotes } from '../src/domain/material/split.js';
import { buildQuiz } from '../src/domain/quiz/build.js';
import { ideasOfNotes, type SourceNote } from '../src/domain/quiz/ideas.js';
import { mentionsOf } from '../src/domain/quiz/mentions.js';
import { loadWordCheck } from '../src/domain/study/reading.js';

const dir = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'test/fixtures/lectures';
const print = process.argv.includes('--print');
const isWord = await loadWordCheck();
const files = readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md').sort();
let id = 1;
const lectures = files.map((file, i) => ({
  file,
  notes: splitIntoNotes(readFileSync(path.join(dir, file), 'utf8'), { fileName: file, semana: i + 1 }).map((n) => ({ ...n, id: id++, archivo: file })) as SourceNote[],
}));

function questions(notes: readonly SourceNote[]) {
  const ideas = ideasOfNotes(notes, isWord);
  const pool = [...ideas, ...mentionsOf(notes, isWord)];
  const weekOf = (noteId: number) => notes.find((n) => n.id === noteId)?.semana;
  return { ideas, made: ideas.flatMap((idea, i) => buildQuiz([idea], pool, 1, `lecture-${i}`, weekOf)) };
}

const course = questions(lectures.flatMap((l) => l.notes));
for (const l of lectures) {
  const alone = questions(l.notes);
  const inCourse = course.made.filter((q) => q.idea.source.file === l.file);
  console.log(`${l.file}: ${alone.ideas.length} ideas, ${alone.made.length} questions alone, ${inCourse.length} in the course of ${lectures.length}`);
  if (print) for (const q of inCourse) console.log(`  ${q.question}\n    ${q.options.map((o, i) => (i === q.correct ? `[${o}]` : o)).join(' | ')}  (${q.idea.kind})`);
}
