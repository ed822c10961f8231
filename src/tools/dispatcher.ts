/**
 * The dispatcher (docs/design.md §3): the one code path every caller (CLI, agent, bot) takes to run a tool.
 * Order: audit the request → unknown tool → validate (every problem, then that what the arguments
 * name exists) → permission policy →
 * (dry run: describe and stop) → idempotency hit → the recorded decision for `confirmar` tools →
 * execute (through the idempotency store when the tool has a key) → audit the result.
 * The dispatcher never asks anyone: a confirmation call carries the owner's decision, asked and
 * written down by the caller beforehand (the agent's run state, docs/design.md §35); without one it
 * does not run.
 * A rejection is a normal result (`is_error: false`); tool errors become `is_error: true` with a
 * code and an actionable Spanish message, never a stack.
 */
import { CancelledError, isCuadernoError, type ErrorCode } from '../errors.js';
import { plainCopy } from '../lib/own.js';
import type {
  ApprovalDecision,
  DryRun,
  IdempotencyStore,
  PermissionPolicy,
  Persona,
  StageRunner,
  ToolCall,
  ToolContext,
  ToolOutput,
  ToolResult,
} from './contract.js';
import { auditDetail, requestEntry, resultEntry } from './audit.js';
import { permissionFor } from './policy.js';
import type { ToolRegistry } from './registry.js';
import { S } from '../strings/model.js';
import { FAULT, PLACEHOLDER } from '../strings/log.js';

export interface DispatchOptions {
  /** docs/design.md §3 dry run: validate, check preconditions, say what would be done; do nothing. */
  dryRun?: boolean;
  /** Lane runner for the tool's stages (the scheduler's); default the dispatcher's `stage`. */
  stage?: StageRunner;
  signal?: AbortSignal;
  /** Deliberate redo: a new idempotency version instead of the stored result. */
  redo?: boolean;
  /**
   * The owner's recorded decision for this call (the agent's pauses: asked earlier, answered, read
   * back from disk). A confirmation call without one is not run.
   */
  decision?: ApprovalDecision;
  /** Who asked for the run this call belongs to (the chat user or the page's persona): named on its audit lines. */
  persona?: Persona;
}

export interface DispatcherDeps {
  registry: ToolRegistry;
  policy: PermissionPolicy;
  /** Where a call's stages run when the call names no runner (the scheduler's createRunStageRunner). */
  stage?: StageRunner;
  idempotency?: IdempotencyStore;
  /** Append-only audit sink (the notebook's `auditoria.jsonl`). */
  audit: { append(entry: Record<string, unknown>): Promise<void> };
  now: () => Date;
  /** Runs before each call (the toolbox follows the owner's course on disk). */
  beforeCall?: () => Promise<void>;
}

/** A confirmation call that would ask: its validated arguments and what it would do. */
export interface Proposal {
  tool: string;
  args: Record<string, unknown>;
  preview: DryRun;
}

export interface Dispatcher {
  dispatch(call: ToolCall, opts?: DispatchOptions): Promise<ToolResult>;
  preview(call: ToolCall): Promise<DryRun | ToolResult>;
  /**
   * Whether `call` would ask the owner before running, and what the question shows. Undefined when
   * it would not ask: invalid, denied, not a confirmation tool, already stored (and not a redo), or
   * with nothing to work on (its dry run is `unworkable`).
   */
  proposal(call: ToolCall, opts?: { redo?: boolean; input?: unknown }): Promise<Proposal | undefined>;
}

function errorResult(code: ErrorCode, message: string): ToolResult {
  return { kind: 'error', code, message };
}

/** Any thrown value → an error result the model can act on (our errors carry Spanish messages). */
export function resultFromError(tool: string, e: unknown): ToolResult {
  if (e instanceof CancelledError || (e instanceof Error && e.name === 'AbortError')) return errorResult('CANCELLED', S.cancelled(tool));
  if (isCuadernoError(e)) return errorResult(e.code, e.code === 'VALIDATION' ? e.message : S.toolFailed(tool, e.message));
  const message = e instanceof Error ? e.message.split('\n')[0]! : String(e);
  return errorResult('INTERNAL', S.internalError(tool, message));
}

/** A tool name as the refusal shows it: the text itself, or what kind of value came instead. */
function nameShown(name: unknown): string {
  return typeof name === 'string' ? name : `[${readSafely(() => (Array.isArray(name) ? 'lista' : name === null ? 'null' : typeof name), typeof name)}]`;
}

/** Arguments that cannot be read as plain data: refused like any invalid argument, saying why. */
function unreadable(tool: string, why: string): ToolResult {
  return errorResult('VALIDATION', S.invalidArgs(tool, [S.unreadableArgs(why)]));
}

/** A thrown value's first line, never throwing itself (a hostile getter may throw anything). */
function reasonOf(e: unknown): string {
  return readSafely(() => (e instanceof Error ? e.message : typeof e === 'string' ? e : typeof e).split('\n')[0]!.slice(0, 120), 'error');
}

function readSafely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

function denied(tool: string): ToolResult {
  return { kind: 'denegado', code: 'DENIED', message: S.denied(tool) };
}

/** A dispatcher built without a stage runner, asked to run stages: a wiring mistake, said plainly. */
const noStageRunner: StageRunner = () => Promise.reject(new Error(FAULT.noStageRunner));

function genericPreview(tool: string, args: unknown): DryRun {
  return { summary: S.genericPreview(tool, args), writes: [], cached: false };
}

export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const { registry } = deps;

  /** Validated tool and args, or the error result that ends the call. */
  async function resolve(call: ToolCall) {
    await deps.beforeCall?.();
    const tool = typeof call.name === 'string' ? registry.get(call.name) : undefined;
    if (!tool) return { error: errorResult('UNKNOWN_TOOL', S.unknownTool(nameShown(call.name), registry.names())) };
    let input: unknown;
    try {
      input = plainCopy(call.input, PLACEHOLDER.nested);
    } catch (e) {
      return { error: unreadable(tool.definition.name, reasonOf(e)) };
    }
    const v = tool.validate(input);
    if (!v.ok) return { error: errorResult('VALIDATION', S.invalidArgs(tool.definition.name, v.problems.map((p) => p.reason))), problems: v.problems.map((p) => p.reason) };
    // What the arguments name must exist (a note id): refused like any invalid argument.
    const missing: string[] = [];
    for (const [field, exists] of Object.entries(tool.definition.references ?? {})) {
      const problem = await exists(v.value[field]);
      if (problem) missing.push(problem);
    }
    if (missing.length > 0) return { error: errorResult('VALIDATION', S.invalidArgs(tool.definition.name, missing)), problems: missing };
    return { tool: tool.definition, args: v.value };
  }

  async function keyFor(call: ToolCall, def: Def, args: Record<string, unknown>): Promise<string | undefined> {
    if (!deps.idempotency || !def.idempotencyKey) return undefined;
    // An empty key means "no idempotency for this call" (e.g. crear_tarjetas without a callId).
    return (await def.idempotencyKey(args, { now: deps.now(), callId: call.id || undefined })) || undefined;
  }

  type Def = NonNullable<Awaited<ReturnType<typeof resolve>>['tool']>;

  /** The tool's dry run (or a generic one for reads), with `cached` checked against the store. */
  async function previewOf(def: Def, args: Record<string, unknown>, ctx: ToolContext, key: string | undefined): Promise<DryRun> {
    const preview = def.dryRun ? await def.dryRun(args, ctx) : genericPreview(def.name, args);
    if (key && !ctx.redo && (await deps.idempotency!.get(key))) preview.cached = true;
    return preview;
  }

  async function describe(call: ToolCall, ctx: ToolContext) {
    const r = await resolve(call);
    if (r.error) return r;
    if (permissionFor(deps.policy, r.tool.name, r.tool.effect) === 'denegar') return { error: denied(r.tool.name) };
    return { ...r, preview: await previewOf(r.tool, r.args, ctx, await keyFor(call, r.tool, r.args)) };
  }

  function context(call: ToolCall, opts: DispatchOptions): ToolContext {
    return { signal: opts.signal ?? new AbortController().signal, stage: opts.stage ?? deps.stage ?? noStageRunner, now: deps.now, callId: call.id || undefined, redo: opts.redo };
  }

  async function run(call: ToolCall, opts: DispatchOptions, note: (x: { detail?: Record<string, unknown>; approval?: ApprovalDecision; key?: string }) => void): Promise<ToolResult> {
    const ctx = context(call, opts);
    const r = await resolve(call);
    if (r.error) return r.error;
    const tool = r.tool;
    let args = r.args;
    const permission = permissionFor(deps.policy, tool.name, tool.effect);
    if (permission === 'denegar') return denied(tool.name);

    let key = await keyFor(call, tool, args);
    if (opts.dryRun) return { kind: 'simulacro', data: await previewOf(tool, args, ctx, key) };
    // Nothing is generated twice: a stored result needs no new approval (it leaves no new mark).
    if (key && !opts.redo) {
      const stored = await deps.idempotency!.get(key);
      if (stored) {
        note({ key, detail: auditDetail(tool.name, stored) });
        return { kind: 'cache', data: stored.data, artifacts: stored.artifacts };
      }
    }
    let ranWith: Record<string, unknown> | undefined;
    if (permission === 'confirmar') {
      // The owner decided first, seeing any failing precondition in the preview (`proposal`); once
      // approved, execute() re-checks its own preconditions and fails with its precise code.
      const decision = opts.decision;
      if (!decision) {
        // Put to no one because its dry run found nothing to work on (`proposal`): it ends with why.
        const nothing = tool.dryRun ? (await tool.dryRun(args, ctx)).unworkable : undefined;
        return nothing ? errorResult(nothing.code, S.toolFailed(tool.name, nothing.message)) : errorResult('INTERNAL', S.approvalMissing(tool.name));
      }
      note({ approval: decision });
      if (!decision.approved) return { kind: 'rechazado', notApproved: { reason: decision.reason, ...(decision.by ? { by: decision.by } : {}), ...(decision.note ? { note: decision.note } : {}) } };
      if (decision.args) {
        // Approved with changes: the changed arguments are validated like any proposal, and the
        // key follows them (another engine is another output).
        const changed = await resolve({ ...call, input: decision.args });
        if (changed.error) return errorResult('VALIDATION', S.changedArgsInvalid(tool.name, changed.problems ?? [changed.error.message ?? '']));
        if (JSON.stringify(changed.args) !== JSON.stringify(args)) ranWith = changed.args;
        args = changed.args;
        key = await keyFor(call, tool, args);
      }
    }
    if (ctx.signal.aborted) throw new CancelledError();

    let output: ToolOutput;
    let cached = false;
    if (key) {
      if (opts.redo) key = await deps.idempotency!.nextVersion(key);
      const runArgs = args;
      const keyed = { ...ctx, key };
      ({ output, cached } = await deps.idempotency!.runOnce(key, () => tool.execute(runArgs, keyed), { acrossProcesses: tool.effect >= 3 }));
    } else {
      output = await tool.execute(args, ctx);
    }
    note({ key, detail: auditDetail(tool.name, output) });
    return { kind: cached ? 'cache' : 'ok', data: output.data, artifacts: output.artifacts, ...(ranWith ? { ranWith } : {}) };
  }

  return {
    async dispatch(given, opts = {}) {
      const started = performance.now();
      // One plain copy of the input's own properties: validated, run and audited alike. An input
      // that cannot be copied (a cycle, a getter or a Proxy trap that throws) is refused at the
      // door — and audited like every call, with the reason in place of its arguments.
      let call: ToolCall;
      let refused: ToolResult | undefined;
      try {
        call = { id: given.id, name: given.name, input: plainCopy(given.input, PLACEHOLDER.nested) };
      } catch (e) {
        const why = reasonOf(e);
        call = { id: readSafely(() => given.id, ''), name: readSafely(() => given.name, '?'), input: S.unreadableMarker(why) };
        refused = typeof call.name === 'string' && registry.get(call.name)
          ? unreadable(call.name, why)
          : errorResult('UNKNOWN_TOOL', S.unknownTool(nameShown(call.name), registry.names()));
      }
      try {
        await deps.audit.append(requestEntry(call, deps.now(), opts));
      } catch (e) {
        return errorResult('INTERNAL', S.auditFailed(e instanceof Error ? e.message : String(e)));
      }
      const extra: Parameters<typeof resultEntry>[4] = opts.persona ? { persona: opts.persona } : {};
      let result: ToolResult;
      try {
        result = refused ?? (await run(call, opts, (x) => Object.assign(extra, x)));
      } catch (e) {
        result = resultFromError(typeof call.name === 'string' ? call.name : '?', e);
      }
      // The effect (if any) already happened: a failing audit write must not turn it into an error
      // the model would retry, so it is swallowed here (the request line is already on record).
      await deps.audit.append(resultEntry(call, deps.now(), performance.now() - started, result, extra)).catch(() => undefined);
      return result;
    },

    async preview(call) {
      try {
        const d = await describe(call, context(call, {}));
        return d.error ?? d.preview;
      } catch (e) {
        return resultFromError(typeof call.name === 'string' ? call.name : '?', e);
      }
    },

    async proposal(call, opts = {}) {
      const input = opts.input ?? call.input;
      const r = await resolve({ ...call, input });
      if (r.error) return undefined;
      if (permissionFor(deps.policy, r.tool.name, r.tool.effect) !== 'confirmar') return undefined;
      const key = await keyFor(call, r.tool, r.args);
      if (key && !opts.redo && (await deps.idempotency!.get(key))) return undefined;
      const preview = await previewOf(r.tool, r.args, context(call, { redo: opts.redo }), undefined);
      // Nothing to work on: no one is asked; dispatched without a decision, it ends saying why.
      if (preview.unworkable) return undefined;
      return { tool: r.tool.name, args: r.args, preview };
    },
  };
}
