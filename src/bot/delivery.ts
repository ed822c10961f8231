/**
 * What reaches the chat when a run ends: the cover as a photo with its caption, the episode as one
 * playable MP3 with title and performer (the WAV only on request, from its button) — both as soon as
 * they exist — and then ONE closing message (split to Telegram's limit, no parse_mode: model text is
 * sent as plain text): what was made, the time at work and ONE cost line (what this run spent,
 * counted like /gasto), with [🃏 Tarjetas] and [📊 Cronograma] under it. The cards list and the
 * chart are sent only when tapped (files.ts). Files go as paths/Buffers (InputFile), never streams,
 * so auto-retry can resend them. One failed send is told in one sentence and does not stop the
 * others. A run that only asked something back (no tool called) is just that question.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { InputFile, type Api } from 'grammy';
import type { RunOutcome } from '../agent/types.js';
import type { TaskEvent } from '../scheduler/events.js';
import type { Artifact } from '../tools/contract.js';
import type { Week } from '../domain/notebook.js';
import { MAX_WEEKS, weekLabel } from '../domain/course/course.js';
import { captionAndRest, splitText, stageIdOf, summarizeCalls } from './format.js';
import { stageDecl, toolRole } from '../tools/stages/catalogue.js';
import { summaryInWords } from '../strings/tools.js';
import { noNewCards } from '../strings/agent.js';
import type { OwnerWaitSpan } from '../scheduler/gantt.js';
import { closingKeyboard, redoKeyboard, wavKeyboard } from './keyboards.js';
import { S } from '../strings/chat.js';
import { DELIVERY_KEY_PARAM } from '../lib/delivery-key.js';
import type { UsageMonth } from '../store/index.js';
import type { SentRecord } from './state.js';
import { newestVersionSent } from './repeat.js';
import { LOG } from '../strings/log.js';

/** Media helpers the delivery needs; main/tests pass the real encoders (domain/media, scheduler/gantt). */
export interface DeliveryMedia {
  /** WAV → MP3 for Telegram's audio player. Absent: only the WAV document is sent. */
  encodeMp3?: (wav: Buffer) => Buffer | Promise<Buffer>;
  /** A run's task events (and the owner's waits) → PNG. Absent: no chart. */
  renderGantt?: (events: readonly TaskEvent[], waits?: readonly OwnerWait[]) => Buffer | Promise<Buffer>;
}

/** A span the run spent waiting for the owner's answer, in ms since the run's start (the chart's own type). */
export type OwnerWait = OwnerWaitSpan;

export interface DeliveryDeps {
  api: Api;
  media: DeliveryMedia;
  log: (message: string, error?: unknown) => void;
  /** The spans the run waited for the owner (drawn as a labelled band on the chart). */
  waits?: readonly OwnerWait[];
  /**
   * Which message carried each file to each chat (the bot's state file): a repeat replies to it
   * instead of sending the file again. Absent: every file is sent.
   */
  sent?: {
    sentMessage(chatId: number, path: string): number | undefined;
    rememberSent(chatId: number, path: string, messageId: number): Promise<void>;
    /** Every file the chat has, oldest first: a repeat points at the newest version (a redo's), not the one a cache returns. */
    sentTo?(chatId: number): readonly SentRecord[];
  };
}

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
  const spent = spendOf(outcome);
  const parts = [outcome.report.trim()];
  if (spent.billedTokens > 0 || spent.billedUsd > 0) parts.push(S.questionCost(spent.billedUsd));
  return parts.join('\n\n');
}

function attempter(deps: DeliveryDeps, chatId: number) {
  return async (what: string, send: () => Promise<unknown>) => {
    try {
      await send();
    } catch (e) {
      deps.log(LOG.send(what), e);
      await deps.api.sendMessage(chatId, S.deliveryFailed(what)).catch(() => undefined);
    }
  };
}

/**
 * Sends one file the moment it exists (the cover as soon as it is made, the episode once encoded),
 * with its caption; the rest of a long caption follows as messages.
 */
export async function deliverArtifact(deps: DeliveryDeps, chatId: number, a: Artifact, opts: { reused?: boolean } = {}): Promise<void> {
  const attempt = attempter(deps, chatId);
  // A repeat: what the chat already has gets one reply pointing at it, with a button to redo it.
  const media = a.kind === 'imagen' || a.kind === 'audio' ? a.kind : undefined;
  const had = media && opts.reused ? deps.sent?.sentMessage(chatId, a.path) : undefined;
  const earlier = had !== undefined && deps.sent?.sentTo ? (newestVersionSent(deps.sent.sentTo(chatId), a.path)?.messageId ?? had) : had;
  if (media && earlier !== undefined) {
    const week = weekOf(a);
    await attempt('el aviso', () => deps.api.sendMessage(chatId, S.alreadySent(media, week), {
      reply_parameters: { message_id: earlier, allow_sending_without_reply: true },
      ...(week !== undefined ? { reply_markup: redoKeyboard(media, week) } : {}),
    }));
    return;
  }
  const remember = async (msg: { message_id: number }) => {
    await deps.sent?.rememberSent(chatId, a.path, msg.message_id).catch((e: unknown) => { deps.log(LOG.sentNote, e); });
  };
  // A caption over Telegram's limit is not cut: its rest follows the file as messages.
  let rest: string[] = [];
  if (a.kind === 'imagen') {
    const c = captionAndRest(coverCaption(a));
    rest = c.rest;
    await attempt('la portada', async () => remember(await deps.api.sendPhoto(chatId, new InputFile(a.path), { caption: c.caption })));
  } else if (a.kind === 'audio') {
    // One playable message; the WAV only on request (its button, or /wav N).
    const c = captionAndRest(S.audioCaption(titleOf(a)));
    rest = c.rest;
    await attempt(LOG.episode, async () => remember(await sendEpisode(deps, chatId, a, c.caption)));
  } else {
    const c = captionAndRest(a.caption ?? '');
    rest = c.rest;
    await attempt('un documento', () => deps.api.sendDocument(chatId, new InputFile(a.path), c.caption ? { caption: c.caption } : {}));
  }
  for (const chunk of rest) await attempt(LOG.fileText, () => deps.api.sendMessage(chatId, chunk));
}

/** What the closing message says besides the outcome: the time at work (waits for the owner left out). */
export interface ClosingWork {
  workMs: number;
  waited: boolean;
  /** The request the run answers, in the owner's words (the first line names it). */
  request?: string;
}

/**
 * Sends every file of the outcome to `chatId` (those in `alreadySent` reached the chat when they
 * were made), then the one closing message with its buttons: [🃏 Tarjetas] when the run has cards,
 * [📊 Cronograma] when it ran stages and a chart can be drawn. `onSent` records each file once sent,
 * so a restart before the report sends only what the chat still lacks.
 */
export async function deliverOutcome(deps: DeliveryDeps, chatId: number, outcome: RunOutcome, alreadySent: ReadonlySet<string> = new Set(), work?: ClosingWork,
  onSent?: (path: string) => Promise<void>): Promise<void> {
  const attempt = attempter(deps, chatId);

  if (isAnswerOnly(outcome)) {
    for (const chunk of splitText(answerText(outcome))) await attempt('la respuesta', () => deps.api.sendMessage(chatId, chunk));
    return;
  }

  for (const a of outcome.artifacts) {
    if (alreadySent.has(a.path)) continue;
    await deliverArtifact(deps, chatId, a, { reused: outcome.reused?.includes(a.path) ?? false });
    await onSent?.(a.path);
  }

  const rows = chartRows(outcome.taskEvents);
  const keyboard = closingKeyboard(outcome.runId, {
    cards: (outcome.cards ?? []).length > 0,
    chart: Boolean(deps.media.renderGantt) && rows > 0 && rows <= CHART_OFFER_MAX_ROWS,
  });
  const chunks = splitText(reportText(outcome, work));
  for (const [i, chunk] of chunks.entries()) {
    const last = i === chunks.length - 1;
    // Keyed by run and part: sent again after a kill before its record, it is not shown twice.
    const other = { ...(last && keyboard.inline_keyboard.length > 0 ? { reply_markup: keyboard } : {}), [DELIVERY_KEY_PARAM]: `${outcome.runId}:informe:${i}` };
    await attempt('el resumen', () => deps.api.sendMessage(chatId, chunk, other as Parameters<Api['sendMessage']>[2]));
  }
}

/**
 * Most rows of a chart offered under the closing message: a longer one does not read on a phone
 * (a week of many notes has dozens); /cronograma still draws it when asked.
 */
export const CHART_OFFER_MAX_ROWS = 20;

/** The run's events a person's chart shows: its bookkeeping (an `interno` tool's stages, «Registrar uso») left out. */
export function chartEvents(events: readonly TaskEvent[]): TaskEvent[] {
  return events.filter((e) => {
    try {
      return toolRole(stageDecl(stageIdOf(e.taskId)).tool) !== 'interno';
    } catch {
      return true; // a stage this version does not know: shown, as it ran
    }
  });
}

/** Rows of the chart of `events` (one per task). */
export function chartRows(events: readonly TaskEvent[]): number {
  return new Set(chartEvents(events).map((e) => e.taskId)).size;
}

/** Draws the run's chart and sends it as a photo (also what «Ver cronograma» does). */
export async function sendGantt(deps: DeliveryDeps, chatId: number, events: readonly TaskEvent[]): Promise<void> {
  if (!deps.media.renderGantt) return;
  const png = await deps.media.renderGantt(chartEvents(events), deps.waits ?? []);
  await deps.api.sendPhoto(chatId, new InputFile(png, 'cronograma.png'), { caption: S.ganttCaption });
}

async function sendEpisode(deps: DeliveryDeps, chatId: number, a: Artifact, caption: string): Promise<{ message_id: number }> {
  const title = S.audioTitle(titleOf(a) ?? path.basename(a.path, path.extname(a.path)));
  const isMp3 = /mpeg|mp3/.test(a.mime);
  // The narration's last stage encoded the episode already: send that file.
  const made = typeof a.meta?.mp3 === 'string' ? await readFile(a.meta.mp3).catch(() => undefined) : undefined;
  if (made) {
    const week = weekOf(a);
    return deps.api.sendAudio(chatId, new InputFile(made, path.basename(a.meta!.mp3 as string)), {
      title,
      performer: S.audioPerformer,
      ...(caption ? { caption } : {}),
      ...(week !== undefined ? { reply_markup: wavKeyboard(week) } : {}),
    });
  }
  if (!isMp3 && !deps.media.encodeMp3) {
    // Without an encoder the WAV itself is the episode.
    return deps.api.sendDocument(chatId, new InputFile(a.path), { caption: title });
  }
  const bytes = await readFile(a.path);
  const mp3 = isMp3 ? bytes : await deps.media.encodeMp3!(bytes);
  const name = `${path.basename(a.path, path.extname(a.path))}.mp3`;
  const week = weekOf(a);
  return deps.api.sendAudio(chatId, new InputFile(mp3, name), {
    title,
    performer: S.audioPerformer,
    ...(caption ? { caption } : {}),
    ...(week !== undefined ? { reply_markup: wavKeyboard(week) } : {}),
  });
}

/** The week's title the tool wrote in the artifact's meta (`title`), else «Semana N» from its meta or file name. */
function titleOf(a: Artifact): string | undefined {
  if (typeof a.meta?.title === 'string' && a.meta.title) return a.meta.title;
  const week = weekOf(a);
  return week !== undefined ? weekLabel(week) : undefined;
}

function weekOf(a: Artifact): Week | undefined {
  const week = Number(a.meta?.semana ?? /semana_0*(\d+)/.exec(path.basename(a.path))?.[1]);
  return Number.isInteger(week) && week >= 1 && week <= MAX_WEEKS ? week : undefined;
}

/**
 * Caption of the cover: the week and its topic, in the chat's words (the tool's own caption names
 * the engine, which the owner never reads); whole, split at sending.
 */
export function coverCaption(a: Artifact): string {
  return S.coverCaption(titleOf(a) ?? S.coverUntitled);
}

/**
 * The closing message's text, short enough that on a phone the new cover stays on screen above it:
 * what was made (one line per thing, from the calls' typed outcomes: new, or already there), what
 * was not done and why, why it stopped, the time at work and the cost. The agent's full report
 * (notes looked at, card numbers) is the CLI's; here it stands only when the run made nothing, so
 * an answer is never lost. A run recorded before calls were kept shows its report as it was.
 */
export function reportText(outcome: RunOutcome, work?: ClosingWork): string {
  const parts: string[] = [work?.request ? S.closingHeader(work.request) : S.reportHeader];
  const made = outcome.calls ? madeLines(outcome) : [];
  if (outcome.stopReason === 'cancelado') parts.push(S.cancelledFinished(madeBeforeCancel(outcome)));
  else if (made.length > 0) parts.push(made.join('\n'));
  if (made.length === 0 && outcome.stopReason !== 'cancelado' && outcome.report.trim()) parts.push(outcome.report.trim());
  if (outcome.notDone.length > 0) parts.push([S.notDoneHeader, ...outcome.notDone.map((l) => `• ${l}`)].join('\n'));
  if (outcome.stopReason !== 'end_turn' && outcome.stopReason !== 'cancelado' && outcome.detail) parts.push(S.stopDetail(outcome.detail));
  const cost = S.runCost(spendOf(outcome));
  parts.push(work ? `${S.summaryWorkTime(Math.round(work.workMs / 1000), work.waited)}\n${cost}` : cost);
  return parts.join('\n\n');
}

/**
 * What the run spent as /gasto counts it: the usage file's rows of this run (`outcome.spend`); if
 * they could not be read, the run's own token counts in the same shape (billed only with a real model).
 */
export function spendOf(outcome: RunOutcome): UsageMonth {
  if (outcome.spend) return outcome.spend;
  const tokens = outcome.tokens.input + outcome.tokens.output;
  return outcome.usageEstimated
    ? { billedUsd: 0, billedTokens: 0, estimatedTokens: tokens, modelNotes: { rows: 0, usd: 0 } }
    : { billedUsd: outcome.costUsd, billedTokens: tokens, estimatedTokens: 0, modelNotes: { rows: 0, usd: 0 } };
}

/**
 * One line per thing the run made for the owner or found already made (never a lookup, never the
 * bookkeeping, never a stage): «✅ Portada», «✅ Tarjetas de repaso: 3 nuevas», «↩️ Narración: ya la
 * tenías; no la he vuelto a hacer». What was not done is the «No se hizo» list's.
 */
export function madeLines(outcome: RunOutcome): string[] {
  const lines = summarizeCalls(outcome.calls ?? []).lines.filter((l) => toolRole(l.tool) === 'hecho');
  const cards = outcome.cards ?? [];
  const fresh = cards.filter((id) => !(outcome.reusedCards ?? []).includes(id)).length;
  const out: string[] = [];
  for (const l of lines) {
    const label = summaryInWords(l.tool);
    if (l.tool === 'crear_tarjetas' && l.state === 'hecha' && cards.length > 0) out.push(fresh > 0 ? S.madeCards(label, fresh, new Set(cards).size) : S.madeCardsBefore(label));
    // No card at all: a bare «✅ Tarjetas de repaso» would claim cards that were never made.
    else if (l.tool === 'crear_tarjetas' && l.state === 'hecha') out.push(noNewCards(outcome.cardless ?? []));
    else if (l.state === 'hecha') out.push(S.made(label));
    else if (l.state === 'ya_estaba') out.push(S.madeBefore(label));
  }
  return out;
}

/**
 * What a cancelled run had already made for the owner, in their words («Portada»): the things made
 * (from the calls' typed outcomes, which span restarts), never the pipeline's inner stages («Marca
 * de agua», «Codificar el episodio»). A run recorded before calls were kept falls back to its stages.
 */
export function madeBeforeCancel(outcome: RunOutcome): string[] {
  if (!outcome.calls) return outcome.finished ?? finishedLabels(outcome.taskEvents);
  return summarizeCalls(outcome.calls).lines.filter((l) => l.state === 'hecha').map((l) => summaryInWords(l.tool));
}

export function finishedLabels(events: readonly TaskEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) if (e.type === 'finished' && !out.includes(e.label)) out.push(e.label);
  return out;
}
