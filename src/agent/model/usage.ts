/**
 * What one model call is billed at (docs/design.md §3): the endpoint's `usage` when every count in
 * it is a non-negative safe integer within its bound, otherwise an upper estimate — never nothing.
 *
 * The counts come from outside (the API, a compatible server, a script), so they are checked here,
 * for every model alike, before anything is summed: one negative cache count beside a large input
 * must not cancel it, and a count that is a string or a fraction must not leave a paid call unbilled.
 * The upper estimate takes, for the input side, the larger of the request's own count (the API's
 * count made before the call, or ~4 characters per token) and the valid input counts reported; for
 * the output side, the output count when it is valid, else the whole `max_tokens` the call allowed.
 */
import { AGENT, type UsageField } from '../../strings/agent.js';

/**
 * Most tokens one request's input side may report, per field (input, cache writes, cache reads):
 * well above any context window, far below what would make a cost absurd.
 */
export const MAX_USAGE_INPUT_TOKENS = 2_000_000;

const INPUT_FIELDS = ['input_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens'] as const;
/** The cache counts may be absent or null (a model without a cache); the other two never. */
const OPTIONAL: ReadonlySet<UsageField> = new Set(['cache_creation_input_tokens', 'cache_read_input_tokens']);

export interface BilledUsage {
  /** Input tokens billed: uncached input + cache writes + cache reads. */
  input: number;
  output: number;
  /** Why the reported usage was not taken, in words for the owner; empty when it was taken as reported. */
  problems: readonly string[];
}

/**
 * The usage to bill for one call. `maxOutput` is the call's `max_tokens`; `inputEstimate` the
 * request's input size in tokens as counted before the call. Pure; never throws.
 */
export function billedUsage(raw: unknown, call: { maxOutput: number; inputEstimate: number }): BilledUsage {
  const u = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const problems: string[] = [];
  const valid = (field: UsageField, max: number): number | undefined => {
    const v = u[field];
    if (OPTIONAL.has(field) && (v === undefined || v === null)) return 0;
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= max) return v;
    problems.push(AGENT.badUsageField(field, shown(v), max));
    return undefined;
  };
  const inputs = INPUT_FIELDS.map((f) => valid(f, MAX_USAGE_INPUT_TOKENS));
  const output = valid('output_tokens', call.maxOutput);
  const reportedInput = inputs.reduce<number>((sum, n) => sum + (n ?? 0), 0);
  if (problems.length === 0) return { input: reportedInput, output: output!, problems };
  return { input: Math.max(reportedInput, safeCount(call.inputEstimate)), output: output ?? safeCount(call.maxOutput), problems };
}

function safeCount(n: number): number {
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/** A reported value as the owner reads it: the number or text itself, short. */
function shown(v: unknown): string {
  if (v === undefined) return 'nada';
  let s: string;
  try {
    s = typeof v === 'string' ? `«${v}»` : JSON.stringify(v) ?? String(v);
  } catch {
    s = String(typeof v);
  }
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}
