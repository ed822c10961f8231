/**
 * «Quiz me» in the chat: /quiz, /quiz N and the same in words send a quiz of quiz polls (Telegram's
 * own form: one tap, right or wrong, the explanation); each `poll_answer` of the person the quiz was
 * sent to is rated once into their review (domain/quiz/service.ts), and when the last one is in, one
 * score message with a button that starts the review, where the ones missed come first (rated
 * «Otra vez», they are due within minutes). Nothing waits for the person: the quiz is on disk and
 * every answer is handled as it arrives, also after a restart.
 */
import { Composer, type Api, type Context } from 'grammy';
import type { QuizService } from '../domain/quiz/service.js';
import type { StoredQuiz } from '../domain/quiz/store.js';
import type { QuizQuestion } from '../domain/quiz/build.js';
import type { Course } from '../domain/course/course.js';
import { QUIZ } from '../strings/quiz.js';
import { missedName } from '../domain/quiz/missed.js';
import { anyCase } from './command-kit.js';
import { CALLBACKS } from './callbacks.js';
import { S } from '../strings/chat.js';
import { LOG } from '../strings/log.js';

export interface QuizDeps {
  quizzes: QuizService;
  course: () => Promise<Course>;
  /** What the score's button starts: the review (/repasar). */
  review: (ctx: Context) => Promise<void>;
  now?: () => Date;
  log: (message: string, error?: unknown) => void;
}

export interface QuizAskWords {
  semana?: number;
  tema?: string;
  preguntas?: number;
}

/** Sends a stored quiz's polls to its chat, recording which poll asks which question. */
export async function sendQuiz(api: Api, quizzes: QuizService, quiz: StoredQuiz, intro: string): Promise<void> {
  await api.sendMessage(quiz.chat, intro);
  for (const [i, q] of quiz.questions.entries()) {
    const sent = await api.sendPoll(quiz.chat, q.question, q.options, {
      type: 'quiz', correct_option_ids: [q.correct], explanation: q.explanation, is_anonymous: false,
    });
    await quizzes.sent(quiz.id, i, sent.poll.id, sent.message_id);
  }
}

/** The score line of a finished quiz: «4 de 5; repasa el enunciado de Clausius». */
export function scoreOf(quiz: StoredQuiz): string {
  const right = quiz.questions.filter((q) => q.answer?.right).length;
  // Named as the cards name them: «las placas», «John Tuzo Wilson» (domain/quiz/missed.ts).
  const missed = quiz.questions.filter((q) => q.answer && !q.answer.right).map((q) => missedName(q.idea));
  return QUIZ.score(right, quiz.questions.length, missed);
}

export function quizComposer(deps: QuizDeps): Composer<Context> & { ask: (ctx: Context, words: QuizAskWords) => Promise<void> } {
  const now = deps.now ?? (() => new Date());
  const c = new Composer<Context>();

  /** Makes and sends a quiz for the person behind `ctx`; says why when there is none to make. */
  async function ask(ctx: Context, words: QuizAskWords, questions?: readonly QuizQuestion[]): Promise<void> {
    const chat = ctx.chat!.id;
    const user = ctx.from!.id;
    const { semana, tema, preguntas } = words;
    if (semana !== undefined && !(await deps.course()).semanas.some((w) => w.numero === semana)) return void (await ctx.reply(QUIZ.noWeek(semana)));
    try {
      const made = await deps.quizzes.make({ chat, user, ...(semana !== undefined ? { week: semana } : {}), ...(tema ? { topic: tema } : {}), ...(preguntas ? { count: preguntas } : {}), ...(questions ? { questions } : {}) });
      if (made.kind === 'no_notes') return void (await ctx.reply(QUIZ.noNotes(semana)));
      // The topic as the notes write it («la bóveda de arista»), not as typed («la boveda de arista»).
      if (made.kind === 'no_ideas') return void (await ctx.reply(QUIZ.noIdeas(semana, made.topic ?? tema, made.ideas)));
      if (made.kind === 'too_few') return void (await ctx.reply(QUIZ.tooFew(made.questions, semana, made.topic ?? tema)));
      const n = made.quiz.questions.length;
      const around = made.onTopic ? `\n${QUIZ.around(made.onTopic.questions, n - made.onTopic.questions, made.onTopic.around)}` : '';
      const intro = `${QUIZ.intro(n, semana, made.quiz.topic ?? tema)}${around}${preguntas !== undefined && n < preguntas ? `\n${QUIZ.fewer(n, preguntas)}` : ''}`;
      await sendQuiz(ctx.api, deps.quizzes, made.quiz, intro);
    } catch (e) {
      deps.log(LOG.quizPrepare, e);
      await ctx.reply(QUIZ.failed());
    }
  }

  c.command(anyCase('quiz'), async (ctx, next) => {
    const arg = ctx.match.trim();
    if (/^clase\b/i.test(arg)) return next();
    if (arg === '') return ask(ctx, {});
    const week = /^(\d{1,3})$/.exec(arg);
    if (!week) return void (await ctx.reply(QUIZ.usage()));
    await ask(ctx, { semana: Number(week[1]) });
  });

  c.on('poll_answer', async (ctx) => {
    const a = ctx.pollAnswer;
    const option = a.option_ids[0];
    if (!a.user || option === undefined) return;
    const r = await deps.quizzes.answer(a.poll_id, a.user.id, option, now());
    if (r.kind !== 'rated' || !r.finished || !(await deps.quizzes.claimScore(r.quiz.id))) return;
    const missed = r.quiz.questions.some((q) => q.answer && !q.answer.right);
    await ctx.api.sendMessage(r.quiz.chat, scoreOf(r.quiz), missed ? { reply_markup: { inline_keyboard: [[{ text: QUIZ.reviewMissed(), callback_data: CALLBACKS.quiz.format({ quiz: r.quiz.id }) }]] } } : {});
  });

  c.callbackQuery(CALLBACKS.quiz.trigger, async (ctx) => {
    const tap = CALLBACKS.quiz.parse(ctx.callbackQuery.data);
    const quiz = tap && await deps.quizzes.quiz(tap.quiz);
    if (!quiz) return void (await ctx.answerCallbackQuery({ text: S.tapStale(), show_alert: true }));
    await ctx.answerCallbackQuery();
    await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }).catch(() => undefined);
    await deps.review(ctx);
  });

  return Object.assign(c, { ask: (ctx: Context, words: QuizAskWords) => ask(ctx, words) });
}
