/**
 * With a model configured, a quiz's questions and distractors proposed by the model (issue 45 item
 * 5): one call with one strict tool, billed like any other (one usage row). The proposal is checked
 * with the offline quiz's rules (tools/quiz-proposed.ts); a proposal that breaks one, a failed
 * call or a spent budget gives undefined, and the quiz is made offline.
 */
import type { Config } from '../config.js';
import type { UsageInput } from '../store/types.js';
import { QUIZ_MODEL } from '../strings/quiz-model.js';
import { checkProposal, QUIZ_TOOL, QUIZ_TOOL_SCHEMA } from '../tools/quiz-proposed.js';
import type { QuizProposer } from '../domain/quiz/service.js';
import { createModel, type Model, type ModelRequest, type ToolUseBlock } from './model/index.js';
import { estimateRequestTokens } from './model/estimate.js';
import { billedUsage } from './model/usage.js';
import { LOG } from '../strings/log.js';

/** Output cap of the call: up to 20 questions of four short options and a passage each. */
export const QUIZ_MAX_TOKENS = 4_000;
/** The usage row's task name. */
export const QUIZ_TASK = 'quiz:proponer';
/** The most characters of notes shown to the model (a week's notes; a whole course is cut). */
const MAX_NOTES_CHARS = 40_000;

const TOOL: ModelRequest['tools'][number] = { name: QUIZ_TOOL, description: QUIZ_MODEL.toolDescription, strict: true, input_schema: QUIZ_TOOL_SCHEMA };

export interface QuizProposerDeps {
  model: () => Promise<Model>;
  usage: { append(input: UsageInput): Promise<unknown> };
  log?: (message: string, error?: unknown) => void;
}

/** One billed call; undefined when the proposal breaks a rule. Throws only for a failed call. */
export function createQuizProposer(deps: QuizProposerDeps): QuizProposer {
  return async ({ notes, count, quizId, topic }) => {
    let shown = 0;
    const within = notes.filter((n) => (shown += n.texto.length) <= MAX_NOTES_CHARS);
    if (within.length === 0) return undefined;
    const model = await deps.model();
    const request: ModelRequest = {
      system: QUIZ_MODEL.system,
      tools: [TOOL],
      toolChoice: QUIZ_TOOL,
      messages: [{ role: 'user', content: QUIZ_MODEL.request(count, within, topic) }],
      maxTokens: QUIZ_MAX_TOKENS,
    };
    const response = await model.create(request);
    const billed = billedUsage(response.usage, { maxOutput: QUIZ_MAX_TOKENS, inputEstimate: estimateRequestTokens(request) });
    await deps.usage.append({ origen: 'facturado', tarea: QUIZ_TASK, modelo: model.pricedAs, tokens_entrada: billed.input, tokens_salida: billed.output });
    const call = response.content.find((b): b is ToolUseBlock => b.type === 'tool_use' && b.name === QUIZ_TOOL);
    const checked = checkProposal(call?.input, within, quizId);
    if ('problems' in checked) {
      deps.log?.(LOG.quizBroken(checked.problems.map((p) => `${p.i + 1}: ${p.problem}`).join(', ')));
      return undefined;
    }
    return checked.questions.slice(0, count);
  };
}

/**
 * The bot's quiz proposer for one owner: with a Claude model configured, the call above with the
 * owner's usage log, skipped once the month's budget is spent; a failed call is logged and the
 * quiz is made offline. Undefined offline.
 */
export function quizProposerFor(
  config: Pick<Config, 'model' | 'anthropic' | 'limits'>,
  usage: QuizProposerDeps['usage'] & { monthTotal(date: Date): Promise<number> },
  log: (message: string, error?: unknown) => void,
): QuizProposer | undefined {
  if (config.model.kind !== 'anthropic') return undefined;
  let model: Promise<Model> | undefined;
  const propose = createQuizProposer({ model: () => (model ??= createModel(config, { runId: QUIZ_TASK })), usage, log });
  return async (ask) => {
    try {
      if ((await usage.monthTotal(new Date())) >= config.limits.monthlyBudgetUsd) return undefined;
      return await propose(ask);
    } catch (e) {
      log(LOG.quizAsk, e);
      return undefined;
    }
  };
}
