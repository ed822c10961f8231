/**
 * The loop's decisions as a pure function over a tagged union (docs/design.md §4). The loop (loop.ts) does
 * the I/O and `switch`es over what `step` returns; every rule lives here and is tested without I/O.
 */
import type { ModelResponse, ToolUseBlock } from './model/types.js';
import type { StopReason } from './types.js';

export type Next =
  | { type: 'call_model' }
  | { type: 'run_tools'; calls: ToolUseBlock[] }
  | { type: 'final'; stopReason: StopReason }
  /** A turn's confirmation calls wait for the owner; the run is paused on disk, not finished. */
  | { type: 'awaiting_approval'; approvalIds: string[] }
  /**
   * The model ended its turn asking the owner something: the run is paused on disk (its last
   * message is the question); the owner's answer is appended as the next user message and the run
   * resumes from there. Only when the caller can deliver an answer (the bot); else it is `final`.
   */
  | { type: 'awaiting_answer'; question: string }
  | { type: 'stopped'; reason: 'max_iteraciones' | 'presupuesto' | 'refusal'; detail: { used?: number; next?: number; limit: number } };

export interface StepState {
  /** Model calls made so far. */
  turns: number;
  /** Tokens consumed so far (input + output of every response). */
  tokensUsed: number;
  maxIterations: number;
  tokenBudget: number;
}

/**
 * Before a model call: the iteration cap, then the budget — `nextInputTokens` is the size of the
 * call about to be sent, so a call that would take the run past the budget is never sent.
 */
export function beforeCall(state: StepState, nextInputTokens: number): Next {
  if (state.turns >= state.maxIterations) return { type: 'stopped', reason: 'max_iteraciones', detail: { limit: state.maxIterations } };
  if (state.tokensUsed + nextInputTokens > state.tokenBudget) {
    return { type: 'stopped', reason: 'presupuesto', detail: { used: state.tokensUsed, next: nextInputTokens, limit: state.tokenBudget } };
  }
  return { type: 'call_model' };
}

/**
 * After a response: refusal stops everything; tool_use runs every call; a turn that ends asking the
 * owner something pauses for the answer (when `questions` says the caller can deliver one);
 * anything else ends.
 */
export function afterResponse(response: Pick<ModelResponse, 'content' | 'stop_reason'>, opts: { questions?: boolean } = {}): Next {
  if (response.stop_reason === 'refusal') return { type: 'stopped', reason: 'refusal', detail: { limit: 0 } };
  const calls = response.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
  if (response.stop_reason === 'tool_use' && calls.length > 0) return { type: 'run_tools', calls };
  if (opts.questions && response.stop_reason === 'end_turn') {
    const text = response.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n').trim();
    if (isQuestion(text)) return { type: 'awaiting_answer', question: text };
  }
  return { type: 'final', stopReason: response.stop_reason === 'max_tokens' ? 'max_tokens' : 'end_turn' };
}

/** A final text that asks the owner something: its last sentence ends with a question mark. */
export function isQuestion(text: string): boolean {
  return /\?[\s»”"')\]]*$/u.test(text.trim());
}

/** Whether the loop must consult the model's token count (cheap estimator otherwise). */
export function needsCount(state: StepState): boolean {
  return state.turns < state.maxIterations;
}
