/**
 * The run's Gantt chart as the owner gets it in the chat (a photo shown ~400 px wide): human labels
 * only, type large enough at phone width, both lanes, the critical path in red, retries pinned,
 * failures grey — checked on the decoded pixels of the real PNG.
 */
import { describe, expect, it } from 'vitest';
import { ganttFromEvents, phoneRows, PHONE_CHART_WIDTH, renderGantt, renderPhoneGantt, renderRunGantt } from '../../src/scheduler/gantt.js';
import type { TaskEvent } from '../../src/scheduler/events.js';
import type { Lane } from '../../src/tools/contract.js';
import { decodePng, getPixel, type Raster } from '../../src/domain/media/raster.js';

/** A run as the executor records it (ms from the start). */
function run(tasks: Array<{ id: string; label: string; lane: Lane; start: number; end: number; retryAt?: number; outcome?: 'failed' | 'cancelled' }>): TaskEvent[] {
  const ev: TaskEvent[] = [];
  for (const t of tasks) {
    const base = { taskId: t.id, label: t.label, lane: t.lane };
    ev.push({ type: 'queued', t: t.start, ...base }, { type: 'started', t: t.start, attempt: 1, ...base });
    if (t.retryAt !== undefined) ev.push({ type: 'retried', t: t.retryAt, attempt: 2, waitMs: 100, code: 'TIMEOUT', ...base });
    if (t.outcome === 'failed') ev.push({ type: 'failed', t: t.end, code: 'X', message: 'x', ...base });
    else if (t.outcome === 'cancelled') ev.push({ type: 'cancelled', t: t.end, reason: 'abort', ...base });
    else ev.push({ type: 'finished', t: t.end, ...base });
  }
  return ev;
}

const WEEK = run([
  { id: 'busqueda#1', label: 'Recuperar notas', lane: 'cpu', start: 0, end: 400 },
  { id: 'tarjetas#2', label: 'Crear tarjetas', lane: 'cpu', start: 420, end: 3_800 },
  { id: 'prompt#3', label: 'Prompt de portada', lane: 'cpu', start: 420, end: 1_200 },
  { id: 'imagen#4', label: 'Portada', lane: 'gpu', start: 1_200, end: 9_000, retryAt: 4_000 },
  // The narration waited for the owner's approval: a gap, then its two stages.
  { id: 'guion#5', label: 'Guion del pódcast', lane: 'cpu', start: 15_000, end: 17_000 },
  { id: 'narracion#6', label: 'Narración', lane: 'gpu', start: 17_000, end: 29_000 },
  { id: 'registro#7', label: 'Registrar uso', lane: 'cpu', start: 29_500, end: 29_600 },
]);

const same = (p: readonly number[], c: readonly number[]) => Math.abs(p[0]! - c[0]!) < 12 && Math.abs(p[1]! - c[1]!) < 12 && Math.abs(p[2]! - c[2]!) < 12;
function count(r: Raster, color: readonly number[], box = { x0: 0, y0: 0, x1: r.width, y1: r.height }): number {
  let n = 0;
  for (let y = box.y0; y < box.y1; y++) for (let x = box.x0; x < box.x1; x++) if (same(getPixel(r, x, y), color)) n++;
  return n;
}

describe('the run chart for the chat', () => {
  it('writes human labels only, with durations and retries in words', () => {
    const rows = phoneRows(ganttFromEvents(WEEK, 't'));
    expect(rows.map((r) => r.label)).toEqual(['Recuperar notas', 'Crear tarjetas', 'Prompt de portada', 'Guion del pódcast', 'Registrar uso', 'Portada', 'Narración']);
    for (const r of rows) expect(r.label).not.toMatch(/#\d/);
    expect(rows.find((r) => r.label === 'Portada')!.note).toBe('7,8 s · 2 intentos');
    expect(rows.find((r) => r.label === 'Recuperar notas')!.note).toBe('0,40 s');
    expect(rows.find((r) => r.label === 'Narración')!.note).toBe('12 s');
  });

  it('highlights only the critical path: the week graph’s chain with the most work, not the wait', () => {
    const chart = ganttFromEvents(WEEK, 't');
    // Guion (2 s) + Narración (12 s) outweigh Prompt (0.78 s) + Portada (7.8 s) and the cards (3.38 s).
    expect(chart.bars.filter((b) => b.critical).map((b) => b.label).sort()).toEqual(['Guion del pódcast', 'Narración', 'Recuperar notas']);
    const quickNarration = run([
      { id: 'busqueda#1', label: 'Recuperar notas', lane: 'cpu', start: 0, end: 400 },
      { id: 'prompt#2', label: 'Prompt de portada', lane: 'cpu', start: 400, end: 1_400 },
      { id: 'imagen#3', label: 'Portada', lane: 'cpu', start: 1_400, end: 9_000 },
      { id: 'guion#4', label: 'Guion del pódcast', lane: 'cpu', start: 400, end: 900 },
      { id: 'narracion#5', label: 'Narración', lane: 'cpu', start: 900, end: 2_000 },
    ]);
    expect(ganttFromEvents(quickNarration, 't').bars.filter((b) => b.critical).map((b) => b.label).sort()).toEqual(['Portada', 'Prompt de portada', 'Recuperar notas']);
  });

  it('draws the time waiting for the owner as a labelled band, with every text ≥ 12 px at 390 px wide', () => {
    const texts: Array<{ text: string; size: number }> = [];
    const chart = ganttFromEvents(WEEK, 'Cronograma del trabajo', undefined, [{ from: 9_000, to: 15_000 }]);
    expect(chart.waits).toEqual([{ start: 9, end: 15 }]);
    const r = decodePng(renderPhoneGantt(chart, { texts }));
    expect(texts.map((t) => t.text)).toEqual(expect.arrayContaining(['Esperando tu respuesta', '6,0 s', 'esperando tu respuesta']));
    const shownAt390 = Math.min(...texts.map((t) => t.size)) * 390 / r.width;
    expect(shownAt390).toBeGreaterThanOrEqual(12);
    expect(count(r, [128, 90, 170])).toBeGreaterThan(3_000); // the wait bar and its legend swatch
    expect(count(r, [240, 234, 248])).toBeGreaterThan(20_000); // the band across the lanes
    // Without waits there is no band and no label.
    const none: Array<{ text: string; size: number }> = [];
    renderPhoneGantt(ganttFromEvents(WEEK, 't'), { texts: none });
    expect(none.some((t) => /esperando/i.test(t.text))).toBe(false);
  });

  it('is drawn for a phone: 800 px wide, big type, both lanes, red critical path and retry pin', () => {
    const r = decodePng(renderRunGantt(WEEK, 'Cronograma del trabajo'));
    expect(r.width).toBe(PHONE_CHART_WIDTH);
    expect(r.height).toBeLessThan(1.6 * r.width); // fits a phone screen without endless scrolling
    expect(count(r, [235, 242, 250])).toBeGreaterThan(10_000); // CPU lane band
    expect(count(r, [253, 240, 226])).toBeGreaterThan(10_000); // GPU lane band
    expect(count(r, [245, 133, 24])).toBeGreaterThan(2_000); // GPU bars
    expect(count(r, [200, 30, 45])).toBeGreaterThan(300); // critical outline and the retry pin

    // The first task's label ("Recuperar notas", dark ink) is at least 20 px tall: 10+ px on a phone.
    let topInk = Infinity;
    let bottomInk = -1;
    for (let y = 160; y < 240; y++) {
      for (let x = 28; x < 400; x++) {
        if (same(getPixel(r, x, y), [33, 33, 33])) {
          topInk = Math.min(topInk, y);
          bottomInk = Math.max(bottomInk, y);
        }
      }
    }
    expect(bottomInk - topInk).toBeGreaterThanOrEqual(20);
  });

  it('greys failed and cancelled tasks and says so', () => {
    const ev = run([
      { id: 'busqueda#1', label: 'Recuperar notas', lane: 'cpu', start: 0, end: 300 },
      { id: 'imagen#2', label: 'Portada', lane: 'gpu', start: 300, end: 90_000, outcome: 'failed' },
      { id: 'narracion#3', label: 'Narración', lane: 'cpu', start: 300, end: 200_000, outcome: 'cancelled' },
    ]);
    expect(phoneRows(ganttFromEvents(ev, 't')).map((x) => x.note)).toEqual(['0,30 s', 'cancelada', 'falló']);
    const r = decodePng(renderRunGantt(ev));
    expect(count(r, [170, 170, 170])).toBeGreaterThan(5_000);
  });

  it('the plan chart keeps its wide layout', () => {
    const chart = ganttFromEvents(WEEK, 'Plan');
    expect(decodePng(renderGantt(chart)).width).toBe(1100);
  });
});
