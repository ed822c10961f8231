/**
 * Child of script-beside.process.test.ts, started with tsx and without CUADERNO_HILOS_COMPILADOS, as
 * `npm run dev` runs the product: one real job on a pool thread loaded from the sources, one refused.
 */
import { closePool, runOffThread } from '../../src/workers/pool.js';

const ready = await runOffThread<boolean>('listo', {});
const bad = await runOffThread('no-existe', {}).then(() => 'aceptada', (e: { code?: string }) => e.code);
await closePool();
process.stdout.write(`${JSON.stringify({ ready, bad })}\n`);
