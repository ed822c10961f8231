/**
 * A quiz for the whole class (class mode): the teacher's `/quiz clase N` builds one quiz from the
 * teacher's own notes of week N and sends each student their own copy privately, through the
 * student's own parts — the copy, its cards and its answers live in the student's notebook and feed
 * the student's review. `/resultados` reads the copies of the last class quiz and shows, per
 * question, how many answered and the share right — the share only once MIN_ANSWERS_FOR_SHARE have
 * answered it, and never who answered what: only counts leave a student's notebook.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Composer, type Api, type Context } from 'grammy';
import { DurableDocument, type DocumentFormat } from '../store/document.js';
import { QUIZ_DOC } from '../strings/console.js';
import type { ClassRoster } from '../store/users.js';
import { QUIZ_DIR } from '../domain/quiz/store.js';
import { QUIZ } from '../strings/quiz.js';
import { anyCase } from './command-kit.js';
import type { OwnerParts } from './owner.js';
import { sendQuiz } from './quiz.js';
import { LOG } from '../strings/log.js';

/** Fewer answers than this to a question and its share right is not shown (no one is singled out). */
export const MIN_ANSWERS_FOR_SHARE = 3;

const CLASS_QUIZ_FILE = 'clase.json';
const CLASS_QUIZ_VERSION = 1;

interface ClassQuizRecord {
  id: string;
  week: number;
  questions: number;
  students: number[];
  created: string;
}

interface ClassQuizFile {
  version: typeof CLASS_QUIZ_VERSION;
  quizzes: ClassQuizRecord[];
}

/** The teacher's record of the quizzes sent to the class (ids and who got a copy; no answers): a durable document. */
const classQuizFormat: DocumentFormat<ClassQuizFile> = {
  version: CLASS_QUIZ_VERSION,
  empty: () => ({ version: CLASS_QUIZ_VERSION, quizzes: [] }),
  check: (data) => (Array.isArray((data as Partial<ClassQuizFile> | null)?.quizzes) ? { ok: true, value: data as ClassQuizFile } : { ok: false, problem: QUIZ_DOC.noList }),
  recovery: QUIZ_DOC.classRecovery,
  lock: { kind: 'each-change' },
};

class ClassQuizzes {
  private readonly doc: DurableDocument<ClassQuizFile>;
  constructor(teacherDir: string) {
    this.doc = new DurableDocument(path.join(teacherDir, QUIZ_DIR, CLASS_QUIZ_FILE), classQuizFormat);
  }

  async list(): Promise<ClassQuizRecord[]> {
    return (await this.doc.current()).quizzes;
  }

  async add(r: ClassQuizRecord): Promise<void> {
    await this.doc.mutate((f) => { f.quizzes.push(r); });
  }
}

export interface ClassQuizDeps {
  teacherId: number;
  roster: ClassRoster;
  /** Every person's parts (class.ts's UserContexts; only what a class quiz needs). */
  users: { get(userId: number): Promise<OwnerParts>; configFor(userId: number): { dataDir: string } };
  apiFor: (userId: number) => Api;
  log: (message: string, error?: unknown) => void;
}

export function classQuizComposer(d: ClassQuizDeps): Composer<Context> {
  const c = new Composer<Context>();
  const record = () => new ClassQuizzes(d.users.configFor(d.teacherId).dataDir);

  // `/quiz clase N` is the teacher's (the gate's table); any other /quiz goes on to the person's own parts.
  c.command(anyCase('quiz'), async (ctx, next) => {
    const m = /^clase(?:\s+(\d{1,3}))?\s*$/i.exec(ctx.match.trim());
    if (!m) return next();
    if (!m[1]) return void (await ctx.reply(QUIZ.classUsage()));
    const week = Number(m[1]);
    const students = await d.roster.students();
    if (students.length === 0) return void (await ctx.reply(QUIZ.classNoStudents()));
    const id = randomUUID();
    const teacher = await d.users.get(d.teacherId);
    const built = await teacher.quizzes.build({ week, id });
    if ('kind' in built) return void (await ctx.reply(QUIZ.noNotes(week)));
    if (built.questions.length === 0) return void (await ctx.reply(QUIZ.noIdeas(week)));
    const sentTo: number[] = [];
    for (const s of students) {
      try {
        const parts = await d.users.get(s.id);
        const made = await parts.quizzes.make({ chat: s.id, user: s.id, week, questions: built.questions, classQuiz: id });
        if (made.kind !== 'made') continue;
        await sendQuiz(d.apiFor(s.id), parts.quizzes, made.quiz, QUIZ.classIntro(week));
        sentTo.push(s.id);
      } catch (e) {
        d.log(LOG.classQuizTo(s.id), e);
      }
    }
    await record().add({ id, week, questions: built.questions.length, students: sentTo, created: new Date().toISOString() });
    await ctx.reply(QUIZ.classSent(week, built.questions.length, sentTo.length));
  });

  c.command(anyCase('resultados'), async (ctx) => {
    const last = (await record().list()).at(-1);
    if (!last) return void (await ctx.reply(QUIZ.resultsNone()));
    const answered = Array.from({ length: last.questions }, () => 0);
    const right = Array.from({ length: last.questions }, () => 0);
    let anyone = 0;
    for (const id of last.students) {
      const copies = await (await d.users.get(id)).quizzes.copiesOf(last.id).catch((e: unknown) => { d.log(LOG.classResultsOf(id), e); return []; });
      const copy = copies[0];
      if (!copy) continue;
      if (copy.questions.some((q) => q.answer)) anyone++;
      copy.questions.forEach((q, i) => {
        if (!q.answer || i >= last.questions) return;
        answered[i]!++;
        if (q.answer.right) right[i]!++;
      });
    }
    const lines = answered.map((n, i) => QUIZ.resultsLine(i + 1, n, n >= MIN_ANSWERS_FOR_SHARE ? Math.round((100 * right[i]!) / n) : undefined, MIN_ANSWERS_FOR_SHARE));
    await ctx.reply([QUIZ.resultsHeader(last.week, anyone, last.students.length), ...lines].join('\n'));
  });
  return c;
}
