/** Picks the Model from `config.model` (CUADERNO_MODELO): a Claude id, `local` or `script:FILE`. */
import type { Config } from '../../config.js';
import { ConfigError } from '../../errors.js';
import { CONFIG } from '../../strings/console.js';
import type { RetryRunner } from './anthropic.js';
import { LocalPlanner, type LocalPlannerOptions } from './local.js';
import { loadScriptedModel } from './scripted.js';
import type { Model } from './types.js';
import type { Course } from '../../domain/course/course.js';

export type { Model, ModelRequest, ModelResponse, ContentBlock, MessageParam, ToolParam, ToolUseBlock, ToolResultBlock, TextBlock, ModelUsage } from './types.js';
export type { RetryRunner } from './anthropic.js';

/**
 * `runId` seeds the offline planner's tool_use ids (unique per run, stable across a resume);
 * `retry` is the project's retry policy for real API calls.
 */
export async function createModel(config: Pick<Config, 'model' | 'anthropic'>, opts: { runId: string; retry?: RetryRunner; course?: Course; weekNotes?: LocalPlannerOptions['weekNotes'] }): Promise<Model> {
  switch (config.model.kind) {
    case 'local':
      return new LocalPlanner(opts.runId, { ...(opts.course ? { course: opts.course } : {}), ...(opts.weekNotes ? { weekNotes: opts.weekNotes } : {}) });
    case 'script':
      return loadScriptedModel(config.model.file);
    case 'anthropic': {
      const apiKey = config.anthropic.apiKey;
      if (!apiKey) throw new ConfigError(CONFIG.modelNeedsKey(config.model.id));
      // Loaded on demand: the SDK is large, and offline runs (and their crash-test children) never need it.
      const { AnthropicModel } = await import('./anthropic.js');
      return new AnthropicModel({ id: config.model.id, apiKey, baseURL: config.anthropic.baseURL, effort: config.anthropic.effort, retry: opts.retry });
    }
  }
}
