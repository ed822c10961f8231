/**
 * AnthropicModel: the Messages API through `@anthropic-ai/sdk` — the ONLY file importing the SDK.
 *
 * - `messages.create`, not the beta tool runner: the runner would execute tools itself, and we need
 *   every call to go through our dispatcher (validation, policy, approvals).
 * - The tools and the system prompt form a cacheable prefix: `cache_control` on the last tool and on
 *   the system block (the prefix order is tools → system → messages), so iterations 2..n read it
 *   from the cache.
 * - `maxRetries: 0`: retries belong to the project's one policy (scheduler/retry.ts, injected as
 *   `retry`), so nothing retries twice. SDK errors become CuadernoErrors whose `code` and
 *   `retryAfterS` drive that policy.
 * - No temperature/top_p; tool_choice auto (or the one tool a classification names); reasoning effort
 *   via `output_config.effort` when set.
 */
import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { CancelledError, EngineError, type ErrorCode } from '../../errors.js';
import { DEFAULT_ORCHESTRATOR_MODEL, MODEL_NAMES, type ModelName } from '../../config.js';
import type { ContentBlock, Model, ModelRequest, ModelResponse } from './types.js';
import { MODEL_CALL } from '../../strings/model.js';

/** Runs `fn` under the project's retry policy (docs/design.md §6). Identity when not injected. */
export type RetryRunner = <T>(fn: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal) => Promise<T>;

export interface AnthropicModelOptions {
  id: string;
  apiKey: string;
  /** Any endpoint speaking the Messages API (`ANTHROPIC_BASE_URL`); default api.anthropic.com. */
  baseURL?: string;
  effort?: 'low' | 'medium' | 'high';
  retry?: RetryRunner;
  /** Per-request timeout in milliseconds (default 120 000). */
  timeoutMs?: number;
}

const DEFAULT_BASE_URL = 'https://api.anthropic.com';

export class AnthropicModel implements Model {
  readonly label: string;
  readonly pricedAs: ModelName;
  readonly usageIsEstimate = false;
  private readonly client: Anthropic;
  private readonly retry: RetryRunner;

  constructor(private readonly opts: AnthropicModelOptions) {
    this.label = opts.id;
    // Unknown ids (a newer model) are charged at the orchestrator's price rather than refused.
    this.pricedAs = (MODEL_NAMES as string[]).includes(opts.id) ? (opts.id as ModelName) : DEFAULT_ORCHESTRATOR_MODEL;
    this.client = new Anthropic({
      apiKey: opts.apiKey,
      // Explicit, so the SDK never falls back to reading the environment itself.
      baseURL: opts.baseURL ?? DEFAULT_BASE_URL,
      maxRetries: 0,
      timeout: opts.timeoutMs ?? 120_000,
    });
    this.retry = opts.retry ?? ((fn, signal) => fn(signal ?? new AbortController().signal));
  }

  private params(request: ModelRequest) {
    const tools = request.tools.map((t, i) => ({
      name: t.name,
      description: t.description,
      input_schema: t.input_schema as Anthropic.Messages.Tool.InputSchema,
      strict: true,
      ...(i === request.tools.length - 1 ? { cache_control: { type: 'ephemeral' as const } } : {}),
    }));
    const system: Anthropic.Messages.TextBlockParam[] = [{ type: 'text', text: request.system, cache_control: { type: 'ephemeral' } }];
    return { model: this.opts.id, system, tools, messages: request.messages as unknown as Anthropic.Messages.MessageParam[] };
  }

  async create(request: ModelRequest, signal?: AbortSignal): Promise<ModelResponse> {
    const base = this.params(request);
    const body: Anthropic.Messages.MessageCreateParamsNonStreaming = {
      ...base,
      max_tokens: request.maxTokens,
      tool_choice: request.toolChoice ? { type: 'tool', name: request.toolChoice } : { type: 'auto' },
      // A forced tool call is a short classification: no reasoning effort asked for.
      ...(this.opts.effort && !request.toolChoice ? { output_config: { effort: this.opts.effort } } : {}),
    };
    const message = await this.retry((s) => this.client.messages.create(body, { signal: s }).catch(toCuadernoError), signal);
    return {
      content: message.content as unknown as ContentBlock[],
      stop_reason: message.stop_reason ?? 'end_turn',
      // Checked where it is billed (model/usage.ts), for every model alike.
      usage: message.usage as ModelResponse['usage'],
    };
  }

  /** The API's own count of the request's input tokens (the budget's source of truth). */
  async countTokens(request: ModelRequest, signal?: AbortSignal): Promise<number> {
    const base = this.params(request);
    const r = await this.retry((s) => this.client.messages.countTokens(base, { signal: s }).catch(toCuadernoError), signal);
    return r.input_tokens;
  }
}

function statusCode(status: number): ErrorCode {
  if (status === 429) return 'RATE_LIMITED';
  if (status === 529) return 'OVERLOADED';
  if (status === 400 || status === 413 || status === 422) return 'BAD_REQUEST';
  if (status === 401 || status === 403) return 'UNAUTHORIZED';
  if (status === 404) return 'NOT_FOUND';
  if (status === 408) return 'TIMEOUT';
  if (status >= 500) return 'SERVER_ERROR';
  return 'BAD_REQUEST';
}

/** `retry-after` in seconds (integer seconds or an HTTP date), when the server sent one. */
function retryAfterSeconds(headers: Headers | undefined): number | undefined {
  const raw = headers?.get('retry-after');
  if (!raw) return undefined;
  const s = Number(raw);
  if (Number.isFinite(s) && s >= 0) return s;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}

/** Maps an SDK error to our error classes so `classify` decides retry/fail from `code`. */
export function toCuadernoError(e: unknown): never {
  if (e instanceof APIUserAbortError) throw new CancelledError(MODEL_CALL.cancelled);
  if (e instanceof APIConnectionTimeoutError) throw new EngineError('TIMEOUT', MODEL_CALL.timeout, {}, { cause: e });
  if (e instanceof APIConnectionError) throw new EngineError('NETWORK', MODEL_CALL.network(e.message), {}, { cause: e });
  if (e instanceof APIError && typeof e.status === 'number') {
    const retryAfterS = retryAfterSeconds(e.headers);
    throw new EngineError(statusCode(e.status), MODEL_CALL.status(e.status, e.apiMessage ?? e.message), { status: e.status, ...(retryAfterS !== undefined ? { retryAfterS } : {}) }, { cause: e });
  }
  throw e;
}
