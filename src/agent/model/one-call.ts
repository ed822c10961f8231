/**
 * The model of a one-call run (`cuaderno herramienta`): no model at all. Its first turn is the one
 * call the owner typed; once that call has its result the run ends with no text. It costs nothing
 * (usage 0, so no usage row) and, being a function of the conversation, resumes like any run.
 */
import { DEFAULT_ORCHESTRATOR_MODEL, type ModelName } from '../../config.js';
import type { Model, ModelRequest, ModelResponse, ToolUseBlock } from './types.js';

export const ONE_CALL_LABEL = 'herramienta';

export class OneCallModel implements Model {
  readonly label = ONE_CALL_LABEL;
  readonly pricedAs: ModelName = DEFAULT_ORCHESTRATOR_MODEL;
  readonly usageIsEstimate = false;

  constructor(private readonly call: ToolUseBlock) {}

  async create(request: ModelRequest): Promise<ModelResponse> {
    const usage = { input_tokens: 0, output_tokens: 0 };
    if (request.messages.some((m) => m.role === 'assistant')) return { content: [], stop_reason: 'end_turn', usage };
    return { content: [structuredClone(this.call)], stop_reason: 'tool_use', usage };
  }

  async countTokens(): Promise<number> {
    return 0;
  }
}
