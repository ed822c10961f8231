/**
 * Gantt charts of a plan or of a recorded run (docs/design.md §5): one bar per task on a shared time axis,
 * grouped by lane (the GPU's exclusivity is visible as bars that never overlap), the critical path
 * outlined in red, retries marked where they happened, failed/cancelled tasks greyed. Drawn with
 * the project's own raster (no canvas, no system fonts) and returned as PNG bytes. The plan chart
 * (`plan --gantt`) is wide with task ids; the run chart sent to the chat is drawn for a phone.
 */
import type { Lane } from '../tools/contract.js';
import { createRaster, drawText, drawText as drawRasterText, encodePng, fillCircle, fillRect, line, measureText, type Color, type Raster } from '../domain/media/raster.js';
import type { Analysis, Graph } from './dag.js';
import type { TaskEvent } from './events.js';
import type { Schedule } from './schedule.js';
import { weekTasks } from './week.js';
import * as CHART from '../strings/chart.js';
import { STAGE_CATALOGUE, stageDecl } from '../tools/stages/catalogue.js';

export interface GanttBar {
  id: string;
  label: string;
  lane: Lane;
  /** Seconds from the start. */
  start: number;
  end: number;
  critical: boolean;
  /** Seconds at which an attempt failed and a retry was scheduled. */
  retries: number[];
  outcome: 'ok' | 'failed' | 'cancelled';
}

export interface GanttChart {
  title: string;
  bars: GanttBar[];
  /** Spans the run waited for the owner's answer (seconds from the start): a labelled band. */
  waits?: Array<{ start: number; end: number }>;
}

/** A plan: bars from a (list-)schedule, critical path from the analysis. Durations in seconds. */
export function ganttFromPlan(g: Graph, schedule: Schedule, a: Analysis, title: string): GanttChart {
  const critical = new Set(a.criticalPath);
  const bars: GanttBar[] = [];
  for (let v = 0; v < g.n; v++) {
    bars.push({
      id: g.ids[v]!, label: g.labels[v]!, lane: g.lanes[v]!, start: schedule.start[v]!, end: schedule.finish[v]!,
      critical: critical.has(v), retries: [], outcome: 'ok',
    });
  }
  return { title, bars };
}

/**
 * A recorded run (TaskEvent[], ms). Without the graph, the critical chain is read from the run:
 * from the last bar to end, step back to the bar that ended when this one started (a dependency or
 * the lane it waited for) or, across a wait (the model's turn, an approval), the last one that
 * ended before it — the chain that set the makespan. Pass `critical` to override.
 */
export function ganttFromEvents(events: readonly TaskEvent[], title: string, critical?: readonly string[], waits: readonly OwnerWaitSpan[] = []): GanttChart {
  const byId = new Map<string, GanttBar>();
  for (const e of events) {
    let bar = byId.get(e.taskId);
    if (!bar) {
      bar = { id: e.taskId, label: e.label, lane: e.lane, start: NaN, end: NaN, critical: false, retries: [], outcome: 'ok' };
      byId.set(e.taskId, bar);
    }
    const s = e.t / 1000;
    if (e.type === 'started' && Number.isNaN(bar.start)) bar.start = s;
    else if (e.type === 'retried') bar.retries.push(s);
    else if (e.type === 'finished') bar.end = s;
    else if (e.type === 'failed') [bar.end, bar.outcome] = [s, 'failed'];
    else if (e.type === 'cancelled') {
      bar.outcome = 'cancelled';
      if (!Number.isNaN(bar.start)) bar.end = s;
    }
  }
  const bars = [...byId.values()].filter((b) => !Number.isNaN(b.start));
  for (const b of bars) if (Number.isNaN(b.end)) b.end = b.start; // still running when recorded
  if (critical) {
    const set = new Set(critical);
    for (const b of bars) b.critical = set.has(b.id);
  } else if (!markStageCriticalPath(bars) && !markWeekCriticalPath(bars)) {
    markCriticalChain(bars);
  }
  const spans = waits.filter((w) => w.to > w.from).map((w) => ({ start: w.from / 1000, end: w.to / 1000 }));
  return { title, bars, ...(spans.length > 0 ? { waits: spans } : {}) };
}

/**
 * The week's critical path on the run's real durations (docs/design.md §5): the chain of dependent tasks of
 * the week graph (matched by label) with the most work — only that chain, never the time spent
 * waiting for the owner. False when no bar belongs to the week graph (the caller falls back).
 */
/** `portada.imagen#2@3` → `portada.imagen`: the catalogue id under the run's numbering. */
const baseId = (id: string): string => id.split(/[#@]/)[0]!;

/**
 * A run of catalogue stages: the critical path of the graph that ran — each stage after its call's
 * earlier stages (the catalogue's deps), a call's first stage after the stages of the week tasks
 * its task waits for (docs/design.md §5) — weighted by the measured bars. True when it applied.
 */
function markStageCriticalPath(bars: GanttBar[]): boolean {
  const nodes = bars.filter((b) => b.outcome === 'ok' && STAGE_CATALOGUE.some((d) => d.id === baseId(b.id))).sort((a, b) => a.start - b.start);
  if (nodes.length === 0) return false;
  const weekDeps = new Map(weekTasks().map((t) => [t.id, t.deps]));
  const depsOf = (id: string): string[] => {
    const d = stageDecl(id);
    if (d.deps.length > 0) return d.deps.map((n) => STAGE_CATALOGUE.find((x) => x.tool === d.tool && x.name === n)!.id);
    const before = weekDeps.get(d.week) ?? [];
    return STAGE_CATALOGUE.filter((x) => before.includes(x.week)).map((x) => x.id);
  };
  markHeaviestChain(nodes, (b, p) => depsOf(baseId(b.id)).includes(baseId(p.id)));
  return true;
}

function markWeekCriticalPath(bars: GanttBar[]): boolean {
  const deps = new Map(weekTasks().map((t) => [t.label, t.deps.map((d) => weekTasks().find((x) => x.id === d)!.label)]));
  const nodes = bars.filter((b) => b.outcome === 'ok' && deps.has(b.label)).sort((a, b) => a.start - b.start);
  if (nodes.length === 0) return false;
  markHeaviestChain(nodes, (b, p) => deps.get(b.label)!.includes(p.label));
  return true;
}

/**
 * Marks critical the chain of bars with the most measured work: each bar extends the heaviest chain
 * ending in a bar it depends on (`dependsOn(bar, earlier)`) that finished before it started.
 * `nodes` are sorted by start and not empty.
 */
function markHeaviestChain(nodes: readonly GanttBar[], dependsOn: (bar: GanttBar, earlier: GanttBar) => boolean): void {
  const best = new Map<GanttBar, { work: number; prev?: GanttBar }>();
  for (const b of nodes) {
    let entry: { work: number; prev?: GanttBar } = { work: b.end - b.start };
    for (const p of nodes) {
      if (p === b || !dependsOn(b, p) || p.end > b.start + 1e-6) continue;
      const w = best.get(p)!.work + (b.end - b.start);
      if (w > entry.work) entry = { work: w, prev: p };
    }
    best.set(b, entry);
  }
  let cur: GanttBar | undefined = nodes.reduce((x, y) => (best.get(y)!.work > best.get(x)!.work ? y : x));
  while (cur) {
    cur.critical = true;
    cur = best.get(cur)!.prev;
  }
}

function markCriticalChain(bars: GanttBar[]): void {
  const done = bars.filter((b) => b.outcome === 'ok');
  if (done.length === 0) return;
  const span = Math.max(...done.map((b) => b.end)) - Math.min(...done.map((b) => b.start));
  const eps = Math.max(0.005, span * 0.01);
  let cur = done.reduce((x, y) => (y.end > x.end ? y : x));
  for (;;) {
    cur.critical = true;
    const start = cur.start;
    const before = done.filter((b) => !b.critical && b.end <= start + eps);
    const tight = before.filter((b) => b.end >= start - eps);
    const prev = tight.length > 0 ? tight : before;
    if (prev.length === 0) break;
    cur = prev.reduce((x, y) => (y.end > x.end ? y : x));
  }
}

const W = 1100;
const LEFT = 260;
const RIGHT = 40;
const TOP = 64;
const ROW = 30;
const BAR = 18;
const LANE_HEADER = 24;
const BOTTOM = 96;
const COLORS: Record<Lane, Color> = { cpu: [76, 120, 168], gpu: [245, 133, 24] };
const LANE_BG: Record<Lane, Color> = { cpu: [235, 242, 250], gpu: [253, 240, 226] };
const CRITICAL: Color = [200, 30, 45];
const GREY: Color = [170, 170, 170];
const INK: Color = [33, 33, 33];
const SOFT: Color = [110, 110, 110];
const GRID: Color = [220, 220, 220];

/** A "nice" tick step (1, 2 or 5 × 10^k) giving about `target` ticks over `span`. */
export function tickStep(span: number, target = 10): number {
  const raw = span / Math.max(1, target);
  const mag = 10 ** Math.floor(Math.log10(raw || 1));
  for (const m of [1, 2, 5, 10]) if (raw <= m * mag) return m * mag;
  return 10 * mag;
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(Math.abs(n) < 1 ? 2 : 1);
}

function outline(r: Raster, x: number, y: number, w: number, h: number, color: Color, t: number): void {
  fillRect(r, x - t, y - t, w + 2 * t, t, color);
  fillRect(r, x - t, y + h, w + 2 * t, t, color);
  fillRect(r, x - t, y, t, h, color);
  fillRect(r, x + w, y, t, h, color);
}

/** Draws the chart and returns PNG bytes (width 1100 px, height grows with the number of tasks). */
export function renderGantt(chart: GanttChart): Buffer {
  const lanes = (['cpu', 'gpu'] as const).filter((l) => chart.bars.some((b) => b.lane === l));
  const rows = chart.bars.length;
  const H = TOP + rows * ROW + lanes.length * LANE_HEADER + BOTTOM;
  const r = createRaster(W, H);
  const end = Math.max(1e-9, ...chart.bars.map((b) => b.end));
  const step = tickStep(end);
  const axisEnd = Math.ceil(end / step - 1e-9) * step;
  const plotW = W - LEFT - RIGHT;
  const x = (s: number): number => LEFT + (s / axisEnd) * plotW;
  const plotBottom = H - BOTTOM;

  drawText(r, chart.title, 16, 32, { size: 20, color: INK, font: 'sans-bold' });
  drawText(r, CHART.totalWide(fmt(end)), 16, 52, { size: 13, color: SOFT });
  const tickDecimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  for (let s = 0; s <= axisEnd + 1e-9; s += step) {
    fillRect(r, x(s), TOP - 4, 1, plotBottom - TOP + 8, GRID);
    const label = s.toFixed(tickDecimals);
    drawText(r, label, x(s) - measureText(label, 12).width / 2, plotBottom + 22, { size: 12, color: SOFT });
  }
  fillRect(r, LEFT, plotBottom + 4, plotW, 1, INK);
  const axisLabel = CHART.axisShort;
  drawText(r, axisLabel, LEFT + plotW / 2 - measureText(axisLabel, 13).width / 2, plotBottom + 42, { size: 13, color: INK });

  let y = TOP;
  for (const lane of lanes) {
    const laneBars = chart.bars.filter((b) => b.lane === lane).sort((a, b) => a.start - b.start || a.id.localeCompare(b.id));
    fillRect(r, 0, y, W, LANE_HEADER + laneBars.length * ROW, LANE_BG[lane]);
    drawText(r, CHART.laneShort[lane], 12, y + 17, { size: 13, color: COLORS[lane], font: 'sans-bold' });
    y += LANE_HEADER;
    for (const b of laneBars) {
      const by = y + (ROW - BAR) / 2;
      const name = `${b.id} · ${b.label}`;
      drawText(r, name, 20, by + 14, { size: 13, color: b.outcome === 'ok' ? INK : SOFT });
      const bx = x(b.start);
      const bw = Math.max(2, x(b.end) - bx);
      fillRect(r, bx, by, bw, BAR, b.outcome === 'ok' ? COLORS[lane] : GREY);
      if (b.critical) outline(r, bx, by, bw, BAR, CRITICAL, 3);
      for (const t of b.retries) {
        line(r, x(t), by - 4, x(t), by + BAR + 4, INK, 2);
        fillCircle(r, x(t), by - 4, 4, CRITICAL);
      }
      const note = b.outcome === 'failed' ? CHART.barFailed : b.outcome === 'cancelled' ? CHART.barCancelled : `${fmt(Number((b.end - b.start).toFixed(3)))} s`;
      const nx = bx + bw + 6;
      if (nx + measureText(note, 11).width < W) drawText(r, note, nx, by + 13, { size: 11, color: b.outcome === 'failed' ? CRITICAL : SOFT });
      y += ROW;
    }
  }

  // Legend under the axis.
  let lx = LEFT;
  const ly = H - 26;
  const item = (draw: () => void, text: string): void => {
    draw();
    lx += 26;
    lx += drawText(r, text, lx, ly + 11, { size: 12, color: INK }) + 22;
  };
  for (const lane of lanes) item(() => fillRect(r, lx, ly, 20, 12, COLORS[lane]), CHART.laneShort[lane]);
  item(() => {
    fillRect(r, lx, ly, 20, 12, [200, 200, 200]);
    outline(r, lx, ly, 20, 12, CRITICAL, 3);
  }, CHART.critical);
  item(() => fillCircle(r, lx + 10, ly + 6, 5, CRITICAL), CHART.retry);
  item(() => fillRect(r, lx, ly, 20, 12, GREY), CHART.failed);
  return encodePng(r, { Software: 'cuaderno-vivo', Title: chart.title.normalize('NFC').replace(/[^\x20-\xff]/g, '?') });
}

/** What the bot sends after a week: the recorded run as a PNG drawn for a phone (see renderPhoneGantt). */
/** The owner's waits in ms since the run's start (drawn as a labelled band). */
export type OwnerWaitSpan = { from: number; to: number };

export function renderRunGantt(events: readonly TaskEvent[], title = CHART.runTitle, waits: readonly OwnerWaitSpan[] = []): Buffer {
  return renderPhoneGantt(ganttFromEvents(events, title, undefined, waits));
}

// ── the run chart, for a phone ──────────────────────────────────────────────────────────────
// Telegram shows a photo at the phone's width (~400 CSS px). The chart is drawn 800 px wide (2×,
// sharp on high-density screens) with type of 24–40 px, i.e. 12–20 px as seen. Each task takes
// two lines — its human label, then its bar across the full width — so no label column eats the
// time axis, and the owner reads "Portada", never the internal id.
/** Width of the run chart in pixels (2× the ~400 px a phone shows it at). */
export const PHONE_CHART_WIDTH = 800;
const PW = PHONE_CHART_WIDTH;
const PAD = 28;
const P_TITLE = 40;
const P_TEXT = 30;
/** The smallest type on the phone chart: 26 px of 800 is 12.7 px when the photo is shown 390 px wide. */
export const PHONE_MIN_TEXT_PX = 26;
const P_SMALL = PHONE_MIN_TEXT_PX;
const P_LANE_HEADER = 56;
const P_ROW = 96;
const P_BAR = 30;
const P_LEGEND_ROW = 42;
const WAIT: Color = [128, 90, 170];
const WAIT_BG: Color = [240, 234, 248];

/** "0,58" with `decimals` digits, Spanish decimal comma (the chart is for the owner). */
function num(n: number, decimals: number): string {
  return n.toLocaleString('es-ES', { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false });
}

/** Digits a duration needs to not read as 0: 0,04 s, 1,2 s, 35 s. */
function durationDecimals(v: number): number {
  return v < 1 ? 2 : v < 10 ? 1 : 0;
}

/** A duration as the owner reads it: "0,40 s", "12 s", "3,3 min" (minutes from 2 min up). */
function duration(sec: number): string {
  if (sec < 0.005) return '< 0,01 s';
  const [v, u] = sec >= 120 ? [sec / 60, 'min'] : [sec, 's'];
  return `${num(v, durationDecimals(v))} ${u}`;
}

/** `text` cut with an ellipsis to fit `width` px at `size`. */
function fit(text: string, width: number, size: number, font: 'sans' | 'sans-bold' = 'sans'): string {
  if (measureText(text, size, font).width <= width) return text;
  const chars = Array.from(text);
  while (chars.length > 1 && measureText(`${chars.join('')}…`, size, font).width > width) chars.pop();
  return `${chars.join('')}…`;
}

/** One task as the phone chart writes it: its human label (never the task id) and its note. */
export interface PhoneRow {
  bar: GanttBar;
  label: string;
  /** "0,58 s", "falló", "cancelada", plus " · N intentos" after retries. */
  note: string;
}

/** The rows in drawing order: CPU lane then GPU, each by start time (ties keep the run's order). */
export function phoneRows(chart: GanttChart): PhoneRow[] {
  const rows: PhoneRow[] = [];
  for (const lane of ['cpu', 'gpu'] as const) {
    for (const bar of chart.bars.filter((b) => b.lane === lane).sort((a, b) => a.start - b.start)) {
      const tries = bar.retries.length > 0 ? ` · ${bar.retries.length + 1} intentos` : '';
      const state = bar.outcome === 'failed' ? CHART.barFailed : bar.outcome === 'cancelled' ? CHART.barCancelled : duration(bar.end - bar.start);
      // The id only stands in when a stage came without a label (never the case for our tools).
      rows.push({ bar, label: bar.label.trim() || bar.id, note: state + tries });
    }
  }
  return rows;
}

/**
 * Draws a recorded run for a phone: 800 px wide, labels only (no task ids), large type, lanes as
 * coloured bands, the critical path outlined in red with bold labels, retries as red pins with
 * "N intentos", failed/cancelled bars grey. Times in seconds (minutes from 2 min up).
 */
export function renderPhoneGantt(chart: GanttChart, opts: { texts?: Array<{ text: string; size: number }> } = {}): Buffer {
  const lanes = (['cpu', 'gpu'] as const).filter((l) => chart.bars.some((b) => b.lane === l));
  const waits = chart.waits ?? [];
  const end = Math.max(1e-9, ...chart.bars.map((b) => b.end), ...waits.map((w) => w.end));
  const unit = end >= 120 ? { div: 60, name: 'min' } : { div: 1, name: 's' };
  const span = end / unit.div;
  const step = tickStep(span, 4);
  const axisEnd = Math.ceil(span / step - 1e-9) * step;
  const tickDecimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const plotW = PW - 2 * PAD;
  const x = (sec: number): number => PAD + (sec / unit.div / axisEnd) * plotW;

  const legend = layoutLegend(legendItems(chart, lanes));
  const all = phoneRows(chart);
  const top = 132;
  const waitRows = waits.length > 0 ? 1 : 0;
  const plotBottom = top + lanes.length * P_LANE_HEADER + (chart.bars.length + waitRows) * P_ROW;
  const H = plotBottom + 78 + legend.rows * P_LEGEND_ROW + 16;
  const r = createRaster(PW, H);
  // Every text goes through here: the smallest size is PHONE_MIN_TEXT_PX, whatever a caller asks.
  const drawText = (raster: Raster, text: string, tx: number, ty: number, o: { size: number; color: Color; font?: 'sans' | 'sans-bold' }): number => {
    const size = Math.max(PHONE_MIN_TEXT_PX, o.size);
    opts.texts?.push({ text, size });
    return drawRasterText(raster, text, tx, ty, { ...o, size });
  };

  drawText(r, fit(chart.title, plotW, P_TITLE, 'sans-bold'), PAD, 60, { size: P_TITLE, color: INK, font: 'sans-bold' });
  const total = CHART.totalPhone(duration(end), chart.bars.length);
  drawText(r, total, PAD, 104, { size: P_SMALL, color: SOFT });

  // Lane bands first, grid over them, bars and labels on top.
  let y = top;
  const rows: Array<PhoneRow & { y: number }> = [];
  for (const lane of lanes) {
    const laneRows = all.filter((row) => row.bar.lane === lane);
    fillRect(r, 0, y, PW, P_LANE_HEADER + laneRows.length * P_ROW, LANE_BG[lane]);
    fillRect(r, 0, y, 8, P_LANE_HEADER + laneRows.length * P_ROW, COLORS[lane]);
    // The owner's waits tint every lane, under the lane's title, bars and labels.
    for (const w of waits) fillRect(r, x(w.start), y, Math.max(2, x(w.end) - x(w.start)), P_LANE_HEADER + laneRows.length * P_ROW, WAIT_BG);
    drawText(r, CHART.laneTitle[lane], PAD, y + 38, { size: P_SMALL, color: COLORS[lane], font: 'sans-bold' });
    y += P_LANE_HEADER;
    for (const row of laneRows) {
      rows.push({ ...row, y });
      y += P_ROW;
    }
  }
  if (waits.length > 0) {
    // The owner's waits: a labelled row of their own (the lanes above are tinted where they happened).
    for (const w of waits) fillRect(r, x(w.start), y, Math.max(2, x(w.end) - x(w.start)), P_ROW, WAIT_BG);
    const total = waits.reduce((n, w) => n + (w.end - w.start), 0);
    const note = duration(total);
    const noteW = measureText(note, P_SMALL).width;
    drawText(r, CHART.waitingTitle, PAD, y + 36, { size: P_TEXT, color: WAIT, font: 'sans-bold' });
    drawText(r, note, PW - PAD - noteW, y + 36, { size: P_SMALL, color: WAIT });
    for (const w of waits) fillRect(r, x(w.start), y + 50, Math.max(6, x(w.end) - x(w.start)), P_BAR, WAIT);
    y += P_ROW;
  }
  for (let t = 0; t <= axisEnd + 1e-9; t += step) fillRect(r, x(t * unit.div), top, 1, plotBottom - top + 6, GRID);

  for (const { bar: b, label, note, y: rowY } of rows) {
    const ok = b.outcome === 'ok';
    const noteW = measureText(note, P_SMALL).width;
    const font = b.critical ? 'sans-bold' : 'sans';
    drawText(r, fit(label, plotW - noteW - 16, P_TEXT, font), PAD, rowY + 36, { size: P_TEXT, color: ok ? INK : SOFT, font });
    drawText(r, note, PW - PAD - noteW, rowY + 36, { size: P_SMALL, color: b.outcome === 'failed' ? CRITICAL : SOFT });
    const by = rowY + 50;
    const bx = x(b.start);
    const bw = Math.max(6, x(b.end) - bx);
    fillRect(r, bx, by, bw, P_BAR, ok ? COLORS[b.lane] : GREY);
    if (b.critical) outline(r, bx, by, bw, P_BAR, CRITICAL, 4);
    for (const t of b.retries) {
      line(r, x(t), by - 6, x(t), by + P_BAR + 6, INK, 3);
      fillCircle(r, x(t), by - 6, 7, CRITICAL);
    }
  }

  fillRect(r, PAD, plotBottom + 4, plotW, 2, INK);
  for (let t = 0; t <= axisEnd + 1e-9; t += step) {
    const label = num(t, tickDecimals);
    const w = measureText(label, P_SMALL).width;
    const lx = Math.min(PW - PAD - w, Math.max(PAD, x(t * unit.div) - w / 2));
    drawText(r, label, lx, plotBottom + 36, { size: P_SMALL, color: SOFT });
  }
  const axisLabel = unit.name === 'min' ? CHART.axisMinutes : CHART.axisSeconds;
  drawText(r, axisLabel, PW / 2 - measureText(axisLabel, P_SMALL).width / 2, plotBottom + 66, { size: P_SMALL, color: INK });

  for (const item of legend.items) {
    const ly = plotBottom + 82 + item.row * P_LEGEND_ROW;
    item.draw(r, item.x, ly);
    drawText(r, item.text, item.x + 44, ly + 22, { size: P_SMALL, color: INK });
  }
  return encodePng(r, { Software: 'cuaderno-vivo', Title: chart.title.normalize('NFC').replace(/[^\x20-\xff]/g, '?') });
}

interface LegendItem {
  text: string;
  draw: (r: Raster, x: number, y: number) => void;
}

/** Only what the chart shows: lanes present, the critical path, and retries/failures if any. */
function legendItems(chart: GanttChart, lanes: readonly Lane[]): LegendItem[] {
  const items: LegendItem[] = lanes.map((l) => ({ text: CHART.laneShort[l], draw: (r, x, y) => fillRect(r, x, y + 4, 30, 20, COLORS[l]) }));
  if ((chart.waits ?? []).length > 0) items.push({ text: CHART.waiting, draw: (r, x, y) => fillRect(r, x, y + 4, 30, 20, WAIT) });
  if (chart.bars.some((b) => b.critical)) {
    items.push({ text: CHART.critical, draw: (r, x, y) => { fillRect(r, x, y + 4, 30, 20, [200, 200, 200]); outline(r, x, y + 4, 30, 20, CRITICAL, 4); } });
  }
  if (chart.bars.some((b) => b.retries.length > 0)) items.push({ text: CHART.retry, draw: (r, x, y) => fillCircle(r, x + 15, y + 14, 8, CRITICAL) });
  if (chart.bars.some((b) => b.outcome !== 'ok')) items.push({ text: CHART.failed, draw: (r, x, y) => fillRect(r, x, y + 4, 30, 20, GREY) });
  return items;
}

/** Legend items left to right, wrapping to a new row at the chart's width. */
function layoutLegend(items: readonly LegendItem[]): { rows: number; items: Array<LegendItem & { x: number; row: number }> } {
  const out: Array<LegendItem & { x: number; row: number }> = [];
  let lx = PAD;
  let row = 0;
  for (const it of items) {
    const w = 44 + measureText(it.text, P_SMALL).width + 28;
    if (lx + w - 28 > PW - PAD && lx > PAD) {
      row++;
      lx = PAD;
    }
    out.push({ ...it, x: lx, row });
    lx += w;
  }
  return { rows: items.length === 0 ? 0 : row + 1, items: out };
}
