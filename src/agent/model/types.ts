/**
 * The one small Model interface of the agent: Messages-API-shaped requests and responses, with no
 * SDK types leaking out (anthropic.ts is the only file importing `@anthropic-ai/sdk`). Three
 * implementations: AnthropicModel (real API), the offline LocalPlanner and the ScriptedModel.
 */
import type { RefusalReason } from '../../store/index.js';
import type { ModelName } from '../../config.js';
import type { ToolResult } from '../../tools/contract.js';

export interface TextBlock {
  type: 'text';
  text: string;
}
export interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}
/** Blocks we do not interpret (thinking, redacted thinking, …) are kept and sent back verbatim. */
export interface OpaqueBlock {
  type: 'thinking' | 'redacted_thinking' | 'server_tool_use' | 'web_search_tool_result';
  [key: string]: unknown;
}
export type ContentBlock = TextBlock | ToolUseBlock | OpaqueBlock;

export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: string;
  is_error: boolean;
}

export type MessageParam =
  | { role: 'user'; content: string | Array<TextBlock | ToolResultBlock> }
  | { role: 'assistant'; content: ContentBlock[] };

/** A tool as the Messages API wants it (strict JSON schema). */
export interface ToolParam {
  name: string;
  description: string;
  input_schema: object;
  strict?: boolean;
}

export interface ModelUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

export interface ModelResponse {
  content: ContentBlock[];
  /** `end_turn`, `tool_use`, `max_tokens`, `refusal`, `pause_turn`, … */
  stop_reason: string;
  usage: ModelUsage;
}

export interface ModelRequest {
  system: string;
  tools: ToolParam[];
  messages: MessageParam[];
  /** Output cap per call, in tokens. */
  maxTokens: number;
  /** The one tool the model must call (a classification); absent = the model chooses (`auto`). */
  toolChoice?: string;
  /**
   * The run's typed ledger: the result of each tool_use answered in `messages`, by tool_use id, as
   * the program recorded it (never read back from the rendered text). The offline planners decide
   * from it; a model behind an API only ever reads `messages`, and this is never sent.
   */
  results?: Readonly<Record<string, ToolResult>>;
  /**
   * The reasons the owner gave for earlier noes (store/reasons.ts), typed, for the offline
   * planners; a model behind an API reads them in the system prompt, and this is never sent.
   */
  reasons?: readonly RefusalReason[];
}

export interface Model {
  /** Shown in logs ("local", "script:semana.json", "claude-sonnet-5-5"). */
  readonly label: string;
  /** Which price row (and `modelo` of the usage log) this model's tokens are charged at. */
  readonly pricedAs: ModelName;
  /**
   * Whether the usage this model reports is an estimate (the offline planner counts characters, no
   * provider bills it): logged so budgets work, never counted as spend.
   */
  readonly usageIsEstimate: boolean;
  create(request: ModelRequest, signal?: AbortSignal): Promise<ModelResponse>;
  /** Input tokens the request would consume; absent = the caller uses the ~4 chars/token estimator. */
  countTokens?(request: ModelRequest, signal?: AbortSignal): Promise<number>;
}
