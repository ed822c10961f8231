/**
 * `cuaderno herramienta <nombre> '<json>' [--aprobar|--rechazar] [--simulacro] [--rehacer]`:
 * one tool call through the same dispatcher the agent and the bot use. Prints exactly one JSON
 * line `{"content": "...", "is_error": false}` — `content` is what the model would receive.
 * Exit 0 whenever a tool result was produced (even `is_error: true`), 2 for misuse.
 * The JSON may be `-` to read it from stdin (an argument is limited to 128 KiB by the kernel).
 * Without --aprobar/--rechazar a confirmation tool asks on the terminal (s/n; closed stdin = no).
 * With `REDIS_URL` it goes through the queue like the bot: GPU stages run on the workers.
 */
import { createRunStageRunner } from '../scheduler/turn.js';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { CliIO } from './common.js';
import { createFileIdempotencyStore } from '../scheduler/idempotency.js';
import type { ApprovalDecision, Approver } from '../tools/contract.js';
import { createToolbox } from '../tools/index.js';
import { renderForModel } from '../tools/render.js';
import { S } from '../strings/model.js';
import { CliMisuse, EXIT, parseFlags, withConfig } from './common.js';
import { CLI_LINES } from '../strings/console.js';
import { QUEUE } from '../strings/chat.js';
import { pingQueue } from '../lanes/redis.js';
import { LOCAL_CHAT_USER_ID } from '../lib/ids.js';

const USAGE = "herramienta <nombre> '<json>' [--aprobar | --rechazar] [--simulacro] [--rehacer]";
/** Idempotency records live here, inside the data dir (SPEC §6). */
export const IDEMPOTENCY_DIR = 'idempotencia';

function misuse(message: string): CliMisuse {
  return new CliMisuse(`${message}\nUso: npm run -s cuaderno -- ${USAGE}`);
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  stream.setEncoding('utf8');
  for await (const chunk of stream) text += chunk as string;
  return text;
}

/** Asks on stderr, reads one line from stdin: `s`/`si`/`sí` approves; anything else or EOF rejects. */
export function terminalApprover(io: Pick<CliIO, 'stdin' | 'stderr'>): Approver {
  return (req, signal) =>
    new Promise<ApprovalDecision>((resolve) => {
      io.stderr.write(S.approvalPrompt(req.tool, req.args, req.preview));
      const rl = createInterface({ input: io.stdin, terminal: false });
      let done = false;
      const finish = (d: ApprovalDecision) => {
        if (done) return;
        done = true;
        signal.removeEventListener('abort', onAbort);
        rl.close();
        resolve(d);
      };
      const onAbort = () => finish({ approved: false, reason: 'cancelado' });
      signal.addEventListener('abort', onAbort);
      rl.once('line', (line) => {
        const yes = /^\s*(s|si|sí|y|yes)\s*$/i.test(line);
        finish(yes ? { approved: true, by: 'terminal' } : { approved: false, by: 'terminal', reason: 'rechazado' });
      });
      rl.once('close', () => {
        if (!done) io.stderr.write(`\n${CLI_LINES.noAnswer}\n`);
        finish({ approved: false, reason: 'rechazado' });
      });
    });
}

const fixed = (approved: boolean): Approver => async () => (approved ? { approved: true, by: 'cli --aprobar' } : { approved: false, by: 'cli --rechazar', reason: 'rechazado' });

export async function run(argv: string[], io: CliIO): Promise<number> {
  return withConfig(io, async (config) => {
    const { values, positionals } = parseFlags(
      argv,
      { aprobar: { type: 'boolean' }, rechazar: { type: 'boolean' }, simulacro: { type: 'boolean' }, rehacer: { type: 'boolean' } },
      USAGE,
    );
    const [name, jsonText, ...rest] = positionals;
    if (!name || jsonText === undefined) throw misuse(CLI_LINES.missingToolArgs);
    if (rest.length) throw misuse(`Argumento inesperado: ${rest[0]} (¿faltan comillas alrededor del JSON?)`);
    if (values.aprobar && values.rechazar) throw misuse(CLI_LINES.approveAndReject);
    const text = jsonText === '-' ? await readAll(io.stdin) : jsonText;
    let input: unknown;
    try {
      input = JSON.parse(text);
    } catch (e) {
      throw misuse(`Los argumentos no son JSON válido (${(e as Error).message}). Ejemplo: '{"consulta":"impresionismo","k":2}'`);
    }
    const approver = values.aprobar ? fixed(true) : values.rechazar ? fixed(false) : jsonText === '-' ? fixed(false) : terminalApprover(io);
    // With REDIS_URL the call goes through the queue like the bot's: its GPU stages run on the
    // workers, under the owner's id, and FLUX/XTTS are offered when a worker advertises them.
    // Redis away: one line says so and the call runs here, as without the queue (no engine is advertised).
    const queue = config.queue;
    const reachable = queue ? await pingQueue(queue.url).then(() => true, () => false) : false;
    if (queue && !reachable) io.stderr.write(`${QUEUE.unreachable()}\n`);
    const gpu = queue && reachable ? (await import('../lanes/routed.js')).createGpuQueue({ settings: queue }) : undefined;
    try {
      const toolbox = await createToolbox({
        config,
        approver,
        idempotency: createFileIdempotencyStore(path.join(config.dataDir, IDEMPOTENCY_DIR)),
        ...(gpu ? { advertised: (e: 'flux' | 'xtts') => gpu.engines.serves(e) } : {}),
      });
      const callId = `cli-${Date.now()}-${randomBytes(3).toString('hex')}`;
      const owner = String(config.telegram.token ? (config.telegram.allowedUserIds[0] ?? LOCAL_CHAT_USER_ID) : LOCAL_CHAT_USER_ID);
      const backend = gpu?.forStudent(owner).lanesFor(callId, config.lanes);
      const result = await toolbox.dispatch(
        { id: callId, name, input },
        // The tool's stages run on the one executor, as in a run (lanes, retries, durations measured).
        { dryRun: values.simulacro === true, redo: values.rehacer === true, stage: createRunStageRunner({ lanes: config.lanes, ...(backend ? { backend } : {}), measured: (id, ms) => toolbox.durations.record(id, ms) }) },
      );
      await toolbox.durations.flush();
      io.stdout.write(`${JSON.stringify(renderForModel(name, result))}\n`);
      return EXIT.ok;
    } finally {
      await gpu?.close();
    }
  });
}
