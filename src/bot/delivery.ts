/**
 * What reaches the chat when a run ends: the cover as a photo with its caption, the episode as a
 * playable MP3 (Telegram's player does not play WAV) plus the WAV itself as a document, the report
 * (split to Telegram's limit, no parse_mode: model text is sent as plain text), the Gantt chart and
 * the run's tokens and cost. Files go as paths/Buffers (InputFile), never streams, so auto-retry
 * can resend them. One failed send is told in one sentence and does not stop the others. A run
 * that only asked something back (no tool called) is just that question, as a normal message.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { InputFile, type Api } from 'grammy';
import type { RunOutcome } from '../agent/types.js';
import type { TaskEvent } from '../scheduler/events.js';
import type { Artifact } from '../tools/contract.js';
import { weekTitle, type Week } from '../tools/domain.js';
import { splitText, truncate, TELEGRAM_CAPTION_MAX } from './format.js';
import { weekCardsMessage } from './review-strings.js';
import { S, usd } from './strings.js';
import type { Card } from '../store/index.js';

/** Media helpers the delivery needs; main/tests pass the real encoders (tools/media, scheduler/gantt). */
export interface DeliveryMedia {
  /** WAV → MP3 for Telegram's audio player. Absent: only the WAV document is sent. */
  encodeMp3?: (wav: Buffer) => Buffer | Promise<Buffer>;
  /** A run's task events → PNG. Absent: no chart. */
  renderGantt?: (events: readonly TaskEvent[]) => Buffer | Promise<Buffer>;
}

export interface DeliveryDeps {
  api: Api;
  media: DeliveryMedia;
  /** The deck's cards with these ids (deleted ones left out); absent = the report lists no cards. */
  cards?: (ids: readonly number[]) => Promise<Card[]>;
  log: (message: string, error?: unknown) => void;
}

/**
 * The few chat texts only delivery and the status message use (tú, plain text). They live here and
 * not in strings.ts because that module belongs to another engineer; move them there when it is free.
 */
export const DELIVERY_S = Object.freeze({
  /** Status header when the run only asked something back: no job ran, so nothing "finished". */
  progressQuestion: (text: string) => `💬 «${text}»: antes de empezar necesito que me aclares algo (te lo pregunto abajo).`,
  /** The brief cost of a question, only when a real model spent tokens on it. */
  questionCost: (tokens: number, cost: number) => `(${tokens.toLocaleString('es-ES')} tokens · ${usd(cost)})`,
});

/**
 * True when the run did no work at all — the model only answered (asked which week, asked to
 * clarify) — so the chat gets its words as a normal message: no report, no chart, no "finished".
 * Without `toolCalls` (an older producer) nothing scheduled, produced or refused counts as none.
 */
export function isAnswerOnly(outcome: RunOutcome): boolean {
  if (outcome.stopReason !== 'end_turn' || !outcome.report.trim()) return false;
  const calls = outcome.toolCalls ?? outcome.taskEvents.length + outcome.artifacts.length + outcome.notDone.length;
  return calls === 0;
}

/** The answer-only message: the model's words, plus a short cost only when a real model was paid. */
export function answerText(outcome: RunOutcome): string {
  const tokens = outcome.tokens.input + outcome.tokens.output;
  const parts = [outcome.report.trim()];
  if (tokens > 0 && !outcome.usageEstimated) parts.push(DELIVERY_S.questionCost(tokens, outcome.costUsd));
  return parts.join('\n\n');
}

/** Sends every file and text of the outcome to `chatId`, in reading order. */
export async function deliverOutcome(deps: DeliveryDeps, chatId: number, outcome: RunOutcome): Promise<void> {
  const attempt = async (what: string, send: () => Promise<unknown>) => {
    try {
      await send();
    } catch (e) {
      deps.log(`no se pudo enviar ${what}`, e);
      await deps.api.sendMessage(chatId, S.deliveryFailed(what)).catch(() => undefined);
    }
  };

  if (isAnswerOnly(outcome)) {
    for (const chunk of splitText(answerText(outcome))) await attempt('la respuesta', () => deps.api.sendMessage(chatId, chunk));
    return;
  }

  for (const a of outcome.artifacts) {
    if (a.kind === 'imagen') {
      await attempt('la portada', () => deps.api.sendPhoto(chatId, new InputFile(a.path), { caption: coverCaption(a) }));
    } else if (a.kind === 'audio') {
      await attempt('el pódcast', () => sendEpisode(deps, chatId, a));
      await attempt('el audio WAV', () => deps.api.sendDocument(chatId, new InputFile(a.path), { caption: S.wavCaption }));
    } else {
      await attempt('un documento', () => deps.api.sendDocument(chatId, new InputFile(a.path), a.caption ? { caption: truncate(a.caption, TELEGRAM_CAPTION_MAX) } : {}));
    }
  }

  for (const chunk of splitText(reportText(outcome))) {
    await attempt('el informe', () => deps.api.sendMessage(chatId, chunk));
  }

  const cardIds = outcome.cards ?? [];
  if (deps.cards && cardIds.length > 0) {
    const lookup = deps.cards;
    await attempt('las tarjetas', async () => {
      const cards = await lookup(cardIds);
      if (cards.length === 0) return;
      const { text, entities } = weekCardsMessage(cards);
      await deps.api.sendMessage(chatId, text, { entities });
    });
  }

  if (deps.media.renderGantt && outcome.taskEvents.length > 0) {
    const render = deps.media.renderGantt;
    await attempt('el cronograma', async () => {
      const png = await render(outcome.taskEvents);
      await deps.api.sendPhoto(chatId, new InputFile(png, 'cronograma.png'), { caption: S.ganttCaption });
    });
  }
}

async function sendEpisode(deps: DeliveryDeps, chatId: number, a: Artifact): Promise<void> {
  const title = S.audioTitle(titleOf(a) ?? path.basename(a.path, path.extname(a.path)));
  const isMp3 = /mpeg|mp3/.test(a.mime);
  if (!isMp3 && !deps.media.encodeMp3) return; // the WAV document that follows carries the episode
  const bytes = await readFile(a.path);
  const mp3 = isMp3 ? bytes : await deps.media.encodeMp3!(bytes);
  const name = `${path.basename(a.path, path.extname(a.path))}.mp3`;
  await deps.api.sendAudio(chatId, new InputFile(mp3, name), {
    title,
    performer: S.audioPerformer,
    ...(a.caption ? { caption: truncate(a.caption, TELEGRAM_CAPTION_MAX) } : {}),
  });
}

/** The week's title from the artifact's meta (`semana`) or its file name (`semana_03.wav`). */
function titleOf(a: Artifact): string | undefined {
  const week = Number(a.meta?.semana ?? /semana_0*(\d+)/.exec(path.basename(a.path))?.[1]);
  return Number.isInteger(week) && week >= 1 && week <= 4 ? weekTitle(week as Week) : undefined;
}

/** Caption of the cover: week, topic and engine (the artifact's own caption when it has one). */
export function coverCaption(a: Artifact): string {
  if (a.caption) return truncate(a.caption, TELEGRAM_CAPTION_MAX);
  const engine = [a.meta?.motor, a.meta?.engine].find((x): x is string => typeof x === 'string');
  return truncate(S.coverCaption(titleOf(a) ?? path.basename(a.path), engine), TELEGRAM_CAPTION_MAX);
}

/** The final text: report, what was not done, why it stopped, tokens and cost. */
export function reportText(outcome: RunOutcome): string {
  const parts: string[] = [S.reportHeader];
  // `finished` spans restarts; the task events only this process's stages.
  if (outcome.stopReason === 'cancelado') parts.push(S.cancelledFinished(outcome.finished ?? finishedLabels(outcome.taskEvents)));
  if (outcome.report.trim()) parts.push(outcome.report.trim());
  if (outcome.notDone.length > 0) parts.push([S.notDoneHeader, ...outcome.notDone.map((l) => `• ${l}`)].join('\n'));
  if (outcome.stopReason !== 'end_turn' && outcome.stopReason !== 'cancelado' && outcome.detail) parts.push(S.stopDetail(outcome.detail));
  parts.push(S.costLine(outcome.tokens.input, outcome.tokens.output, outcome.costUsd));
  return parts.join('\n\n');
}

/** Labels of the tasks that finished, in the order they finished. */
export function finishedLabels(events: readonly TaskEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) if (e.type === 'finished' && !out.includes(e.label)) out.push(e.label);
  return out;
}
