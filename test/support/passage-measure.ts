/**
 * The passage measurement (scripts/measure-passages.ts, and test/tools/passages/lectures.test.ts):
 * lectures in Markdown imported as a student's notes through the product's own path — the file read
 * as material (extractMaterial) and cut into notes at headings and paragraphs (splitIntoNotes),
 * each note keeping its file — then every question asked of the passage index, straight and as the
 * chat asks it (understand → `notesQuestion` → `PassageAnswers.answer`, as bot/intake.ts does). A question counts when the first hit's passage
 * holds its quote once both are normalised as test/fixtures/lectures/README.md says.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { understand } from '../../src/agent/understand.js';
import { notesQuestion, PassageAnswers, type NotesQuestion } from '../../src/bot/passage-answer.js';
import { DEMO_COURSE } from '../../src/domain/course/demo.js';
import { extractMaterial } from '../../src/domain/material/extract.js';
import type { OcrEngine } from '../../src/domain/material/ocr.js';
import { splitIntoNotes } from '../../src/domain/material/split.js';
import { PassageIndex, type SourcedNote } from '../../src/domain/passages/index.js';

export interface Question {
  lecture: string;
  question: string;
  answer_quote: string;
}

export interface LectureScore {
  lecture: string;
  total: number;
  /** First hit right with the question's words straight to the search. */
  search: number;
  /** First hit right with the question read by the understanding first. */
  chat: number;
}

export interface Measure extends Omit<LectureScore, 'lecture'> {
  lectures: LectureScore[];
  notes: number;
  passages: number;
  buildMs: number;
  msPerQuestion: number;
  misses: { path: 'búsqueda' | 'chat'; question: string; got: string | undefined }[];
}

/** The README's matching rule: emphasis and code marks out, `\|` read as `|`, whitespace collapsed. */
export const normalise = (s: string): string => s.replace(/\*\*|__|\*|`/g, '').replace(/\\\|/g, '|').replace(/\s+/g, ' ');

/** Markdown needs no OCR: a call here would mean the import took the wrong path. */
const NO_OCR: OcrEngine = {
  recognize: () => Promise.reject(new Error('un texto en Markdown no pasa por el reconocimiento de imágenes')),
} as unknown as OcrEngine;

/** The lectures as one student's notes, numbered from 1 in import order. */
export async function importLectures(dir: string, files: readonly string[]): Promise<SourcedNote[]> {
  const notes: SourcedNote[] = [];
  for (const file of files) {
    const { text, name } = await extractMaterial(file, await readFile(path.join(dir, file)), { ocr: NO_OCR });
    for (const n of splitIntoNotes(text, { fileName: name })) notes.push({ id: notes.length + 1, tema: n.tema, texto: n.texto, semana: n.semana, origen: { archivo: name, pagina: null } });
  }
  return notes;
}

/** The first passage the chat's answer quotes (bot/passage-answer.ts), or undefined when it answers nothing. */
async function firstAnswered(answers: PassageAnswers, notes: readonly SourcedNote[], asked: NotesQuestion): Promise<string | undefined> {
  const reply = await answers.answer(notes, asked, DEMO_COURSE);
  return reply.kind === 'found' ? reply.hits[0]?.passage.text : undefined;
}

export async function measurePassages(dir: string, questionsFile: string): Promise<Measure> {
  const questions = JSON.parse(await readFile(questionsFile, 'utf8')) as Question[];
  const files = [...new Set(questions.map((q) => q.lecture))];
  const notes = await importLectures(dir, files);
  const index = new PassageIndex();
  const t0 = performance.now();
  index.sync(notes);
  const buildMs = performance.now() - t0;
  const byLecture = new Map(files.map((f) => [f, { lecture: f, total: 0, search: 0, chat: 0 }]));
  const misses: Measure['misses'] = [];
  const answers = new PassageAnswers();
  let askMs = 0;
  for (const q of questions) {
    const score = byLecture.get(q.lecture)!;
    score.total++;
    const quote = normalise(q.answer_quote);
    const t = performance.now();
    const straight = index.search(q.question, 1)[0]?.passage.text;
    // As the chat does (bot/intake.ts): a question to the notes asks its subject; a question read as small talk its own words.
    const u = understand(q.question);
    const asked = notesQuestion(u, q.question);
    const read = asked !== undefined ? await firstAnswered(answers, notes, asked) : undefined;
    askMs += performance.now() - t;
    if (straight !== undefined && normalise(straight).includes(quote)) score.search++;
    else misses.push({ path: 'búsqueda', question: q.question, got: straight });
    if (read !== undefined && normalise(read).includes(quote)) score.chat++;
    else misses.push({ path: 'chat', question: q.question, got: asked !== undefined ? read : `(leída como ${u.intent})` });
  }
  const lectures = [...byLecture.values()];
  const sum = (k: 'total' | 'search' | 'chat') => lectures.reduce((s, l) => s + l[k], 0);
  return {
    lectures, total: sum('total'), search: sum('search'), chat: sum('chat'),
    notes: notes.length, passages: index.size, buildMs, msPerQuestion: askMs / Math.max(1, questions.length), misses,
  };
}
