/**
 * The tool registry: definitions by name, each with its validator compiled at registration (so a
 * malformed schema fails at start-up, not on the first call). Re-registering a name replaces the
 * definition in place — how `crear_tarjetas` follows the note ids that exist.
 */
import type { ToolDefinition } from './contract.js';
import { compileValidator } from './validate.js';
import type { Validator } from './validate.js';
import { FAULT } from '../strings/log.js';

export interface RegisteredTool {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each tool has its own args type
  definition: ToolDefinition<any>;
  validate: Validator<Record<string, unknown>>;
}

/** Checks the docs/design.md §3 shape every tool must have; a violation is a programming error. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function assertToolShape(def: ToolDefinition<any>): void {
  const s = def.input_schema;
  const props = Object.keys(s.properties);
  const problems: string[] = [];
  if (!/^[a-z][a-z0-9_]{0,63}$/.test(def.name)) problems.push(FAULT.toolName);
  if (def.strict !== true) problems.push(FAULT.toolStrict);
  if (s.type !== 'object' || s.additionalProperties !== false) problems.push(FAULT.toolSchema);
  if (props.length !== s.required.length || props.some((p) => !s.required.includes(p))) problems.push(FAULT.toolRequired);
  if (def.description.trim().length < 40) problems.push(FAULT.toolDescription);
  if (def.effect >= 2 && !def.dryRun) problems.push(FAULT.toolDryRun);
  if (problems.length > 0) throw new Error(FAULT.toolShape(def.name, problems));
}

export class ToolRegistry {
  readonly #tools = new Map<string, RegisteredTool>();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly #definitions = new Map<string, ToolDefinition<any>>();

  /** Adds or replaces a tool; compiles its schema now (throws on an invalid schema or shape). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  register(def: ToolDefinition<any>): void {
    assertToolShape(def);
    this.#tools.set(def.name, { definition: def, validate: compileValidator(def.input_schema, def.internalLimits) });
    this.#definitions.set(def.name, def);
  }

  get(name: string): RegisteredTool | undefined {
    return typeof name === 'string' ? this.#tools.get(name) : undefined;
  }

  names(): string[] {
    return [...this.#tools.keys()];
  }

  /** Live, read-only view of the definitions in registration order. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  get definitions(): ReadonlyMap<string, ToolDefinition<any>> {
    return this.#definitions;
  }
}

/**
 * A call id made safe for an idempotency key (letters, digits, `.`, `_`, `-`; at most 120
 * characters), so `tarjetas-nota8-{callId}` is a valid file name whatever the caller's id looks like.
 */
export function callKeyPart(callId: string): string {
  return callId.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[._-]+/, '').slice(0, 120);
}
