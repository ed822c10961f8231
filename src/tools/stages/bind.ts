/**
 * A call's stages bound to their work: each stage's input is its static JSON part (from the call's
 * arguments) plus the outputs of its dependencies under their names — all JSON — and it runs its
 * catalogue function in this thread or on the worker pool (catalogue `offThread`). Its own key is
 * `<call key>/<stage>`; a finished stage leaves `<name>.json` in the call's work folder, so a call
 * resumed after a crash does not redo the stages it already finished.
 */
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { writeRecord } from '../../store/outputs.js';
import type { StageExec, StageSpec, StageTask, ToolContext } from '../contract.js';
import { stageDecl } from './catalogue.js';
import { STAGE_FUNCTIONS } from './functions.js';
import { runOffThread } from '../../workers/pool.js';
import { FAULT } from '../../strings/log.js';

/** Where a call's intermediate files live: `<datos>/trabajo/<clave>`. */
export function workDir(dataDir: string, key: string): string {
  return path.join(dataDir, 'trabajo', key.replace(/[^A-Za-z0-9_.-]+/g, '_'));
}

/**
 * Whether a stage with this input runs on the worker pool: its catalogue `offThread`, unless the
 * input's engine is one of its `serverEngines` (then it only waits on a server, on the event loop).
 */
export function runsOffThread(id: string, input: unknown): boolean {
  const decl = stageDecl(id);
  const engine = (input as { engine?: unknown } | null | undefined)?.engine;
  return decl.offThread && !(typeof engine === 'string' && decl.serverEngines?.includes(engine) === true);
}

/** Runs one catalogue function with its JSON input, here or on the pool (runsOffThread). */
export function runStageFunction(id: string, input: unknown, signal: AbortSignal): Promise<unknown> {
  if (runsOffThread(id, input)) return runOffThread(id, input, signal);
  const fn = STAGE_FUNCTIONS[id];
  if (!fn) throw new Error(FAULT.stageWithoutRun(id));
  return fn(input as never, signal);
}

export function bindStages(specs: readonly StageSpec[], call: { key: string; work: string; input: Readonly<Record<string, Record<string, unknown>>> }): StageTask[] {
  return specs.map((spec) => {
    const key = `${call.key}/${spec.name}`;
    const input = call.input[spec.name] ?? {};
    const done = path.join(call.work, `${spec.name}.json`);
    return {
      ...spec,
      input,
      key,
      async run(prev, signal, exec?: StageExec) {
        try {
          const saved = JSON.parse(await readFile(done, 'utf8')) as { clave?: string; salida?: unknown };
          if (saved.clave === key) {
            // Finished before a restart: its queue job (if it ran elsewhere) may still wait to be released.
            await exec?.stored?.({ id: spec.id, key });
            return saved.salida;
          }
        } catch {
          // not finished before: run it
        }
        const full: Record<string, unknown> = { ...input };
        for (const d of spec.deps) full[d] = prev[d];
        const output = exec ? await exec.run({ id: spec.id, input: full, key }, signal) : await runStageFunction(spec.id, full, signal);
        await mkdir(call.work, { recursive: true });
        await writeRecord(done, { clave: key, salida: output }, { indent: 0 });
        await exec?.stored?.({ id: spec.id, key });
        return output;
      },
    };
  });
}

/** Removes a finished call's work folder (its intermediate files are no use any more). */
export async function dropWork(work: string): Promise<void> {
  await rm(work, { recursive: true, force: true });
}

/**
 * Runs the call's stages through the context's runner. A call that fails or is cancelled leaves no
 * intermediate file behind (only a killed process does, for its resume to pick up).
 */
export async function runGraph(ctx: Pick<ToolContext, 'stage' | 'signal'>, work: string, stages: StageTask[]): Promise<Record<string, unknown>> {
  try {
    return await ctx.stage(stages, ctx.signal);
  } catch (e) {
    await dropWork(work);
    throw e;
  }
}
