/**
 * Quiz polls on the embedded Bot API: `sendPoll` (regular or quiz), `stopPoll`, and the person's
 * vote, which becomes a `poll_answer` update for a non-anonymous poll — the shapes and limits of
 * api.telegram.org, so the bot sends the same requests here as there.
 *
 * Limits as the Bot API the bot is typed against (grammY's types) states them: question 1–300
 * characters, 1–12 options (`InputPollOption`s) of 1–100, explanation 0–200, and the right answers
 * as `correct_option_ids` (the older single `correct_option_id` is read too).
 *
 * The error descriptions were checked against TDLib (the code behind the official Bot API server),
 * whose messages the server returns after «Bad Request: » with a lower-case first letter, as
 * teloxide's catalogue of real answers writes them: «poll question must be non-empty», «poll question
 * length must not exceed 300» (create_input_message_content, td/telegram/MessageContent.cpp, 300 for
 * bots), «poll must have at least one answer option» and «poll can't have more than 12 options»
 * (PollOption::get_poll_options, `poll_answer_count_max` = 12; TDLib before it said «…at least 2
 * option» / «…more than 10 options»), «poll options must be non-empty», «poll options length must not
 * exceed 100», «wrong correct option ID specified»; stopPoll's «message with poll to stop not found»
 * and «poll has already been closed» (teloxide's ApiError). NOT verified: the answer to an
 * explanation over 200 characters, which TDLib passes on to Telegram's servers; we answer
 * «POLL_ANSWERS_INVALID», the MTProto error a reimplementation of those servers gives for it (the
 * bot checks the limit before sending, so it never sees it).
 */
import type { Message, Poll, PollAnswer, User } from 'grammy/types';
import type { ChatState } from './chat-state.js';
import { baseMessage, inlineMarkup, targetChat, withMarkup, type BotMethod } from './method-kit.js';
import { badRequest, boolParam, BotApiError, intParam, stringParam, type BotParams } from './params.js';
import type { UpdateQueue } from './updates.js';

/** Telegram's poll limits for bots, in characters. */
export const POLL_LIMITS = Object.freeze({ question: 300, option: 100, minOptions: 1, maxOptions: 12, explanation: 200 });

export const POLL_ERRORS = Object.freeze({
  questionEmpty: 'poll question must be non-empty',
  questionLong: `poll question length must not exceed ${POLL_LIMITS.question}`,
  fewOptions: 'poll must have at least one answer option',
  manyOptions: `poll can't have more than ${POLL_LIMITS.maxOptions} options`,
  optionEmpty: 'poll options must be non-empty',
  optionLong: `poll options length must not exceed ${POLL_LIMITS.option}`,
  correctId: 'wrong correct option ID specified',
  explanationLong: 'POLL_ANSWERS_INVALID',
  stopNotFound: 'message with poll to stop not found',
  alreadyClosed: 'poll has already been closed',
});

/** Characters as Telegram counts them for polls (code points, TDLib's utf8_length). */
const length = (s: string) => Array.from(s).length;

function optionTexts(p: BotParams): string[] {
  const raw = p.values.options;
  if (!Array.isArray(raw)) throw badRequest(POLL_ERRORS.fewOptions);
  // Bot API 7.3+: InputPollOption objects; older clients send plain strings.
  return raw.map((o) => (typeof o === 'string' ? o : typeof o === 'object' && o !== null && typeof (o as { text?: unknown }).text === 'string' ? (o as { text: string }).text : ''));
}

/** The poll a `sendPoll` asks for, checked as Telegram checks it, in Telegram's order. */
function pollOf(p: BotParams, id: string): Poll {
  const question = (stringParam(p, 'question') ?? '').trim();
  if (question === '') throw badRequest(POLL_ERRORS.questionEmpty);
  if (length(question) > POLL_LIMITS.question) throw badRequest(POLL_ERRORS.questionLong);
  const options = optionTexts(p).map((o) => o.trim());
  if (options.length < POLL_LIMITS.minOptions) throw badRequest(POLL_ERRORS.fewOptions);
  if (options.length > POLL_LIMITS.maxOptions) throw badRequest(POLL_ERRORS.manyOptions);
  for (const o of options) {
    if (o === '') throw badRequest(POLL_ERRORS.optionEmpty);
    if (length(o) > POLL_LIMITS.option) throw badRequest(POLL_ERRORS.optionLong);
  }
  const quiz = stringParam(p, 'type') === 'quiz';
  const anonymous = p.values.is_anonymous === undefined ? true : boolParam(p, 'is_anonymous');
  const base = {
    id, question, options: options.map((text) => ({ text, voter_count: 0 })), total_voter_count: 0,
    is_closed: boolParam(p, 'is_closed'), is_anonymous: anonymous, allows_multiple_answers: boolParam(p, 'allows_multiple_answers'),
    allows_revoting: p.values.allows_revoting === undefined ? !quiz : boolParam(p, 'allows_revoting'), members_only: false,
  };
  if (!quiz) return { ...base, type: 'regular' } as unknown as Poll;
  const listed = p.values.correct_option_ids;
  const single = intParam(p, 'correct_option_id');
  const ids = Array.isArray(listed) ? listed.map(Number) : single !== undefined ? [single] : [];
  const increasing = ids.every((x, i) => i === 0 || x > ids[i - 1]!);
  if (ids.length === 0 || !increasing || ids.some((x) => !Number.isInteger(x) || x < 0 || x >= options.length)) throw badRequest(POLL_ERRORS.correctId);
  const explanation = stringParam(p, 'explanation');
  if (explanation !== undefined && length(explanation) > POLL_LIMITS.explanation) throw badRequest(POLL_ERRORS.explanationLong);
  return { ...base, type: 'quiz', correct_option_ids: ids, ...(explanation ? { explanation } : {}) } as unknown as Poll;
}

/** Where each poll lives and who voted what: rebuilt from the chat's messages after a restart. */
export class PollBook {
  private next = 1;
  private readonly where = new Map<string, { chatId: number; messageId: number }>();
  /** Votes by poll id, then by user id (not kept across restarts of the server: counts are in the message). */
  private readonly votes = new Map<string, Map<number, number[]>>();

  constructor(private readonly state: ChatState, private readonly updates: UpdateQueue) {
    for (const chat of state.snapshot().chats) {
      for (const m of state.history(chat.id)) if (m.poll) this.track(m);
    }
  }

  private track(m: Message): void {
    const poll = m.poll!;
    this.where.set(poll.id, { chatId: m.chat.id, messageId: m.message_id });
    const n = Number(/^p(\d+)$/.exec(poll.id)?.[1] ?? 0);
    this.next = Math.max(this.next, n + 1);
  }

  newId(): string {
    return `p${this.next++}`;
  }

  /** The poll message as it is now. */
  message(pollId: string): Message | undefined {
    const at = this.where.get(pollId);
    return at && this.state.get(at.chatId, at.messageId);
  }

  sent(m: Message): void {
    this.track(m);
  }

  /**
   * `from` votes `optionIds` in the poll of message `messageId` of `chatId` (what a tap on the page
   * does). A quiz takes one answer, once, as on Telegram; a closed poll takes none. The message's
   * counts change (the page shows it) and, for a non-anonymous poll, the bot gets `poll_answer`.
   * Throws RangeError when the vote cannot be cast.
   */
  vote(chatId: number, messageId: number, optionIds: number[], from: User): PollAnswer | undefined {
    const m = this.state.get(chatId, messageId);
    const poll = m?.poll;
    if (!m || !poll) throw new RangeError('that message has no poll');
    if (poll.is_closed) throw new RangeError('the poll is closed');
    if (optionIds.length === 0 || optionIds.some((i) => !Number.isInteger(i) || i < 0 || i >= poll.options.length)) throw new RangeError('no such option');
    if (optionIds.length > 1 && !poll.allows_multiple_answers) throw new RangeError('one option only');
    const byUser = this.votes.get(poll.id) ?? new Map<number, number[]>();
    this.votes.set(poll.id, byUser);
    const voted = byUser.has(from.id) || (chatId === from.id && poll.total_voter_count > 0);
    if (voted && !poll.allows_revoting) throw new RangeError('this poll takes one answer');
    byUser.set(from.id, optionIds);
    const options = poll.options.map((o, i) => ({ ...o, voter_count: o.voter_count + (optionIds.includes(i) ? 1 : 0) }));
    this.state.replace({ ...m, poll: { ...poll, options, total_voter_count: poll.total_voter_count + 1 } } as Message);
    if (poll.is_anonymous) return undefined;
    const answer: PollAnswer = { poll_id: poll.id, user: from, option_ids: optionIds } as PollAnswer;
    this.updates.push({ poll_answer: answer } as never);
    return answer;
  }

  /** Closes the poll of a message; Telegram's errors when there is none or it is closed already. */
  stop(m: Message | undefined): Poll {
    if (!m?.poll) throw badRequest(POLL_ERRORS.stopNotFound);
    if (m.poll.is_closed) throw badRequest(POLL_ERRORS.alreadyClosed);
    const poll = { ...m.poll, is_closed: true } as Poll;
    const { reply_markup: _gone, ...rest } = m;
    this.state.replace({ ...rest, poll } as Message);
    return poll;
  }
}

/** `sendPoll` and `stopPoll` bound to a PollBook. */
export function pollMethods(book: () => PollBook): Record<string, BotMethod> {
  return {
    sendpoll: (ctx, p) => {
      const chat = targetChat(ctx, p);
      const poll = pollOf(p, book().newId());
      const markup = inlineMarkup(p);
      const m = ctx.state.add(chat.id, (id) => ({ ...baseMessage(ctx, chat, p, id), poll, ...withMarkup(markup) }) as Message);
      book().sent(m);
      return m;
    },
    stoppoll: (ctx, p) => {
      const chat = targetChat(ctx, p);
      const id = intParam(p, 'message_id', 'message identifier is not specified') as number;
      return book().stop(ctx.state.get(chat.id, id));
    },
  };
}

export { BotApiError };
