/**
 * Files on request: the narration's WAV (`/wav N` or the [Descargar WAV] button under the episode)
 * and a run's Gantt chart (`/cronograma` or [Ver cronograma] under a report whose chart was not
 * sent). The charts of recent runs are kept in memory (bounded); after a restart their buttons are
 * stale and the catch-all says so.
 */
import type { BotNotebook } from './commands.js';
import { Composer, InputFile, type Context } from 'grammy';
import type { TaskEvent } from '../scheduler/events.js';
import { hasWeek, weekRange } from '../tools/course/course.js';
import { readCourse } from '../tools/index.js';
import { latestNarration } from '../tools/narrar_resumen.js';
import { anyCase } from './commands.js';
import { sendGantt, type DeliveryMedia, type OwnerWait } from './delivery.js';
import { parseGanttCallback, parseWavCallback } from './keyboards.js';
import { S } from '../strings/chat.js';

/** How many finished runs keep their chart for «Ver cronograma». */
export const CHARTS_KEEP = 50;

interface RunChart {
  chatId: number;
  events: readonly TaskEvent[];
  waits: readonly OwnerWait[];
}

/** The recorded events of recent runs, by run id, and the latest run of each chat. */
export class RunCharts {
  private readonly byRun = new Map<string, RunChart>();

  remember(runId: string, chart: RunChart): void {
    if (chart.events.length === 0) return;
    this.byRun.delete(runId);
    this.byRun.set(runId, chart);
    while (this.byRun.size > CHARTS_KEEP) this.byRun.delete(this.byRun.keys().next().value!);
  }

  get(runId: string): RunChart | undefined {
    return this.byRun.get(runId);
  }

  latest(chatId: number): RunChart | undefined {
    return [...this.byRun.values()].filter((c) => c.chatId === chatId).at(-1);
  }
}

export interface FilesDeps {
  dataDir: string;
  /** Where the owner's course is read (which weeks /wav accepts). */
  notebook: Pick<BotNotebook, 'course'>;
  charts: RunCharts;
  media: DeliveryMedia;
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
    if (!chart) return void (await ctx.reply(S.ganttNone()));
    await sendGantt({ api: ctx.api, media: deps.media, log: deps.log, waits: chart.waits }, ctx.chat!.id, chart.events);
  };

  c.command(anyCase('wav'), async (ctx) => {
    const week = Number(ctx.match.trim());
    const course = await readCourse(deps.notebook);
    if (!hasWeek(course, week)) return void (await ctx.reply(S.wavUsage(weekRange(course))));
    await sendWav(ctx, week);
  });
  c.callbackQuery(/^wav:/, async (ctx) => {
    const week = parseWavCallback(ctx.callbackQuery.data);
    await ctx.answerCallbackQuery();
    if (week !== undefined) await sendWav(ctx, week);
  });

  c.command(anyCase('cronograma'), (ctx) => showChart(ctx, deps.charts.latest(ctx.chat.id)));
  c.callbackQuery(/^gt:/, async (ctx) => {
    const chart = deps.charts.get(parseGanttCallback(ctx.callbackQuery.data) ?? '');
    await ctx.answerCallbackQuery(chart ? {} : { text: S.tapStale(), show_alert: true });
    if (chart) await showChart(ctx, chart);
  });
  return c;
}
