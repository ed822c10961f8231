/**
 * `cuaderno preparar "<petición>" [--reanudar] [--max-iteraciones N] [--presupuesto N]`:
 * the agent on the terminal — the same service the bot uses. Prints each tool call as
 * `[n] herramienta(args) -> resultado`, asks for confirmation-level calls (one answer per line in
 * question order: `s`, `n`, `n: motivo`, or an alternative's number; a closed stdin means no) —
 * the run pauses on disk, each answer is written there, and the run resumes from disk (the terminal
 * is an interface like the chat: no promise is held open in the run) — then the report, and a last line
 * `Parada: … | iteraciones: N | texto leído y escrito: N fragmentos | coste: N USD`.
 * Exit: 0 finished, 3 stopped by a limit, 4 refusal, 137 simulated crash (CRASH_AFTER), 2 misuse or
 * configuration, 1 other failures (the message says what to do).
 */
import { createInterface } from 'node:readline';
import type { CliIO } from './common.js';
import { CRASH_EXIT_CODE, CRASH_TRACE_PREFIX, type CrashLabel } from '../agent/crash.js';
import { createAgentService } from '../agent/service.js';
import { runAnswering, type Answer } from '../agent/answering.js';
import { CLI } from '../strings/agent.js';
import type { DecisionInput, PendingApproval, RunEvent, RunOutcome } from '../agent/types.js';
import { renderForModel } from '../tools/render.js';
import { choiceInWords } from '../strings/tools.js';
import { S } from '../strings/model.js';
import { CliMisuse, parseFlags, withConfig } from './common.js';
import { PREPARAR, USAGE as USAGES } from '../strings/cli.js';

const USAGE = USAGES.preparar;
/** The terminal's run slot: a fresh run replaces it, --reanudar continues it (docs/design.md §7). */
export const CLI_RUN_ID = 'cli';
export const PREPARAR_EXIT = { ok: 0, failed: 1, misuse: 2, limit: 3, refusal: 4, crash: CRASH_EXIT_CODE } as const;

/** One line reader over stdin for the whole run: answers are consumed in question order. */
function lineReader(stdin: NodeJS.ReadableStream) {
  const rl = createInterface({ input: stdin, terminal: false });
  const buffered: string[] = [];
  const waiting: Array<(line: string | undefined) => void> = [];
  let closed = false;
  rl.on('line', (line) => {
    const w = waiting.shift();
    if (w) w(line);
    else buffered.push(line);
  });
  rl.on('close', () => {
    closed = true;
    for (const w of waiting.splice(0)) w(undefined);
  });
  return {
    next(): Promise<string | undefined> {
      if (buffered.length > 0) return Promise.resolve(buffered.shift());
      if (closed) return Promise.resolve(undefined);
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () => rl.close(),
  };
}

/**
 * One answer line → a decision: `s` yes, `n` no, `n: motivo` no with a reason the model receives,
 * a number an alternative (approved with changes); anything else, or a closed stdin, means no.
 */
export function parseTerminalAnswer(line: string | undefined, approval: PendingApproval): DecisionInput {
  const by = 'terminal';
  if (line === undefined) return { approved: false, by, reason: 'rechazado' };
  if (/^\s*(s|si|sí|y|yes)\s*$/i.test(line)) return { approved: true, by, hash: approval.proposal.hash };
  const alt = /^\s*(\d+)\s*$/.exec(line);
  const chosen = alt ? approval.alternatives[Number(alt[1]) - 1] : undefined;
  if (chosen) return { approved: true, by, hash: chosen.hash };
  const note = /^\s*no?\s*:\s*(.+)$/i.exec(line)?.[1]?.trim();
  return { approved: false, by, reason: 'rechazado', ...(note ? { note } : {}) };
}

/** Each pending approval asked on the terminal, one line read per question, in question order. */
function terminalAnswer(io: CliIO, lines: ReturnType<typeof lineReader>): Answer {
  return async (approval) => {
    const { args, preview } = approval.proposal;
    io.stdout.write(S.approvalPrompt(approval.tool, args, preview, alternativesInWords(approval)));
    const line = await lines.next();
    const decision = parseTerminalAnswer(line, approval);
    io.stdout.write(`${line === undefined ? PREPARAR.noAnswer : CLI.approvedAnswer(decision.approved)}\n`);
    return decision;
  };
}

/** "1 = voz sintética" lines for the schema-derived alternatives of an approval. */
function alternativesInWords(approval: PendingApproval): string[] {
  return approval.alternatives.map((a, i) => `${i + 1} = ${a.change ? choiceInWords(approval.tool, a.change.field, a.change.value) : JSON.stringify(a.args)}`);
}

function positiveInt(flag: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new CliMisuse(`${CLI.badInt(flag, raw)}\n${CLI.usage}`);
  return n;
}

function oneLine(text: string, max = 160): string {
  const s = text.replace(/\s+/g, ' ').trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  return withConfig(io, async (config) => {
    const { values, positionals } = parseFlags(
      argv,
      { reanudar: { type: 'boolean' }, descartar: { type: 'boolean' }, 'max-iteraciones': { type: 'string' }, presupuesto: { type: 'string' } },
      USAGE,
    );
    const text = positionals.join(' ').trim();
    if (values.reanudar && values.descartar) throw new CliMisuse(`${CLI.bothResumeAndDiscard}\n${CLI.usage}`);
    if (!text && !values.reanudar && !values.descartar) throw new CliMisuse(`${CLI.missingText}\n${CLI.usage}`);
    const maxIterations = positiveInt('--max-iteraciones', values['max-iteraciones']);
    const tokenBudget = positiveInt('--presupuesto', values.presupuesto);
    const effective = { ...config, limits: { ...config.limits, ...(maxIterations ? { maxIterations } : {}), ...(tokenBudget ? { tokenBudget } : {}) } };

    const lines = lineReader(io.stdin);
    try {
      const service = await createAgentService({
        config: effective,
        crashAfter: io.env.CRASH_AFTER,
        // A simulated kill -9: exit at once, nothing after it runs.
        onCrash: () => process.exit(CRASH_EXIT_CODE),
        // Testing only: each crash point named on stderr as it passes (the crash matrix's recording).
        ...(io.env.CRASH_TRACE === '1' ? { onCrashPoint: (label: CrashLabel) => io.stderr.write(`${CRASH_TRACE_PREFIX}${label}\n`) } : {}),
      });
      const pending = (await service.unfinished()).filter((u) => u.runId === CLI_RUN_ID);
      if (values.reanudar) io.stdout.write(`${CLI.resuming(CLI_RUN_ID)}\n`);
      else if (pending.length > 0 && !values.descartar) {
        // docs/design.md §7: an unfinished run is never discarded without the owner's word.
        for (const u of pending) io.stderr.write(`${CLI.unfinishedChoose(u.text, u.updatedAt)}\n`);
        return PREPARAR_EXIT.misuse;
      } else if (values.descartar) {
        await service.discard(CLI_RUN_ID);
        for (const u of pending) io.stdout.write(`${CLI.discarded(u.text)}\n`);
        if (!text) return PREPARAR_EXIT.ok;
      }

      let iteration = 0;
      const onEvent = (e: RunEvent) => {
        if (e.type === 'iteracion') iteration = e.n;
        else if (e.type === 'herramienta') {
          const shown = renderForModel(e.call.name, e.result);
          const res = `${e.result.kind}${shown.is_error ? ' (error)' : ''}: ${oneLine(shown.content)}`;
          io.stdout.write(`${CLI.iteration(iteration, `${e.call.name}(${JSON.stringify(e.call.input)})`, res)}\n`);
        } else if (e.type === 'aviso') io.stderr.write(`${CLI.warn(e.text)}\n`);
      };
      const outcome = await runAnswering(service, { runId: CLI_RUN_ID, text, mode: 'agente', onEvent, resume: values.reanudar === true }, terminalAnswer(io, lines));
      printOutcome(io, outcome);
      return exitCode(outcome);
    } finally {
      lines.close();
    }
  });
}

function printOutcome(io: CliIO, o: RunOutcome): void {
  io.stdout.write(`\n${o.report}\n`);
  if (o.notDone.length > 0) io.stdout.write(`${CLI.notDoneHeader}\n${o.notDone.map((l) => `- ${l}`).join('\n')}\n`);
  if (o.detail && o.stopReason !== 'end_turn') io.stdout.write(`${CLI.limitDetail(o.detail)}\n`);
  io.stdout.write(`${CLI.stopLine(o.stopReason, o.iterations, o.tokens.input + o.tokens.output, o.costUsd.toFixed(6))}\n`);
}

function exitCode(o: RunOutcome): number {
  switch (o.stopReason) {
    case 'end_turn':
    case 'max_tokens':
      return PREPARAR_EXIT.ok;
    case 'max_iteraciones':
    case 'presupuesto':
      return PREPARAR_EXIT.limit;
    case 'refusal':
      return PREPARAR_EXIT.refusal;
    default:
      return PREPARAR_EXIT.failed;
  }
}
