/**
 * Gantt charts of a plan or of a recorded run (SPEC §5): one bar per task on a shared time axis,
 * grouped by lane (the GPU's exclusivity is visible as bars that never overlap), the critical path
 * outlined in red, retries marked where they happened, failed/cancelled tasks greyed. Drawn with
 * the project's own raster (no canvas, no system fonts) and returned as PNG bytes.
 */
import type { Lane } from '../tools/contract.js';
import { createRaster, drawText, encodePng, fillCircle, fillRect, line, measureText, type Color, type Raster } from '../tools/media/raster.js';
import type { Analysis, Graph } from './dag.js';
import type { TaskEvent } from './events.js';
import type { Schedule } from './schedule.js';

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
 * the lane it waited for) — the chain that set the makespan. Pass `critical` to override.
 */
export function ganttFromEvents(events: readonly TaskEvent[], title: string, critical?: readonly string[]): GanttChart {
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
  } else {
    markCriticalChain(bars);
  }
  return { title, bars };
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
    const prev = done.filter((b) => !b.critical && b.end <= start + eps && b.end >= start - eps);
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
const LANE_NAMES: Record<Lane, string> = { cpu: 'Carril CPU', gpu: 'Carril GPU' };

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
  drawText(r, `duración total ${fmt(end)} s`, 16, 52, { size: 13, color: SOFT });
  for (let s = 0; s <= axisEnd + 1e-9; s += step) {
    fillRect(r, x(s), TOP - 4, 1, plotBottom - TOP + 8, GRID);
    const label = fmt(Number(s.toFixed(6)));
    drawText(r, label, x(s) - measureText(label, 12).width / 2, plotBottom + 22, { size: 12, color: SOFT });
  }
  fillRect(r, LEFT, plotBottom + 4, plotW, 1, INK);
  const axisLabel = 'tiempo (s)';
  drawText(r, axisLabel, LEFT + plotW / 2 - measureText(axisLabel, 13).width / 2, plotBottom + 42, { size: 13, color: INK });

  let y = TOP;
  for (const lane of lanes) {
    const laneBars = chart.bars.filter((b) => b.lane === lane).sort((a, b) => a.start - b.start || a.id.localeCompare(b.id));
    fillRect(r, 0, y, W, LANE_HEADER + laneBars.length * ROW, LANE_BG[lane]);
    drawText(r, LANE_NAMES[lane], 12, y + 17, { size: 13, color: COLORS[lane], font: 'sans-bold' });
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
      const note = b.outcome === 'failed' ? 'falló' : b.outcome === 'cancelled' ? 'cancelada' : `${fmt(Number((b.end - b.start).toFixed(3)))} s`;
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
  for (const lane of lanes) item(() => fillRect(r, lx, ly, 20, 12, COLORS[lane]), lane.toUpperCase());
  item(() => {
    fillRect(r, lx, ly, 20, 12, [200, 200, 200]);
    outline(r, lx, ly, 20, 12, CRITICAL, 3);
  }, 'ruta crítica');
  item(() => fillCircle(r, lx + 10, ly + 6, 5, CRITICAL), 'reintento');
  item(() => fillRect(r, lx, ly, 20, 12, GREY), 'fallida / cancelada');
  return encodePng(r, { Software: 'cuaderno-vivo', Title: chart.title.normalize('NFC').replace(/[^\x20-\xff]/g, '?') });
}

/** What the bot sends after a week: the recorded run as a PNG. */
export function renderRunGantt(events: readonly TaskEvent[], title = 'Semana ejecutada'): Buffer {
  return renderGantt(ganttFromEvents(events, title));
}
