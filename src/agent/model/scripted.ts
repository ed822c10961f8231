/**
 * ScriptedModel (`CUADERNO_MODELO=script:FILE`): a fixed queue of Messages-API responses for
 * reproducible demos and tests. FILE holds a JSON array of `{"stop_reason", "content": [...],
 * "usage"?}`; a missing `usage` is estimated (~4 chars/token) so budgets and cost still work.
 *
 * Response i answers the request whose conversation already holds i assistant turns — not an
 * in-memory cursor — so a run resumed in a new process after a crash continues the same script.
 * Reading past the end is an error; `calls` records every request; `assertConsumed` checks the
 * whole script was used.
 */
import { readFile } from 'node:fs/promises';
import { ConfigError } from '../../errors.js';
import { CONFIG, SCRIPT } from '../../strings/console.js';
import { DEFAULT_ORCHESTRATOR_MODEL, type ModelName } from '../../config.js';
import { estimateContentTokens, estimateRequestTokens } from './estimate.js';
import type { ContentBlock, Model, ModelRequest, ModelResponse, ModelUsage } from './types.js';

export class ScriptedModel implements Model {
  readonly label: string;
  readonly pricedAs: ModelName;
  readonly usageIsEstimate = false;
  /** Every request received, in order (deep copies, so later mutation does not rewrite history). */
  readonly calls: ModelRequest[] = [];

  constructor(private readonly responses: readonly ScriptEntry[], opts: { label?: string; pricedAs?: ModelName } = {}) {
    this.label = opts.label ?? 'script';
    this.pricedAs = opts.pricedAs ?? DEFAULT_ORCHESTRATOR_MODEL;
  }

  async create(request: ModelRequest): Promise<ModelResponse> {
    this.calls.push(structuredClone(request));
    const turn = request.messages.filter((m) => m.role === 'assistant').length;
    const entry = this.responses[turn];
    if (!entry) {
      throw new ConfigError(CONFIG.scriptShort(this.label, this.responses.length, turn + 1));
    }
    const content = structuredClone(entry.content);
    return {
      content,
      stop_reason: entry.stop_reason,
      usage: entry.usage ?? { input_tokens: estimateRequestTokens(request), output_tokens: estimateContentTokens(content) },
    };
  }

  /** Throws unless every scripted response was served. */
  assertConsumed(): void {
    const served = new Set(this.calls.map((c) => c.messages.filter((m) => m.role === 'assistant').length));
    const missing = this.responses.map((_, i) => i).filter((i) => !served.has(i));
    if (missing.length > 0) throw new Error(SCRIPT.unused(missing.map((i) => i + 1)));
  }
}

export interface ScriptEntry {
  stop_reason: string;
  content: ContentBlock[];
  /** As the API reports it (cache fields optional); absent = estimated. */
  usage?: ModelUsage;
}

/** Parses and checks a script; every problem is reported with its position. */
export function parseScript(text: string, file: string): ScriptEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new ConfigError(CONFIG.scriptNotJson(file, (e as Error).message));
  }
  if (!Array.isArray(data)) throw new ConfigError(SCRIPT.notArray(file));
  const problems: string[] = [];
  data.forEach((r: unknown, i) => {
    const e = r as Partial<ScriptEntry> | null;
    if (!e || typeof e !== 'object') problems.push(SCRIPT.notObject(i + 1));
    else {
      if (typeof e.stop_reason !== 'string') problems.push(SCRIPT.noStop(i + 1));
      if (!Array.isArray(e.content)) problems.push(SCRIPT.noContent(i + 1));
    }
  });
  if (problems.length > 0) throw new ConfigError(SCRIPT.invalid(file, problems));
  return data as ScriptEntry[];
}

/** Loads `script:FILE`. */
export async function loadScriptedModel(file: string, pricedAs?: ModelName): Promise<ScriptedModel> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new ConfigError(CONFIG.scriptMissing(file));
  }
  return new ScriptedModel(parseScript(text, file), { label: `script:${file}`, pricedAs });
}
