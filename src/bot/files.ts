/**
 * Files on request: the narration's WAV (`/wav N` or the [Descargar WAV] button under the episode)
 * and what the closing message of a run offers behind its buttons — [🃏 Tarjetas] (the run's cards)
 * and [📊 Cronograma] (the run's chart; also `/cronograma` for the latest). What those buttons need
 * is written to disk when the run ends (`<dataDir>/bot/cierres/<runId>.json`, atomic), so they
 * still answer after a restart: the callback data carries only the run id. Each record is a durable
 * document (store/document.ts), written once; a damaged one is refused — its sentence goes to the
 * console, the tap gets the stale-button answer — and never taken for another.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BotNotebook } from './command-kit.js';
import { Composer, InputFile, type Context } from 'grammy';
import type { TaskEvent } from '../scheduler/events.js';
import { hasWeek, weekRange } from '../domain/course/course.js';
import { readCourse } from '../tools/index.js';
import { latestNarration } from '../tools/narrar_resumen.js';
import { DurableDocument, isPlainObject, type DocumentFormat } from '../store/document.js';
import { STATE_PROBLEMS } from '../strings/console.js';
import type { Card } from '../store/index.js';
import { weekCardsMessages } from '../strings/review.js';
import { anyCase } from './command-kit.js';
import { sendGantt, type DeliveryMedia, type OwnerWait } from './delivery.js';
import { CALLBACKS } from './callbacks.js';
import { S } from '../strings/chat.js';

/** How many finished runs keep what their closing message's buttons show. */
export const CHARTS_KEEP = 50;

/** What one finished run's closing message offers behind its buttons. */
export interface RunChart {
  chatId: number;
  events: readonly TaskEvent[];
  waits: readonly OwnerWait[];
  /** The deck ids of the cards the run made or found already made (the [🃏 Tarjetas] list). */
  cards?: readonly number[];
}

const RUN_ID = /^[A-Za-z0-9_-]{1,60}$/;
const CLOSING_VERSION = 1;

/** A run's closing record as written on disk. */
interface ClosingRecord extends RunChart {
  version: typeof CLOSING_VERSION;
  runId: string;
  cards: number[];
}

const CLOSING_FORMAT: DocumentFormat<ClosingRecord | null> = {
  version: CLOSING_VERSION,
  empty: () => null,
  check: (d) => {
    if (!isPlainObject(d) || d.version !== CLOSING_VERSION || !Number.isSafeInteger(d.chatId) || !Array.isArray(d.events) || !Array.isArray(d.waits)) {
      return { ok: false, problem: STATE_PROBLEMS.closingShape(CLOSING_VERSION) };
    }
    // Cards that are not ids are left out (the list shows what it can), as they always were.
    const cards = Array.isArray(d.cards) ? d.cards.filter((x): x is number => Number.isSafeInteger(x)) : [];
    return { ok: true, value: { ...(d as unknown as ClosingRecord), cards } };
  },
  // One version so far: a version the program does not know is the check's to name.
  versionOf: () => CLOSING_VERSION,
  recovery: STATE_PROBLEMS.closingFix,
  serialize: (r) => `${JSON.stringify(r)}\n`,
};

/**
 * The closing records of recent runs, by run id: kept in memory and on disk (bounded to
 * CHARTS_KEEP, oldest dropped). Without a data dir (unit tests) only in memory.
 */
export class RunCharts {
  private readonly byRun = new Map<string, RunChart>();
  private writes: Promise<unknown> = Promise.resolve();

  constructor(private readonly dataDir?: string) {}

  private get dir(): string | undefined {
    return this.dataDir ? path.join(this.dataDir, 'bot', 'cierres') : undefined;
  }

  /** Records a finished run's closing (and writes it to disk before resolving). */
  async remember(runId: string, chart: RunChart): Promise<void> {
    if (!RUN_ID.test(runId)) return;
    this.byRun.delete(runId);
    this.byRun.set(runId, chart);
    while (this.byRun.size > CHARTS_KEEP) this.byRun.delete(this.byRun.keys().next().value!);
    const dir = this.dir;
    if (!dir) return;
    const body: ClosingRecord = { version: CLOSING_VERSION, runId, ...chart, cards: [...(chart.cards ?? [])] };
    const write = this.writes.catch(() => undefined).then(async () => {
      await new DurableDocument<ClosingRecord | null>(path.join(dir, `${runId}.json`), CLOSING_FORMAT).replace(body);
      await this.prune(dir);
    });
    this.writes = write;
    await write;
  }

  /** The run's closing record: from memory, else from disk (after a restart); undefined if gone. A damaged one is refused. */
  async get(runId: string): Promise<RunChart | undefined> {
    if (!RUN_ID.test(runId)) return undefined;
    const known = this.byRun.get(runId);
    if (known || !this.dir) return known;
    const { doc } = await new DurableDocument(path.join(this.dir, `${runId}.json`), CLOSING_FORMAT).adapter.readDocument();
    return doc ? { chatId: doc.chatId, events: doc.events, waits: doc.waits, cards: doc.cards } : undefined;
  }

  /** The latest finished run of a chat that has a chart (`/cronograma`). */
  async latest(chatId: number): Promise<RunChart | undefined> {
    const known = [...this.byRun.values()].filter((c) => c.chatId === chatId && c.events.length > 0).at(-1);
    if (known || !this.dir) return known;
    for (const name of await this.newestFirst(this.dir)) {
      // A damaged record (refused by `get`) is not the latest chart: the ones before it are looked at.
      const c = await this.get(name.replace(/\.json$/, '')).catch(() => undefined);
      if (c && c.chatId === chatId && c.events.length > 0) return c;
    }
    return undefined;
  }

  private async newestFirst(dir: string): Promise<string[]> {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
    const timed = await Promise.all(names.map(async (n) => ({ n, t: (await stat(path.join(dir, n)).catch(() => undefined))?.mtimeMs ?? 0 })));
    return timed.sort((a, b) => b.t - a.t).map((x) => x.n);
  }

  private async prune(dir: string): Promise<void> {
    const names = await this.newestFirst(dir);
    for (const n of names.slice(CHARTS_KEEP)) await rm(path.join(dir, n), { force: true });
  }
}

export interface FilesDeps {
  dataDir: string;
  /** Where the owner's course is read (which weeks /wav accepts). */
  notebook: Pick<BotNotebook, 'course'>;
  charts: RunCharts;
  media: DeliveryMedia;
  /** The deck's cards with these ids (deleted ones left out), for [🃏 Tarjetas]. */
  cards?: (ids: readonly number[]) => Promise<Card[]>;
  log: (message: string, error?: unknown) => void;
}

export function filesComposer(deps: FilesDeps): Composer<Context> {
  const c = new Composer<Context>();

  const sendWav = async (ctx: Context, week: number) => {
    const file = await latestNarration(deps.dataDir, week);
    if (!file) return void (await ctx.reply(S.wavMissing(week)));
    await ctx.replyWithDocument(new InputFile(file), { caption: S.wavCaption(week) });
  };
  const showChart = async (ctx: Context, chart: RunChart | undefined) => {
    if (!chart || chart.events.length === 0) return void (await ctx.reply(S.ganttNone()));
    await sendGantt({ api: ctx.api, media: deps.media, log: deps.log, waits: chart.waits }, ctx.chat!.id, chart.events);
  };
  const showCards = async (ctx: Context, chart: RunChart) => {
    const ids = chart.cards ?? [];
    const cards = ids.length > 0 && deps.cards ? await deps.cards(ids) : [];
    if (cards.length === 0) return void (await ctx.reply(S.closingNoCards()));
    for (const { text, entities } of weekCardsMessages(cards)) await ctx.reply(text, { entities });
  };

  c.command(anyCase('wav'), async (ctx) => {
    const week = Number(ctx.match.trim());
    const course = await readCourse(deps.notebook);
    if (!hasWeek(course, week)) return void (await ctx.reply(S.wavUsage(weekRange(course))));
    await sendWav(ctx, week);
  });
  c.callbackQuery(CALLBACKS.wav.trigger, async (ctx) => {
    const week = CALLBACKS.wav.parse(ctx.callbackQuery.data);
    await ctx.answerCallbackQuery();
    if (week !== undefined) await sendWav(ctx, week);
  });

  c.command(anyCase('cronograma'), async (ctx) => showChart(ctx, await deps.charts.latest(ctx.chat.id)));
  // The closing message's buttons (and the older «Ver cronograma», `gt:`): read from disk if need be.
  c.callbackQuery(/^(cl:[tg]:|gt:)/, async (ctx) => {
    const tap = CALLBACKS.closing.parse(ctx.callbackQuery.data);
    // A damaged record is said on the console (which file, how to recover); the tap gets the stale answer.
    const chart = tap ? await deps.charts.get(tap.runId).catch((e: unknown) => void deps.log((e as Error).message, e)) : undefined;
    // Only in the chat the run belonged to (class mode: each person's own parts, never another's run).
    const mine = chart && chart.chatId === ctx.chat?.id ? chart : undefined;
    await ctx.answerCallbackQuery(mine ? {} : { text: S.tapStale(), show_alert: true });
    if (!mine || !tap) return;
    if (tap.what === 'tarjetas') await showCards(ctx, mine);
    else await showChart(ctx, mine);
  });
  return c;
}
