/**
 * The quizzes sent to one person, kept on disk (`<data dir>/quiz/tests.json`, versioned, written
 * atomically): which poll asks which question, tied to which card, and what was answered. It is how
 * an answer is rated once: a `poll_answer` seen again — redelivered, or after a restart — finds its
 * answer already written. One writer per data dir (the bot holds the notebook's lock); writes are
 * serialised here.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../store/atomic.js';
import type { QuizIdea } from './ideas.js';

export const QUIZ_FILE_VERSION = 1;
export const QUIZ_DIR = 'quiz';
export const QUIZ_FILE = 'tests.json';

export interface StoredAnswer {
  option: number;
  right: boolean;
  /** When it was answered (ISO): also the review entry's date, which finds it after a crash. */
  at: string;
  /** The review entry it made (absent while the rating is being written). */
  entry?: number;
}

export interface StoredQuestion {
  idea: QuizIdea;
  question: string;
  options: string[];
  correct: number;
  explanation: string;
  cardId: number;
  pollId?: string;
  messageId?: number;
  answer?: StoredAnswer;
}

export interface StoredQuiz {
  id: string;
  /** The chat it was sent to and the one person whose answers count. */
  chat: number;
  user: number;
  week?: number;
  topic?: string;
  /** A class quiz: the teacher's quiz id it is a copy of. */
  classQuiz?: string;
  created: string;
  questions: StoredQuestion[];
  /** The score message was sent. */
  scored?: boolean;
}

export interface QuizFile {
  version: typeof QUIZ_FILE_VERSION;
  quizzes: StoredQuiz[];
}

export class QuizFileError extends Error {
  constructor(readonly file: string, problem: string) {
    super(`El archivo ${file} de los tests está dañado: ${problem}. No se ha modificado; corrígelo o bórralo para empezar de cero (se pierden los tests sin responder).`);
    this.name = new.target.name;
  }
}

export class QuizStore {
  readonly file: string;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(dataDir: string) {
    this.file = path.join(dataDir, QUIZ_DIR, QUIZ_FILE);
  }

  async read(): Promise<QuizFile> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { version: QUIZ_FILE_VERSION, quizzes: [] };
      throw e;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new QuizFileError(this.file, 'no es JSON válido');
    }
    const v = (data as { version?: unknown }).version;
    if (v !== QUIZ_FILE_VERSION) throw new QuizFileError(this.file, `versión ${String(v)} desconocida (se espera ${QUIZ_FILE_VERSION})`);
    if (!Array.isArray((data as QuizFile).quizzes)) throw new QuizFileError(this.file, 'le falta la lista de tests');
    return data as QuizFile;
  }

  /** Runs `change` on the file's contents and writes them back atomically, one change at a time. */
  update<T>(change: (f: QuizFile) => T | Promise<T>): Promise<T> {
    const run = this.chain.then(async () => {
      const f = await this.read();
      const result = await change(f);
      await mkdir(path.dirname(this.file), { recursive: true });
      await writeFileAtomic(this.file, `${JSON.stringify(f, null, 2)}\n`);
      return result;
    });
    this.chain = run.catch(() => undefined);
    return run;
  }
}
