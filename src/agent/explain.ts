/**
 * With a model configured, a short explanation of a question to the notebook written from the
 * passages the search found and nothing else (issue 44 item 4): one call with one strict tool,
 * billed like any other (one usage row). The model's word is checked, not trusted: every sentence
 * must end citing one of the passages shown ([1]…[n]), and nothing else may be cited; an
 * explanation that does not keep to that is dropped and the passages are shown alone, as offline.
 */
import type { Config } from '../config.js';
import type { UsageInput } from '../store/types.js';
import { EXPLICAR } from '../strings/explicar.js';
import { createModel, type Model, type ModelRequest, type ToolUseBlock } from './model/index.js';
import { estimateRequestTokens } from './model/estimate.js';
import { billedUsage } from './model/usage.js';
import { LOG } from '../strings/log.js';

/** The tool the model must call. */
export const EXPLAIN_TOOL = 'explicar_con_pasajes';
/** Output cap of the call: two or three sentences. */
export const EXPLAIN_MAX_TOKENS = 300;
/** The usage row's task name. */
export const EXPLAIN_TASK = 'explicar:pasajes';
/** The longest explanation shown, in characters. */
export const EXPLANATION_MAX_CHARS = 700;

const TOOL: ModelRequest['tools'][number] = {
  name: EXPLAIN_TOOL,
  description: EXPLICAR.toolDescription,
  strict: true,
  input_schema: { type: 'object', additionalProperties: false, required: ['explicacion'], properties: { explicacion: { type: 'string' } } },
};

/** Sentences of an explanation, each with what ends it. */
const SENTENCES = /[^.!?…]+(?:[.!?…]+|$)/g;

/**
 * The explanation if it keeps to the passages: not empty, not too long, every sentence ending with
 * citations of passages 1…`passages`, no other citation. Undefined otherwise.
 */
export function checkedExplanation(input: unknown, passages: number): string | undefined {
  const text = typeof input === 'object' && input !== null ? (input as Record<string, unknown>).explicacion : undefined;
  if (typeof text !== 'string') return undefined;
  const t = text.replace(/\s+/g, ' ').trim();
  if (!t || t.length > EXPLANATION_MAX_CHARS) return undefined;
  const cited = [...t.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
  if (cited.some((n) => n < 1 || n > passages)) return undefined;
  const sentences = (t.match(SENTENCES) ?? []).map((s) => s.trim()).filter(Boolean);
  return sentences.length > 0 && sentences.every((s) => /\[\d+\](?:\s*\[\d+\])*\s*[.!?…]*$/.test(s)) ? t : undefined;
}

export interface ExplainDeps {
  model: () => Promise<Model>;
  usage: { append(input: UsageInput): Promise<unknown> };
}

export type Explain = (question: string, passages: readonly string[], signal?: AbortSignal) => Promise<string | undefined>;

/** One billed call; undefined when the model's explanation does not keep to the passages. Throws only for a failed call. */
export function createExplainer(deps: ExplainDeps): Explain {
  return async (question, passages, signal) => {
    const model = await deps.model();
    const request: ModelRequest = {
      system: EXPLICAR.system,
      tools: [TOOL],
      toolChoice: EXPLAIN_TOOL,
      messages: [{ role: 'user', content: EXPLICAR.request(question, passages) }],
      maxTokens: EXPLAIN_MAX_TOKENS,
    };
    const response = await model.create(request, signal);
    const billed = billedUsage(response.usage, { maxOutput: EXPLAIN_MAX_TOKENS, inputEstimate: estimateRequestTokens(request) });
    await deps.usage.append({ origen: 'facturado', tarea: EXPLAIN_TASK, modelo: model.pricedAs, tokens_entrada: billed.input, tokens_salida: billed.output });
    const call = response.content.find((b): b is ToolUseBlock => b.type === 'tool_use' && b.name === EXPLAIN_TOOL);
    return checkedExplanation(call?.input, passages.length);
  };
}

/**
 * The bot's explainer for one owner: with a Claude model configured, the call above with the
 * owner's usage log, skipped once the month's budget is spent; a failed call is logged and the
 * passages go alone. Undefined offline.
 */
export function explainerFor(
  config: Pick<Config, 'model' | 'anthropic' | 'limits'>,
  usage: ExplainDeps['usage'] & { monthTotal(date: Date): Promise<number> },
  log: (message: string, error?: unknown) => void,
): Explain | undefined {
  if (config.model.kind !== 'anthropic') return undefined;
  let model: Promise<Model> | undefined;
  const explain = createExplainer({ model: () => (model ??= createModel(config, { runId: EXPLAIN_TASK })), usage });
  return async (question, passages) => {
    try {
      if ((await usage.monthTotal(new Date())) >= config.limits.monthlyBudgetUsd) return undefined;
      return await explain(question, passages);
    } catch (e) {
      log(LOG.explainAsk, e);
      return undefined;
    }
  };
}
