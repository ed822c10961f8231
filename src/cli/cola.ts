/**
 * `cuaderno cola [--json]`: the shared job queues of a class (BullMQ on Redis) — jobs per queue, the
 * connected workers, jobs per student. Without `REDIS_URL` the lanes live inside the bot: it says so.
 * Exit 1 when Redis does not answer (the one plain sentence on stderr), 2 on misuse.
 */
import type { CliIO } from './common.js';
import { isCuadernoError } from '../errors.js';
import { inspectQueues } from '../lanes/inspect.js';
import { laneSettingsFromEnv } from '../lanes/redis.js';
import { QUEUE } from '../strings/chat.js';
import { EXIT, parseOptions } from './common.js';

const USAGE = 'Uso: npm run -s cuaderno -- cola [--json]';

export async function run(argv: string[], io: CliIO): Promise<number> {
  const values = parseOptions(io, argv, { json: { type: 'boolean' } }, USAGE);
  if (!values) return EXIT.misuse;
  try {
    const settings = laneSettingsFromEnv(io.env);
    if (!settings) {
      io.stdout.write(values.json ? `${JSON.stringify({ modo: 'en-proceso' })}\n` : `${QUEUE.cliInProcess()}\n`);
      return EXIT.ok;
    }
    const snap = await inspectQueues(settings);
    if (values.json) {
      io.stdout.write(`${JSON.stringify({ modo: 'redis', prefijo: settings.prefix, ...snap })}\n`);
      return EXIT.ok;
    }
    const lines = [
      ...snap.queues.map((q) => QUEUE.cliQueue(q.name, q.counts)),
      QUEUE.cliWorkers(snap.workers.length),
      ...snap.workers.map((w) => QUEUE.cliWorker(w.name, w.addr)),
      ...(snap.students.length === 0 ? [QUEUE.cliNoJobs()] : [QUEUE.cliStudentsHeader(), ...snap.students.map((s) => QUEUE.cliStudent(s.student, s.started, s.waiting, s.active))]),
    ];
    io.stdout.write(`${lines.join('\n')}\n`);
    return EXIT.ok;
  } catch (e) {
    io.stderr.write(`${isCuadernoError(e) ? e.message : `Error: ${e instanceof Error ? e.message : String(e)}`}\n`);
    return isCuadernoError(e) && e.code === 'CONFIG' ? EXIT.misuse : EXIT.failed;
  }
}
