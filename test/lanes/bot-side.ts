/**
 * The bot's side of a lane as its own process, for the bot-kill test: asks the GPU lane for one task
 * (`LANE_TASK`, JSON) and prints `{"result": …}` with the sha256 of each returned file, then exits.
 */
import { createHash } from 'node:crypto';
import { createBullMqLane } from '../../src/lanes/bullmq-lane.js';
import type { LaneTask } from '../../src/lanes/types.js';

const lane = createBullMqLane({ url: process.env.REDIS_URL!, prefix: process.env.CUADERNO_COLA_PREFIJO!, lane: 'gpu', pollMs: 200 });
const task = JSON.parse(process.env.LANE_TASK!) as LaneTask;
process.stdout.write(`${JSON.stringify({ asking: task.key })}\n`);
const result = await lane.run(task, new AbortController().signal);
process.stdout.write(`${JSON.stringify({ result: { output: result.output, files: result.files.map((f) => [f.name, createHash('sha256').update(f.data).digest('hex')]) } })}\n`);
await lane.close();
