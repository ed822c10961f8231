/**
 * Everything the bot keeps for one owner of one data dir — their runs, approvals, bot state,
 * review reminder and the feature Composers bound to their notebook — built in one place.
 * Without class mode the bot has exactly one; in class mode (class.ts) one per person, created on
 * their first update and cached. Nothing here is global: two owners never share a part.
 */
import { Composer, type Api, type Context } from 'grammy';
import type { Config } from '../config.js';
import { modelReaderFor } from '../agent/classify.js';
import { explainerFor } from '../agent/explain.js';
import { eraseOwnerData, type ErasedBy, type ErasedCounts } from '../store/erase.js';
import type { DurationRecord } from '../tools/stages/durations.js';
import { createReviewService } from '../domain/review/service.js';
import { DEMO_COURSE } from '../domain/course/demo.js';
import type { Audience } from '../strings/chat.js';
import { ApprovalRegistry, approvalsComposer } from './approvals.js';
import type { BotNotebook } from './command-kit.js';
import { commandsComposer, plainCommands } from './commands.js';
import type { DeliveryMedia } from './delivery.js';
import { eraseComposer } from './erase.js';
import { filesComposer, RunCharts } from './files.js';
import { createCourseChat } from './course-chat.js';
import { createCourseProposals } from './course-proposals.js';
import { intakeComposer } from './intake.js';
import { createRouter } from './route-text.js';
import { createMaterial } from './material.js';
import { cardProposalsBot } from './card-proposals.js';
import { createCardProposals } from '../domain/cards/proposals.js';
import { createImports } from '../domain/material/imports.js';
import { createRereads } from '../domain/material/reread.js';
import { createRereadBot } from './reread.js';
import { createTesseractOcr } from '../domain/material/ocr.js';
import { Reminders, remindersComposer } from './reminders.js';
import { createReminderWish } from './reminder-wish.js';
import { createStudentClock } from './student-clock.js';
import { reviewComposer } from './review.js';
import { quizComposer } from './quiz.js';
import { createQuizService, type QuizService } from '../domain/quiz/service.js';
import { quizProposerFor } from '../agent/quiz-proposer.js';
import { RunManager, type RunService } from './runs.js';
import { BotStateFile } from './state.js';
import type { Transcriber } from '../domain/voice/transcriber.js';
import { createVoice } from './voice.js';
import { firstMinuteComposer } from './first-minute.js';
import { createNotesChat } from './notes-chat.js';
import { answerRepeat } from './repeat.js';
import path from 'node:path';
import type { PlanIntent } from '../agent/intent.js';
import type { Course } from '../domain/course/course.js';
import { NOTEBOOK_FILES } from '../store/index.js';
import { LOG } from '../strings/log.js';

export interface OwnerOptions {
  /** The owner's config: `dataDir` is their data dir (the whole one, or `usuarios/<id>/`). */
  config: Config;
  service: RunService;
  notebook: BotNotebook;
  /** This owner's record of stage durations, for the progress's ETA. */
  durations: Pick<DurationRecord, 'estimateOf'>;
  api: Api;
  /** Who may use this owner's parts (single mode: ALLOWED_USER_IDS; class mode: the one person). */
  allowedUserIds: readonly number[];
  audience: Audience;
  media: DeliveryMedia;
  /** The wall clock the review reminder reads (default the real one; tests pin it). */
  clock?: () => Date;
  /** The ms clock of the runs' elapsed and work time (default Date.now). */
  runClock?: () => number;
  /** Least ms between two edits of a run's status message (default Telegram's pace, progress.ts). */
  statusEditIntervalMs?: number;
  /**
   * «Borra mis datos» for this owner (class mode: the person's parts closed, then their folder);
   * default: this owner's runs cancelled and awaited, then their data in `config.dataDir`.
   */
  erase?: (by: ErasedBy) => Promise<ErasedCounts>;
  log: (message: string, error?: unknown) => void;
  /** Who transcribes voice memos (absent: none — memos are kept for later). */
  transcriber?: Transcriber;
  /** How often kept voice memos are looked at again (default VOICE_WATCH_MS). */
  voiceWatchMs?: number;
  /** The time zone this person's browser told the local chat page, if it did (student-clock.ts). */
  browserZone?: () => string | undefined;
}

/** One owner's bot parts: the Composer answers their updates; `start`/`stop` run their timers and runs. */
export interface OwnerParts {
  readonly dataDir: string;
  readonly runs: RunManager;
  readonly registry: ApprovalRegistry;
  readonly state: BotStateFile;
  readonly reminders: Reminders;
  readonly composer: Composer<Context>;
  /** This owner's quizzes (class mode: the teacher builds one quiz, each student gets their copy). */
  readonly quizzes: QuizService;
  /** Starts the reminder and resumes this owner's unfinished runs; returns how many. */
  start(): Promise<number>;
  /** Stops timers and releases the data dir's lock; runs resume on the next start. */
  stop(): Promise<void>;
}

/** Builds one owner's parts; loads `<dataDir>/bot/estado.json` (throws StateFileError if it is corrupt or busy). */
export async function createOwnerParts(opts: OwnerOptions): Promise<OwnerParts> {
  const { config, api, allowedUserIds, media, log, notebook } = opts;
  const state = new BotStateFile(config.dataDir);
  await state.load();
  /** The owner's course as it is now (the CLI may replace it while the bot runs): read at each use. */
  // Straight from the notebook (the demo course while the owner has none, as tools/index.ts readCourse):
  // every document and message reads it, and the toolbox is not on their way.
  const course = async () => (await notebook.course.read()) ?? DEMO_COURSE;
  const lastReason = async (tool: string, args: Readonly<Record<string, unknown>>) => (await notebook.reasons.last(tool, args))?.motivo;
  const review = createReviewService({ deck: notebook.cards, store: notebook.reviews, ...config.review });
  const clock = createStudentClock({ review, defaultZone: config.review.timeZone, ...(opts.browserZone ? { browserZone: opts.browserZone } : {}) });
  // The questions' decisions are the runs' own (their files, read and told through the runs' drivers).
  const registry = new ApprovalRegistry({ state, runs: { read: opts.service.status, delivered: opts.service.drivers.delivered }, api, timeoutS: config.limits.approvalTimeoutS, allowedUserIds, log, course, lastReason, timeZone: () => clock.zone() });
  const charts = new RunCharts(config.dataDir);
  const cards = async (ids: readonly number[]) => (await notebook.cards.list()).filter((c) => ids.includes(c.id));
  const reminders = new Reminders({
    review, api, defaultHour: config.review.reminderHour, timeZone: config.review.timeZone, clock, defaultChat: allowedUserIds[0], log,
  });
  const cardProposals = createCardProposals({ dataDir: config.dataDir, notes: notebook.notes, cards: notebook.cards, audit: notebook.audit });
  const proposed = cardProposalsBot({ proposals: cardProposals, notes: notebook.notes, log });
  const runs = new RunManager({
    api,
    afterRun: (chatId) => proposed.showPending(api, chatId),
    service: opts.service,
    registry,
    state,
    media,
    charts,
    estimateMs: (id) => opts.durations.estimateOf(id),
    lanes: config.lanes,
    ...(opts.runClock ? { now: opts.runClock } : {}),
    ...(opts.statusEditIntervalMs !== undefined ? { statusEditIntervalMs: opts.statusEditIntervalMs } : {}),
    budget: async () => ({ spent: await notebook.usage.monthTotal(new Date()), limit: config.limits.monthlyBudgetUsd }),
    log,
  });

  // Who may do what was settled before these parts (gate.ts): every update here is a member's.
  const c = new Composer<Context>();
  const erase = opts.erase ?? (async (by: ErasedBy) => {
    runs.cancelAll();
    await runs.idle();
    return eraseOwnerData(config.dataDir, { keysDir: config.keysDir, extra: by });
  });
  c.use(eraseComposer({ erase, log }));
  c.use(approvalsComposer(runs.answers));
  c.use(proposed.composer);
  const reviewing = reviewComposer({ review, deck: notebook.cards, notes: notebook.notes, course, proposalTotals: () => cardProposals.totals(), timeZone: config.review.timeZone, zone: () => clock.zone(), log });
  c.use(reviewing);
  const quizProposer = quizProposerFor(config, notebook.usage, log);
  const quizzes = createQuizService({
    dataDir: config.dataDir, notes: notebook.notes, cards: notebook.cards, review, course,
    readAnswers: async (id) => (await notebook.reviews.read()).registro.filter((e) => e.id_tarjeta === id && !e.deshecha),
    ...(quizProposer ? { propose: quizProposer } : {}),
  });
  const quiz = quizComposer({ quizzes, course, review: reviewing.wishes.repaso, log });
  c.use(quiz);
  const reminderWish = createReminderWish({ review, clock, log });
  c.use(remindersComposer(reminders, review, reminderWish.askZoneOnce));
  c.use(reminderWish.composer);
  const gpuStatus = opts.service.gpuStatus?.bind(opts.service);
  // The notes one by one (notes-chat.ts): before the intake, so a reply to a correction's question is taken here.
  const notesChat = createNotesChat({ notebook, dataDir: config.dataDir, log });
  c.use(notesChat.composer);
  // A week asked again with everything made: one message (repeat.ts), from the words and from /semana N.
  const repeat = (ctx: Context, course: Course, week: number, actions: PlanIntent['actions']) =>
    answerRepeat(ctx, { notes: notebook.notes, cards: notebook.cards, deckFile: path.join(config.dataDir, NOTEBOOK_FILES.cards), sentTo: (chat) => state.sentTo(chat) }, course, week, actions);
  const commandDeps = { runs, registry, notebook, repeat, monthlyBudgetUsd: config.limits.monthlyBudgetUsd, audience: opts.audience, timeZone: config.review.timeZone, log, listNotes: notesChat.list, ...(gpuStatus ? { gpuStatus } : {}) };
  const commands = plainCommands(commandDeps);
  c.use(commandsComposer(commandDeps, commands));
  c.use(filesComposer({ dataDir: config.dataDir, notebook, charts, media, cards, log }));
  const ocr = createTesseractOcr();
  const imports = createImports({ dataDir: config.dataDir, notes: notebook.notes, ocr, course, audit: notebook.audit });
  const proposals = createCourseProposals(config.dataDir);
  const courseChat = createCourseChat({ notebook, proposals, log });
  const router = createRouter({ courseChat, proposals, imports, course, log });
  // A file a re-read waits for is that re-read's, not a new import: the material's handlers ask it first.
  const rereads = createRereadBot({ rereads: createRereads({ dataDir: config.dataDir, imports, notes: notebook.notes, cards: notebook.cards, audit: notebook.audit, course, ocr }), cards: notebook.cards, log });
  c.use(rereads.composer);
  c.use(courseChat.composer);
  c.use(firstMinuteComposer({ notebook, timeZone: config.review.timeZone, showCourse: courseChat.show }));
  c.use(router.composer);
  const material = createMaterial({ imports, course, dataDir: config.dataDir, api, log, rereads: rereads.files, textFile: router.textFile });
  c.use(material.composer);
  const voice = opts.transcriber ? createVoice({ dataDir: config.dataDir, imports, course, transcriber: opts.transcriber, timeZone: config.review.timeZone, timeoutMs: config.media.timeoutMs, log }) : undefined;
  if (voice) c.use(voice.composer);
  let watchingVoice: { stop(): Promise<void> } | undefined;
  const classify = modelReaderFor(config, notebook.usage, log);
  const explain = explainerFor(config, notebook.usage, log);
  c.use(intakeComposer({ runs, notebook, commands, repeat, notes: notesChat.fromWords, wishes: reviewing.wishes, reminder: reminderWish.wish, quiz: quiz.ask, courseChat, route: router.text, pasteAsMaterial: router.pasted, reread: rereads.ask, localPlanner: config.model.kind === 'local', timeZone: config.review.timeZone, log, ...(classify ? { classify } : {}), ...(explain ? { explain } : {}) }));

  return {
    dataDir: config.dataDir,
    runs,
    registry,
    state,
    reminders,
    composer: c,
    quizzes,
    async start() {
      reminders.start(opts.clock);
      await material.resume().catch((e: unknown) => log(LOG.photoGroupsResume, e));
      // A re-read a killed process committed and did not finish: finished before anything reads the notes.
      await rereads.finishPending().catch((e: unknown) => log(LOG.rereadFinish, e));
      // Memos kept while there was no transcription server: transcribed now if there is one, and
      // again as soon as one appears (a queue worker may advertise it later). Detached (a start
      // never waits on an engine); `stop` waits for it, so nothing writes after.
      const chat = allowedUserIds[0];
      if (voice && chat !== undefined) watchingVoice = voice.watch(api, chat, opts.voiceWatchMs);
      return runs.resumeUnfinished().catch((e: unknown) => { log(LOG.runsResume, e); return 0; });
    },
    async stop() {
      reminders.stop();
      material.stop();
      runs.shutdown();
      await watchingVoice?.stop();
      registry.close();
      await ocr.close();
      await state.close();
    },
  };
}
