/**
 * The ~4 characters per token estimator of docs/design.md §4. Used for the budget check when the model has
 * no token-count endpoint, and by the offline planner to report realistic `usage`.
 */
import type { ContentBlock, ModelRequest } from './types.js';

/** docs/design.md §4: estimates may use ~4 characters per token. */
export const CHARS_PER_TOKEN = 4;

/** Tokens for a piece of text (rounded up; 0 for empty). */
export function estimateTextTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** Input tokens of a whole request: system + tools + conversation, as serialised JSON. */
export function estimateRequestTokens(request: Pick<ModelRequest, 'system' | 'tools' | 'messages'>): number {
  return estimateTextTokens(request.system) + estimateTextTokens(JSON.stringify(request.tools)) + estimateTextTokens(JSON.stringify(request.messages));
}

/** Output tokens of a response's content. */
export function estimateContentTokens(content: readonly ContentBlock[]): number {
  let n = 0;
  for (const b of content) {
    if (b.type === 'text') n += estimateTextTokens(b.text);
    else n += estimateTextTokens(JSON.stringify(b));
  }
  return Math.max(1, n);
}
