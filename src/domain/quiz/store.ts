/**
 * The quizzes sent to one person, kept on disk (`<data dir>/quiz/tests.json`, versioned, written
 * atomically): which poll asks which question, tied to which card, and what was answered. It is how
 * an answer is rated once: a `poll_answer` seen again — redelivered, or after a restart — finds its
 * answer already written. A durable document (store/document.ts): each change re-reads the file under
 * its lock and is written before it is remembered.
 */
import path from 'node:path';
import { DurableDocument, type DocumentFormat, type ShapeCheck } from '../../store/document.js';
import { QUIZ_DOC } from '../../strings/console.js';
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
    super(QUIZ_DOC.damaged(file, problem));
    this.name = new.target.name;
  }
}

const isQuizFile: ShapeCheck<QuizFile> = (data) =>
  (Array.isArray((data as Partial<QuizFile> | null)?.quizzes) ? { ok: true, value: data as QuizFile } : { ok: false, problem: QUIZ_DOC.noList });

/** `tests.json` as a durable document (store/document.ts): read again before each change, under its lock. */
const QUIZ_FORMAT: DocumentFormat<QuizFile> = {
  version: QUIZ_FILE_VERSION,
  empty: () => ({ version: QUIZ_FILE_VERSION, quizzes: [] }),
  check: isQuizFile,
  recovery: '',
  lock: { kind: 'each-change' },
  refuse: (file) => (kind, problem, found) => new QuizFileError(file, kind === 'version' ? QUIZ_DOC.version(found, QUIZ_FILE_VERSION) : kind === 'not-json' ? QUIZ_DOC.notJson : problem),
};

export class QuizStore {
  readonly file: string;
  readonly #doc: DurableDocument<QuizFile>;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, QUIZ_DIR, QUIZ_FILE);
    this.#doc = new DurableDocument(this.file, QUIZ_FORMAT);
  }

  /** The file as it is now (absent: no quizzes). */
  async read(): Promise<QuizFile> {
    return structuredClone(await this.#doc.current());
  }

  /**
   * Runs `change` on the file's contents and writes them, one change at a time; the file is
   * written before the change is remembered (store/document.ts `mutate`: `change` runs on a copy
   * first, then again, so it must depend only on the file and on values computed before the call).
   */
  update<T>(change: (f: QuizFile) => T): Promise<T> {
    return this.#doc.mutate(change);
  }
}
