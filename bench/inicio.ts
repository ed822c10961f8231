/**
 * Start-up and memory as the owner meets them (issue 21), on the product `npm start` runs:
 *   - `inicio`: spawning `npm start` on a fresh data dir → «Chat local listo» (median of 3, target
 *     ≤ 0.8 s), the bot process's resident memory 3 s after, and once idle — its worker threads
 *     ended, POOL_IDLE_MS after start — (target ≤ 120 MB);
 *   - `memoria`: the product's resident memory (the bot's process, its threads inside it, and every
 *     process it started, such as the OCR child) after a term's work in the local chat — a
 *     student's own course of twelve weeks with their own material (bench/support/twelve-weeks.ts),
 *     each week prepared, then a redo of a cover or a narration of each, every approval tapped: 24
 *     runs. The figure is the memory once that work is done and has settled (target ≤ 250 MB):
 *     after the last report, one reading a second until SETTLED_READINGS in a row lie within
 *     SETTLED_SPREAD_MB, their median — the threads still as the work left them (their idle end
 *     comes later), not a reading caught in the middle of a stage. Beside it, the peak (the most
 *     of the readings at each report and while settling) and the memory once the threads have
 *     ended (POOL_IDLE_MS after).
 * Standalone: `npm run bench -- inicio memoria`.
 */
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { POOL_IDLE_MS } from '../src/workers/pool.js';
import { openChat, ROOT, startProduct } from './support/product.js';
import { seedTwelveWeeks } from './support/twelve-weeks.js';

export const START_TARGET_MS = 800;
export const IDLE_RSS_TARGET_MB = 120;
export const BUSY_RSS_TARGET_MB = 250;
/** Memory right after start is read this long after the ready line (the pool's threads warming). */
const SETTLE_MS = 3_000;
/** Idle memory is read once the pool's threads have ended (they end after POOL_IDLE_MS idle). */
const IDLE_MS = POOL_IDLE_MS + 5_000;
const RUNS = 24;
/** Settled: this many readings a second apart, all within SETTLED_SPREAD_MB (at most SETTLE_MAX_MS of them). */
const SETTLED_READINGS = 5;
const SETTLED_SPREAD_MB = 2;
const SETTLE_MAX_MS = 20_000;

const round = (x: number) => Math.round(x);
const line = (name: string, value: string, target: string, ok: boolean) => console.log(`  ${name.padEnd(34)} ${value.padStart(10)}   objetivo ${target} ${ok ? '✓' : '✗'}`);

/** The build's freshness check as `prestart` runs it: the whole `node scripts/build.mjs` and the check alone, ms. */
function freshnessCheck(): { wallMs: number; checkMs: number } {
  const t0 = performance.now();
  const out = execFileSync(process.execPath, ['--input-type=module', '-e',
    "const m = await import('./scripts/build.mjs'); const t = performance.now(); const fresh = m.isFresh(); console.log(JSON.stringify({ fresh, ms: performance.now() - t }));"], { cwd: ROOT, encoding: 'utf8' });
  const wallMs = performance.now() - t0;
  const r = JSON.parse(out) as { fresh: boolean; ms: number };
  if (!r.fresh) throw new Error('dist/ is not fresh: the check would build');
  return { wallMs, checkMs: r.ms };
}

export async function inicio(): Promise<Record<string, unknown>> {
  const times: number[] = [];
  let startedMb = 0;
  let idleMb = 0;
  for (let i = 0; i < 3; i++) {
    const p = await startProduct();
    times.push(p.readyMs);
    try {
      if (i === 2) {
        await sleep(SETTLE_MS);
        startedMb = p.rssMb();
        await sleep(IDLE_MS - SETTLE_MS);
        idleMb = p.rssMb();
      }
    } finally {
      await p.stop();
    }
  }
  const median = [...times].sort((a, b) => a - b)[1]!;
  const check = freshnessCheck();
  console.log('\nArranque (npm start → «Chat local listo», datos nuevos)');
  line('inicio_ms (mediana de 3)', `${round(median)} ms`, `≤ ${START_TARGET_MS} ms`, median <= START_TARGET_MS);
  console.log(`  ${'cada arranque'.padEnd(34)} ${times.map((t) => `${round(t)} ms`).join(', ')}`);
  line('comprobacion_build_ms (sin cambios)', `${check.checkMs.toFixed(1)} ms`, '≤ 100 ms', check.checkMs <= 100);
  console.log(`  ${'prestart_ms (node scripts/build.mjs)'.padEnd(34)} ${`${round(check.wallMs)} ms`.padStart(10)}`);
  console.log(`  ${'rss_tras_arranque_mb'.padEnd(34)} ${`${round(startedMb)} MB`.padStart(10)}   (${SETTLE_MS / 1000} s después, hilos calentándose)`);
  line(`rss_reposo_mb (a los ${IDLE_MS / 1000} s)`, `${round(idleMb)} MB`, `≤ ${IDLE_RSS_TARGET_MB} MB`, idleMb <= IDLE_RSS_TARGET_MB);
  return { inicio_ms: round(median), comprobacion_build_ms: Number(check.checkMs.toFixed(1)), prestart_ms: round(check.wallMs), inicio_ms_cada: times.map(round), inicio_objetivo_ms: START_TARGET_MS, rss_tras_arranque_mb: round(startedMb), rss_reposo_mb: round(idleMb), rss_reposo_objetivo_mb: IDLE_RSS_TARGET_MB };
}

/** The 24 requests: each of the twelve weeks prepared, then each one's cover or narration redone in turn. */
export function requests(weeks: number[]): string[] {
  const out = weeks.map((w) => `prepara la semana ${w}`);
  for (let i = 0; out.length < RUNS; i++) {
    const w = weeks[i % weeks.length]!;
    out.push(i % 2 === 0 ? `rehaz la portada de la semana ${w}` : `vuelve a narrar la semana ${w}`);
  }
  return out;
}

/**
 * The product's memory once the work is done: one reading a second until the last SETTLED_READINGS
 * lie within SETTLED_SPREAD_MB of each other (the collectors and the allocator done with the work),
 * their median; every reading is returned too (the peak counts them).
 */
async function settledRss(read: () => number): Promise<{ settledMb: number; readings: number[] }> {
  const readings: number[] = [];
  const t0 = performance.now();
  for (;;) {
    readings.push(read());
    const last = readings.slice(-SETTLED_READINGS);
    const steady = last.length === SETTLED_READINGS && Math.max(...last) - Math.min(...last) <= SETTLED_SPREAD_MB;
    if (steady || performance.now() - t0 >= SETTLE_MAX_MS) return { settledMb: [...last].sort((a, b) => a - b)[last.length >> 1]!, readings };
    await sleep(1_000);
  }
}

export async function memoria(): Promise<Record<string, unknown>> {
  let weeks: number[] = [];
  const p = await startProduct({}, async (dataDir, env) => { weeks = await seedTwelveWeeks(dataDir, env); });
  const rss: number[] = [];
  const botRss: number[] = [];
  let idleMb = NaN;
  let settled = { settledMb: NaN, readings: [] as number[] };
  const started = performance.now();
  try {
    const chat = await openChat(p.port, p.secret);
    const pressed = new Set<number>();
    const count = (re: RegExp) => [...chat.messages.values()].filter((m) => re.test(m.text ?? m.caption ?? '')).length;
    try {
      for (const [i, text] of requests(weeks).entries()) {
        await chat.say(text);
        // A run is over when its report is in the chat (the chart is sent only when its button is tapped).
        while (count(/^📋 Informe/) < i + 1) {
          const next = chat.changed();
          for (const m of chat.messages.values()) {
            const yes = m.reply_markup?.inline_keyboard?.flat().find((b) => /Aprobar/.test(b.text))?.callback_data;
            if (yes && !pressed.has(m.message_id)) {
              pressed.add(m.message_id);
              await chat.press(m.message_id, yes);
            }
          }
          if (count(/^📋 Informe/) >= i + 1) break;
          await next;
        }
        rss.push(p.productRssMb());
        botRss.push(p.rssMb());
      }
    } finally {
      chat.close();
    }
    const done = performance.now();
    settled = await settledRss(() => p.productRssMb());
    await sleep(Math.max(0, IDLE_MS - (performance.now() - done)));
    idleMb = p.productRssMb();
  } finally {
    await p.stop();
  }
  const after12 = rss[11] ?? NaN;
  const { settledMb } = settled;
  const peak = Math.max(...rss, ...settled.readings);
  console.log(`\nMemoria del producto tras ${RUNS} trabajos en el chat local (12 semanas propias y 12 rehechos)`);
  console.log(`  ${'rss_tras_12_semanas_mb'.padEnd(34)} ${`${round(after12)} MB`.padStart(10)}   (al llegar el informe 12)`);
  line(`rss_tras_${RUNS}_mb (asentada)`, `${round(settledMb)} MB`, `≤ ${BUSY_RSS_TARGET_MB} MB`, settledMb <= BUSY_RSS_TARGET_MB);
  console.log(`  ${'pico_mb'.padEnd(34)} ${`${round(peak)} MB`.padStart(10)}   (${round((performance.now() - started) / 1000)} s)`);
  console.log(`  ${`rss_al_informe_${RUNS}_mb`.padEnd(34)} ${`${round(rss.at(-1) ?? NaN)} MB`.padStart(10)}   (en el instante del último informe)`);
  console.log(`  ${`rss_reposo_tras_${RUNS}_mb`.padEnd(34)} ${`${round(idleMb)} MB`.padStart(10)}   (hilos terminados)`);
  console.log(`  ${'rss_bot_solo_al_informe_24_mb'.padEnd(34)} ${`${round(botRss.at(-1) ?? NaN)} MB`.padStart(10)}   (el proceso del bot, sin los que arranca)`);
  return {
    rss_tras_12_semanas_mb: round(after12), [`rss_tras_${RUNS}_mb`]: round(settledMb), rss_pico_mb: round(peak), [`rss_al_informe_${RUNS}_mb`]: round(rss.at(-1) ?? NaN),
    [`rss_reposo_tras_${RUNS}_mb`]: round(idleMb), rss_objetivo_mb: BUSY_RSS_TARGET_MB, rss_por_trabajo_mb: rss.map(round), rss_asentando_mb: settled.readings.map(round), rss_bot_por_trabajo_mb: botRss.map(round),
  };
}
