/**
 * «Quiz me» for one notebook: a quiz of a week or a topic built from the notes' key ideas
 * (ideas.ts, build.ts), each question tied to the card of the same idea (found in the deck, or made
 * under the deck's week rules), and each answer rated into the review — right «Bien», wrong «Otra
 * vez» — through the same FSRS path as /repasar (review/service.ts `rate`), exactly once: the answer
 * is written to the quiz file first (with its instant), then rated with that same instant, then
 * marked rated; a repeated or redelivered answer, or one after a crash in between, finds the first
 * (in the file, or in the review log by card and instant) and rates nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Card, CardDeck, NewCard, NotesStore } from '../../store/index.js';
import type { ReviewService } from '../review/service.js';
import { giveAway } from '../cards/build.js';
import { buildQuiz, DEFAULT_QUESTIONS, MAX_QUESTIONS, MIN_QUESTIONS, type QuizQuestion } from './build.js';
import { ideasByWeek, poolOf, type QuizIdea, type SourceNote } from './ideas.js';
import { mentionsOf } from './mentions.js';
import { QuizStore, type StoredQuestion, type StoredQuiz } from './store.js';
import { loadWordCheck, type WordCheck } from '../study/reading.js';
import { formulaOfAnswer } from '../study/idea-cards.js';
import { fold } from '../../lib/fold.js';
import { weekOfNote, type Course } from '../course/course.js';
import { QUIZ } from '../../strings/quiz.js';
import { asWrittenIn } from '../../lib/name-case.js';

/** FSRS grades: «Otra vez» and «Bien». */
const AGAIN = 1;
const GOOD = 3;

export interface QuizAsk {
  chat: number;
  user: number;
  week?: number;
  topic?: string;
  count?: number;
  /** A class quiz: its questions (the teacher's), asked as they are. */
  questions?: readonly QuizQuestion[];
  classQuiz?: string;
}

/** Questions a model proposes from `notes`, already checked with the quiz's rules, or undefined. */
export type QuizProposer = (ask: { notes: readonly SourceNote[]; count: number; quizId: string; topic?: string }) => Promise<QuizQuestion[] | undefined>;

/**
 * `no_ideas`: no question could be asked; `ideas`, how many ideas the notes gave that lacked three
 * fitting wrong options. `too_few`: fewer than MIN_QUESTIONS could (`questions` of them), and the
 * student asked for no fewer. `topic`: the topic asked, as the notes write it. `onTopic`: of a topic's
 * quiz completed with what its notes say around it, the questions on the topic itself, and where the
 * others come from (`around`: its own notes, or its week's).
 */
export type QuizMade =
  | { kind: 'made'; quiz: StoredQuiz; onTopic?: { questions: number; around: 'notas' | 'semana' } }
  | { kind: 'no_ideas'; ideas: number; topic?: string }
  | { kind: 'too_few'; questions: number; topic?: string }
  | { kind: 'no_notes' };

export type AnswerResult =
  | { kind: 'rated'; quiz: StoredQuiz; question: StoredQuestion; finished: boolean }
  | { kind: 'seen' }
  | { kind: 'not_theirs' }
  | { kind: 'unknown' };

export interface QuizServiceOptions {
  dataDir: string;
  notes: Pick<NotesStore, 'list' | 'add'>;
  cards: Pick<CardDeck, 'list' | 'append'>;
  review: Pick<ReviewService, 'rate'>;
  readAnswers?: (cardId: number) => Promise<Array<{ fecha: string }>>;
  /** With a model: the questions it proposes, checked (agent/quiz-proposer.ts); undefined makes the quiz offline. */
  propose?: QuizProposer;
  /** The Spanish dictionary's check the study side reads sentences with (default: loaded once on the first quiz). */
  wordCheck?: () => Promise<WordCheck>;
  /**
   * The owner's course as it is now: a note without a week of its own belongs to the week whose topic
   * it is (weekOfNote) — the demo's notes and a pasted text have none. Without it, only notes that
   * carry their week are a week's.
   */
  course?: () => Promise<Course>;
}

const foldTrim = (s: string) => fold(s).trim();
const words = (s: string) => foldTrim(s).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 3);

/** The ideas a topic names: those whose term or passage shares a content word with it, best first. */
export function ideasAbout(ideas: readonly QuizIdea[], topic: string): QuizIdea[] {
  const asked = new Set(words(topic));
  const score = (i: QuizIdea) => words(`${i.term} ${i.term} ${i.passage}`).filter((w) => asked.has(w)).length;
  return ideas.map((i) => ({ i, s: score(i) })).filter((x) => x.s > 0).sort((a, b) => b.s - a.s).map((x) => x.i);
}

/**
 * What the notes say around a topic's ideas (`about`), to complete a quiz the topic alone gives too
 * few questions for: the other ideas of the same notes, in their order, then those of the same
 * weeks (`weekOf` a note; a note without a week has no week's ideas). A student who asks «quiz de la
 * bóveda de arista» expects a quiz, and the lecture around it is what they are studying with it.
 */
export function ideasAround(about: readonly QuizIdea[], ideas: readonly QuizIdea[], weekOf: (noteId: number) => number | null | undefined): QuizIdea[] {
  const notes = new Set(about.map((i) => i.source.noteId));
  const weeks = new Set(about.map((i) => weekOf(i.source.noteId)).filter((w): w is number => typeof w === 'number'));
  const inWeek = (i: QuizIdea) => { const w = weekOf(i.source.noteId); return typeof w === 'number' && weeks.has(w); };
  const rest = ideas.filter((i) => !about.includes(i));
  return [...rest.filter((i) => notes.has(i.source.noteId)), ...rest.filter((i) => !notes.has(i.source.noteId) && inWeek(i))];
}

/**
 * True when `card` asks about `idea`: its answer is the idea's term («Entropía»), or it is the same
 * idea asked the other way round, as a prepared week's cards ask it («¿Qué es el rendimiento de la
 * máquina?» → its definition): the question names the term and the answer is the passage's own words.
 * Without the second, a quiz of a prepared week found no card of its ideas, and the deck's rules
 * refused a new one beside the old (its question names the term), so every question was dropped.
 */
export function sameIdea(card: Pick<Card, 'pregunta' | 'respuesta'>, idea: QuizIdea): boolean {
  const term = foldTrim(idea.term);
  if (foldTrim(card.respuesta) === term) return true;
  // A formula card answers with the formula and how it is read aloud («η = W / Q₁ (se lee: …)»):
  // the same formula, spaced otherwise, is the same idea — else a missed question became a second card.
  if (formulaOf(card.respuesta) === formulaOf(idea.term)) return true;
  if (!foldTrim(card.pregunta).includes(term)) return false;
  const said = words(card.respuesta);
  const passage = new Set(words(idea.passage));
  return said.length > 0 && said.filter((w) => passage.has(w)).length / said.length >= 0.5;
}

/** A formula as written, without its spaces nor the «(se lee: …)» a card adds after it. */
const formulaOf = (s: string) => foldTrim(formulaOfAnswer(s)).replace(/\s+/gu, '');

export type QuizService = ReturnType<typeof createQuizService>;

/** The title of the note a class quiz leaves in a student's notebook. */
export const classNoteTitle = (week: number | undefined) => QUIZ.classNoteTitle(week);

export function createQuizService(o: QuizServiceOptions) {
  const store = new QuizStore(o.dataDir);

  /**
   * The card of `idea`: one in the deck with its answer (its note's, else its week's), or a new one —
   * answered by the term, or by the definition for a question asked the other way round (`answer`).
   */
  function cardFor(deck: readonly Card[], idea: QuizIdea, question: string, week: number | undefined, answer = idea.term): Card | NewCard | undefined {
    const found = deck.find((c) => c.id_nota === idea.source.noteId && sameIdea(c, idea)) ?? deck.find((c) => c.semana === week && week !== undefined && sameIdea(c, idea));
    if (found) return found;
    const card: NewCard = { id_nota: idea.source.noteId, ...(week !== undefined ? { semana: week } : {}), tipo: 'definicion', pregunta: question, respuesta: answer };
    const weekCards = deck.filter((c) => (week !== undefined ? c.semana === week : c.id_nota === idea.source.noteId));
    return giveAway(card, weekCards) === undefined ? card : undefined;
  }

  /**
   * Ties the first `limit` questions that can have a card to their cards (made in one append),
   * dropping those that can have none — a later question takes a dropped one's place.
   */
  async function withCards(questions: readonly QuizQuestion[], notes: readonly SourceNote[], origin: string, limit = questions.length): Promise<StoredQuestion[]> {
    const weekOf = (q: QuizQuestion) => notes.find((n) => n.id === q.idea.source.noteId)?.semana ?? undefined;
    const tied: Array<{ q: QuizQuestion; key: string }> = [];
    const { cards } = await o.cards.append((deck) => {
      const out: NewCard[] = [];
      const live = [...deck] as Card[];
      for (const q of questions) {
        if (tied.length >= limit) break;
        const c = cardFor(live, q.idea, q.question, weekOf(q), q.reverse ? q.options[q.correct] : undefined);
        if (!c) continue;
        if (!('id' in c)) {
          out.push(c);
          live.push({ ...c, id: -1 - out.length, creada: '' });
        }
        // Keyed by the card's own answer: a prepared card of the idea answers with its definition, not the term.
        tied.push({ q, key: foldTrim(c.respuesta) });
      }
      // The quiz's own cards are returned too (append returns the request's cards, stored ones included).
      return [...out, ...deck.filter((d) => tied.some((t) => t.key === foldTrim(d.respuesta)) && !out.some((n) => foldTrim(n.respuesta) === foldTrim(d.respuesta)))].map(({ id_nota, semana, tipo, pregunta, respuesta }) => ({ id_nota, ...(semana !== undefined ? { semana } : {}), tipo, pregunta, respuesta }));
    }, new Date(), origin);
    const out: StoredQuestion[] = [];
    for (const { q, key } of tied) {
      const card = cards.find((c) => c.id_nota === q.idea.source.noteId && foldTrim(c.respuesta) === key) ?? cards.find((c) => foldTrim(c.respuesta) === key);
      if (card) out.push({ idea: q.idea, question: q.question, options: q.options, correct: q.correct, explanation: q.explanation, cardId: card.id });
    }
    return out;
  }

  /** Each note with the week it studies: its own, else the course's week of its topic. */
  async function withWeeks(notes: SourceNote[]): Promise<SourceNote[]> {
    if (!o.course || notes.every((n) => n.semana !== undefined)) return notes;
    const course = await o.course();
    return notes.map((n) => {
      if (n.semana !== undefined) return n;
      const week = weekOfNote(course, n);
      return week === null ? n : { ...n, semana: week };
    });
  }

  return {
    store,

    /**
     * The ideas of a week (or of every note), for a class quiz built from the teacher's notes. A topic's
     * (`about`: its own ideas) is completed with what its notes say around it (ideasAround) and comes
     * back as the notes write it (`topic`: «la bóveda de arista» for «la boveda de arista»).
     */
    async build(ask: { week?: number; topic?: string; count?: number; id: string; spares?: boolean }): Promise<{ questions: QuizQuestion[]; notes: SourceNote[]; count: number; ideas: number; about?: readonly QuizIdea[]; topic?: string } | { kind: 'no_notes' }> {
      const notes = await withWeeks((await o.notes.list()) as SourceNote[]);
      const scoped = ask.week !== undefined ? notes.filter((n) => n.semana === ask.week) : notes;
      if (scoped.length === 0) return { kind: 'no_notes' };
      const count = Math.min(Math.max(ask.count ?? DEFAULT_QUESTIONS, 1), MAX_QUESTIONS);
      const topic = ask.topic ? asWrittenIn(ask.topic, scoped.map((n) => `${n.tema}\n${n.texto}`).join('\n')) : undefined;
      const proposed = o.propose ? await o.propose({ notes: scoped, count, quizId: ask.id, ...(ask.topic ? { topic: ask.topic } : {}) }) : undefined;
      // A proposal too short for a quiz (MIN_QUESTIONS) leaves the quiz to the notes' own ideas.
      if (proposed && proposed.length >= Math.min(MIN_QUESTIONS, count)) return { questions: proposed, notes, count, ideas: proposed.length, ...(topic ? { topic } : {}) };
      const isWord = await (o.wordCheck ?? loadWordCheck)();
      // The course read once (the study side's reading is the slow part); a week's own ideas are its own
      // even where another week has an idea of the same term.
      const weeks = ideasByWeek(notes, isWord);
      const ideas = poolOf(weeks);
      // The people, years and movements the notes name are options too (never asked about).
      const pool = [...ideas, ...mentionsOf(notes, isWord)];
      const inScope = ask.week !== undefined ? [...(weeks.get(ask.week) ?? [])] : ideas;
      const weekOf = (id: number) => notes.find((n) => n.id === id)?.semana;
      const about = ask.topic ? ideasAbout(inScope, ask.topic) : undefined;
      const asked = about ? [...about, ...ideasAround(about, inScope, weekOf)] : inScope;
      // With spares, every question the ideas give, so one that can have no card leaves room for the next.
      const questions = buildQuiz(asked, pool, ask.spares ? asked.length : count, ask.id, weekOf);
      // A topic's quiz asks about the topic: what is around it only completes it.
      const onTopic = about && !questions.some((q) => about.includes(q.idea)) ? [] : questions;
      return { questions: onTopic, notes, count, ideas: about?.length ?? asked.length, ...(about ? { about } : {}), ...(topic ? { topic } : {}) };
    },

    /**
     * Builds and saves a quiz for `ask.user` (not sent yet): at least MIN_QUESTIONS questions, or as
     * many as the student asked for when fewer (a class quiz is asked as the teacher made it).
     */
    async make(ask: QuizAsk): Promise<QuizMade> {
      const id = randomUUID();
      let questions = ask.questions;
      let count = questions?.length;
      let notes = (await o.notes.list()) as SourceNote[];
      let ideas = questions?.length ?? 0;
      let about: readonly QuizIdea[] | undefined;
      let topic = ask.topic;
      if (questions) {
        // A class quiz: its passages become one note of this notebook, which its cards point at —
        // the student's deck holds only what the student received.
        const kept = await o.notes.add(classNoteTitle(ask.week), questions.map((q) => `${q.idea.passage}.`).join('\n'), ask.week ?? null);
        questions = questions.map((q) => ({ ...q, idea: { ...q.idea, source: { ...q.idea.source, noteId: kept.id } } }));
        notes = [...notes, kept];
      } else {
        const built = await this.build({ id, spares: true, ...(ask.week !== undefined ? { week: ask.week } : {}), ...(ask.topic ? { topic: ask.topic } : {}), ...(ask.count !== undefined ? { count: ask.count } : {}) });
        if ('kind' in built) return built;
        ideas = built.ideas;
        questions = built.questions;
        notes = built.notes;
        count = built.count;
        about = built.about;
        topic = built.topic ?? topic;
      }
      const said = topic ? { topic } : {};
      // Checked before the cards are made too: a quiz not sent leaves no card behind.
      const fewest = ask.questions ? 1 : Math.min(MIN_QUESTIONS, count!);
      if (questions.length > 0 && questions.length < fewest) return { kind: 'too_few', questions: questions.length, ...said };
      // What is around a topic completes its quiz up to MIN_QUESTIONS, or to the number the student asked for.
      const own = about && questions.filter((q) => about.includes(q.idea)).length;
      const limit = about && ask.count === undefined ? Math.min(count!, Math.max(own!, MIN_QUESTIONS)) : count;
      const stored = await withCards(questions, notes, `quiz-${id}`, limit);
      if (stored.length === 0) return { kind: 'no_ideas', ideas, ...said };
      if (stored.length < fewest) return { kind: 'too_few', questions: stored.length, ...said };
      const quiz: StoredQuiz = {
        id, chat: ask.chat, user: ask.user, created: new Date().toISOString(), questions: stored,
        ...(ask.week !== undefined ? { week: ask.week } : {}), ...said, ...(ask.classQuiz ? { classQuiz: ask.classQuiz } : {}),
      };
      await store.update((f) => void f.quizzes.push(quiz));
      const asked = about && stored.filter((q) => about.includes(q.idea)).length;
      // Completed with what its notes say around it: how many are on the topic, and from where the rest.
      const onTopic = about && asked! < stored.length ? { questions: asked!, around: stored.every((q) => about.includes(q.idea) || about.some((a) => a.source.noteId === q.idea.source.noteId)) ? 'notas' as const : 'semana' as const } : undefined;
      return { kind: 'made', quiz, ...(onTopic ? { onTopic } : {}) };
    },

    /** Records which poll asks question `index` of quiz `id`. */
    async sent(id: string, index: number, pollId: string, messageId: number): Promise<void> {
      await store.update((f) => {
        const q = f.quizzes.find((x) => x.id === id)?.questions[index];
        if (q) Object.assign(q, { pollId, messageId });
      });
    },

    /**
     * `user` chose `option` in poll `pollId` at `now`: rated once into the review (see the module
     * comment). Only the person the poll was sent to counts.
     */
    async answer(pollId: string, user: number, option: number, now: Date): Promise<AnswerResult> {
      const claimed = await store.update((f) => {
        const quiz = f.quizzes.find((x) => x.questions.some((q) => q.pollId === pollId));
        const question = quiz?.questions.find((q) => q.pollId === pollId);
        if (!quiz || !question) return { kind: 'unknown' as const };
        if (quiz.user !== user) return { kind: 'not_theirs' as const };
        if (question.answer?.entry !== undefined) return { kind: 'seen' as const };
        // A first answer is kept as it was given; one interrupted before its rating is finished below.
        question.answer ??= { option, right: option === question.correct, at: now.toISOString() };
        return { kind: 'claim' as const, cardId: question.cardId, answer: question.answer };
      });
      if (claimed.kind !== 'claim') return claimed;
      const at = new Date(claimed.answer.at);
      const before = o.readAnswers ? await o.readAnswers(claimed.cardId) : [];
      const done = before.find((e) => e.fecha === claimed.answer.at) as { n?: number } | undefined;
      let entry = done?.n;
      if (entry === undefined) {
        const r = await o.review.rate(claimed.cardId, claimed.answer.right ? GOOD : AGAIN, at);
        entry = r.kind === 'applied' ? r.entry.n : 0;
      }
      return store.update((f) => {
        const quiz = f.quizzes.find((x) => x.questions.some((q) => q.pollId === pollId))!;
        const question = quiz.questions.find((q) => q.pollId === pollId)!;
        if (question.answer!.entry !== undefined) return { kind: 'seen' as const };
        question.answer!.entry = entry;
        const finished = quiz.questions.every((q) => q.answer?.entry !== undefined);
        return { kind: 'rated' as const, quiz: structuredClone(quiz), question: structuredClone(question), finished };
      });
    },

    /** Marks quiz `id` scored; false when it already was (the score message is sent once). */
    claimScore: (id: string) => store.update((f) => {
      const quiz = f.quizzes.find((x) => x.id === id);
      if (!quiz || quiz.scored) return false;
      quiz.scored = true;
      return true;
    }),

    async quiz(id: string): Promise<StoredQuiz | undefined> {
      return (await store.read()).quizzes.find((x) => x.id === id);
    },

    /** Every quiz in this notebook that copies class quiz `classQuiz` (a student's copy). */
    async copiesOf(classQuiz: string): Promise<StoredQuiz[]> {
      return (await store.read()).quizzes.filter((x) => x.classQuiz === classQuiz);
    },
  };
}
