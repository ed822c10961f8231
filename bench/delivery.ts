/**
 * What the owner feels (issue 11), through the whole chat stack — the embedded Bot API stand-in,
 * our bot, the real agent service and tools, the worker pool — in this process:
 *   - tap → photo: from pressing «Aprobar» on the cover (CPU engine) to the photo's upload arriving
 *     at the Bot API, with the narration's question still open (target ≤ 2 s);
 *   - the event loop's longest stall (`perf_hooks.monitorEventLoopDelay`) over the standard week,
 *     from the first message to the report, both approvals granted (target ≤ 50 ms).
 * Standalone: `npx tsx bench/delivery.ts`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { closePool } from '../src/workers/pool.js';
import { OWNER, startStack } from '../test/bot/stack.js';
import { answerUntilReport, button, isCover, nextApproval, real } from '../test/bot/steps.js';

const round = (x: number, d = 1): number => Number(x.toFixed(d));

/** Resolves when `cond` holds, checking at every turn of the event loop (no timer granularity). */
async function when(cond: () => boolean, limitMs = 60_000): Promise<void> {
  const end = performance.now() + limitMs;
  while (!cond()) {
    if (performance.now() > end) throw new Error('no llegó a tiempo');
    await new Promise((r) => setImmediate(r));
  }
}

async function week(n: 2 | 3): Promise<{ tapToPhotoMs: number; loopMaxMs: number; loopP99Ms: number; weekMs: number }> {
  const stack = await startStack(real);
  try {
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const started = performance.now();
    await owner.say(`prepara la semana ${n}`);
    const cover = await nextApproval(owner, new Set());
    if (!isCover(cover)) throw new Error('la primera pregunta no era la portada');
    const narration = await nextApproval(owner, new Set([cover.messageId]));
    const photos = () => stack.h.uploads.filter((u) => u.method === 'sendPhoto' && u.chatId === OWNER).length;
    const t0 = performance.now();
    await owner.press(cover.messageId, button(cover, /Aprobar/));
    await when(() => photos() >= 1);
    const tapToPhotoMs = performance.now() - t0;
    await answerUntilReport(owner, () => 'Aprobar', [cover.messageId]).catch(async () => undefined);
    void narration;
    const weekMs = performance.now() - started;
    loop.disable();
    return { tapToPhotoMs: round(tapToPhotoMs), loopMaxMs: round(loop.max / 1e6), loopP99Ms: round(loop.percentile(99) / 1e6), weekMs: round(weekMs) };
  } finally {
    await stack.close();
  }
}

export async function run(): Promise<Record<string, unknown>> {
  const w2 = await week(2);
  const w3 = await week(3);
  const result = {
    tap_to_photo_ms_semana2: w2.tapToPhotoMs,
    tap_to_photo_ms_semana3: w3.tapToPhotoMs,
    tap_to_photo_target_ms: 2000,
    event_loop_max_ms_semana2: w2.loopMaxMs,
    event_loop_max_ms_semana3: w3.loopMaxMs,
    event_loop_p99_ms_semana3: w3.loopP99Ms,
    event_loop_target_ms: 50,
    week_wall_ms: { semana2: w2.weekMs, semana3: w3.weekMs },
  };
  console.log('\nEntrega y bucle de eventos (pila completa del chat)');
  for (const [k, v] of Object.entries(result)) console.log(`  ${k.padEnd(30)} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  run().then(() => closePool()).catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
