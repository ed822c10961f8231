/**
 * `cuaderno herramienta <nombre> '<json>' [--aprobar|--rechazar] [--simulacro] [--rehacer]`:
 * one tool call as a one-call run — the same run machinery as `preparar` and the bot (run state on
 * disk under `runs/herramienta-…/`, checkpoints, the effects journal, approval as a value). Prints
 * exactly one JSON line `{"content": "...", "is_error": false}` — `content` is what the model would
 * receive. Exit 0 whenever a tool result was produced (even `is_error: true`), 2 for misuse, 1 when
 * the run ended without one (the message says why).
 * The JSON may be `-` to read it from stdin (an argument is limited to 128 KiB by the kernel).
 * A confirmation tool is decided up front with --aprobar/--rechazar; without either, the run pauses
 * and the terminal asks (s/n; closed stdin, or JSON read from stdin, = no), then resumes from disk.
 * `--simulacro` only describes (the dispatcher's dry run): nothing runs, nothing is asked.
 * With `REDIS_URL` it goes through the queue like the bot: GPU stages run on the workers.
 */
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { CliIO } from './common.js';
import { runAnswering, type Answer } from '../agent/answering.js';
import { CRASH_EXIT_CODE } from '../agent/crash.js';
import { createAgentService } from '../agent/service.js';
import type { DecisionInput, RunEvent } from '../agent/types.js';
import type { ToolResult } from '../tools/contract.js';
import { renderForModel } from '../tools/render.js';
import { S } from '../strings/model.js';
import { CliMisuse, EXIT, parseFlags, withConfig } from './common.js';
import { CLI_LINES } from '../strings/console.js';
import { QUEUE } from '../strings/chat.js';
import { pingQueue } from '../lanes/redis.js';
import { LOCAL_CHAT_USER_ID } from '../lib/ids.js';
import { plainCopy } from '../lib/own.js';
import { MISUSE } from '../strings/cli.js';
import { PLACEHOLDER } from '../strings/log.js';

const USAGE = "herramienta <nombre> '<json>' [--aprobar | --rechazar] [--simulacro] [--rehacer]";
/** The runs of this command are `runs/herramienta-<stamp>/` (the call id is `cli-<stamp>`). */
export const ONE_CALL_RUN_PREFIX = 'herramienta-';

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
export function terminalAnswer(io: Pick<CliIO, 'stdin' | 'stderr'>): Answer {
  return (approval) =>
    new Promise<DecisionInput>((resolve) => {
      io.stderr.write(S.approvalPrompt(approval.tool, approval.proposal.args, approval.proposal.preview));
      const rl = createInterface({ input: io.stdin, terminal: false });
      let done = false;
      const finish = (d: DecisionInput) => {
        if (done) return;
        done = true;
        rl.close();
        resolve(d);
      };
      rl.once('line', (line) => {
        const yes = /^\s*(s|si|sí|y|yes)\s*$/i.test(line);
        finish(yes ? { approved: true, by: 'terminal', hash: approval.proposal.hash } : { approved: false, by: 'terminal', reason: 'rechazado' });
      });
      rl.once('close', () => {
        if (!done) io.stderr.write(`\n${CLI_LINES.noAnswer}\n`);
        finish({ approved: false, reason: 'rechazado' });
      });
    });
}

/** `--aprobar` / `--rechazar`: the answer given before the run starts, applied when it pauses. */
const upFront = (approved: boolean): Answer => (a) =>
  approved ? { approved: true, by: 'cli --aprobar', hash: a.proposal.hash } : { approved: false, by: 'cli --rechazar', reason: 'rechazado' };

export async function run(argv: string[], io: CliIO): Promise<number> {
  return withConfig(io, async (config) => {
    const { values, positionals } = parseFlags(
      argv,
      { aprobar: { type: 'boolean' }, rechazar: { type: 'boolean' }, simulacro: { type: 'boolean' }, rehacer: { type: 'boolean' } },
      USAGE,
    );
    const [name, jsonText, ...rest] = positionals;
    if (!name || jsonText === undefined) throw misuse(CLI_LINES.missingToolArgs);
    if (rest.length) throw misuse(MISUSE.unexpectedJson(String(rest[0])));
    if (values.aprobar && values.rechazar) throw misuse(CLI_LINES.approveAndReject);
    const text = jsonText === '-' ? await readAll(io.stdin) : jsonText;
    let input: unknown;
    try {
      // The dispatcher's own copy, made here: the input becomes part of the run's state on disk, and
      // thousands of nesting levels would overflow writing it (the copy stops at its depth cap).
      input = plainCopy(JSON.parse(text), PLACEHOLDER.nested);
    } catch (e) {
      throw misuse(MISUSE.argsNotJson((e as Error).message));
    }
    const answer = values.aprobar ? upFront(true) : values.rechazar || jsonText === '-' ? upFront(false) : terminalAnswer(io);
    // With REDIS_URL the call goes through the queue like the bot's: its GPU stages run on the
    // workers, under the owner's id, and FLUX/XTTS are offered when a worker advertises them.
    // Redis away: one line says so and the call runs here, as without the queue (no engine is advertised).
    const queue = config.queue;
    const reachable = queue ? await pingQueue(queue.url).then(() => true, () => false) : false;
    if (queue && !reachable) io.stderr.write(`${QUEUE.unreachable()}\n`);
    const gpu = queue && reachable ? (await import('../lanes/routed.js')).createGpuQueue({ settings: queue }) : undefined;
    try {
      const owner = String(config.telegram.token ? (config.telegram.allowedUserIds[0] ?? LOCAL_CHAT_USER_ID) : LOCAL_CHAT_USER_ID);
      const service = await createAgentService({
        config,
        crashAfter: io.env.CRASH_AFTER,
        // A simulated kill -9: exit at once, nothing after it runs.
        onCrash: () => process.exit(CRASH_EXIT_CODE),
        ...(gpu ? { advertised: (e: 'flux' | 'xtts') => gpu.engines.serves(e), lanesFor: (runId: string, sizes: Readonly<typeof config.lanes>) => gpu.forStudent(owner).lanesFor(runId, sizes) } : {}),
      });
      const stamp = `${Date.now()}-${randomBytes(3).toString('hex')}`;
      const call = { id: `cli-${stamp}`, name, input };
      if (values.simulacro) {
        // A dry run changes nothing and asks nobody: the dispatcher's description, not a run.
        const described = await service.toolbox.dispatch(call, { dryRun: true, redo: values.rehacer === true });
        io.stdout.write(`${JSON.stringify(renderForModel(name, described))}\n`);
        return EXIT.ok;
      }
      let result: ToolResult | undefined;
      const onEvent = (e: RunEvent) => {
        if (e.type === 'herramienta' && e.call.id === call.id) result = e.result;
        else if (e.type === 'aviso') io.stderr.write(`${e.text}\n`);
      };
      const outcome = await runAnswering(service, { runId: `${ONE_CALL_RUN_PREFIX}${stamp}`, text: `herramienta ${name}`, mode: 'herramienta', call, redo: values.rehacer === true, onEvent }, answer);
      await service.toolbox.durations.flush();
      if (!result) {
        io.stderr.write(`${outcome.detail ?? outcome.report}\n`);
        return EXIT.failed;
      }
      io.stdout.write(`${JSON.stringify(renderForModel(name, result))}\n`);
      return EXIT.ok;
    } finally {
      await gpu?.close();
    }
  });
}
