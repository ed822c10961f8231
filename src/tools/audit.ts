/**
 * What the dispatcher writes to the audit log (docs/design.md §3: every request and result, with a
 * timestamp). Entries carry arguments (long strings cut), outcome, code and duration — never note
 * bodies or scripts: a result is summarised per tool (buscar_notas → ids and similarities,
 * crear_tarjetas → card ids), and any other tool by its artifacts' paths and the content length.
 */
import type { ApprovalDecision, Persona, ToolCall, ToolOutput, ToolResult } from './contract.js';
import { renderForModel } from './render.js';
import { PLACEHOLDER } from '../strings/log.js';

/** Longest string kept verbatim in an audited argument; longer ones are cut and their length noted. */
export const AUDIT_MAX_STRING = 200;

/** Deepest nesting kept in an audited argument; deeper values are replaced by a note. */
export const AUDIT_MAX_DEPTH = 12;

/**
 * Arguments as they go to the audit log: strings over AUDIT_MAX_STRING are cut, lists and objects
 * keep their first 20 items and AUDIT_MAX_DEPTH levels, and values JSON cannot hold are named —
 * so any input (nested 5,000 levels, a BigInt, a getter that throws) still gives a line.
 */
export function auditArgs(input: unknown, depth = 0): unknown {
  if (typeof input === 'string') {
    return input.length > AUDIT_MAX_STRING ? `${input.slice(0, AUDIT_MAX_STRING)}… [${input.length} caracteres]` : input;
  }
  if (typeof input === 'bigint' || typeof input === 'function' || typeof input === 'symbol') return `[${typeof input}]`;
  if (typeof input === 'number' && !Number.isFinite(input)) return `[${String(input)}]`;
  if (input && typeof input === 'object') {
    if (depth >= AUDIT_MAX_DEPTH) return PLACEHOLDER.nested(AUDIT_MAX_DEPTH);
    try {
      if (Array.isArray(input)) return input.slice(0, 20).map((v) => auditArgs(v, depth + 1));
      // Own entries only, as plain data: a key named __proto__ stays a key.
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(input as Record<string, unknown>).slice(0, 20)) {
        Object.defineProperty(out, auditArgs(k) as string, { value: auditArgs(v, depth + 1), enumerable: true, writable: true, configurable: true });
      }
      return out;
    } catch (e) {
      return PLACEHOLDER.unreadable(e instanceof Error ? e.message.slice(0, 80) : 'error');
    }
  }
  return input;
}

/** A result summary safe for the audit log (no note text, no scripts). */
export function auditDetail(tool: string, output: ToolOutput): Record<string, unknown> {
  const parsed = output.data;
  if (tool === 'buscar_notas' && Array.isArray(parsed)) {
    return { notas: parsed.map((r: { id?: unknown; similitud?: unknown }) => ({ id: r.id, similitud: r.similitud })) };
  }
  if (tool === 'crear_tarjetas' && parsed && typeof parsed === 'object') {
    const p = parsed as { id_nota?: unknown; ids?: unknown };
    return { id_nota: p.id_nota, tarjetas: p.ids };
  }
  if (tool === 'proponer_tarjetas' && parsed && typeof parsed === 'object') {
    const p = parsed as { id_nota?: unknown; propuestas?: unknown };
    return { id_nota: p.id_nota, propuestas: Array.isArray(p.propuestas) ? p.propuestas.length : 0 };
  }
  if (tool === 'registrar_uso' && parsed && typeof parsed === 'object') {
    const p = parsed as { modelo?: unknown; coste_usd?: unknown };
    return { modelo: p.modelo, coste_usd: p.coste_usd };
  }
  return {
    caracteres: JSON.stringify(output.data ?? null).length,
    ...(output.artifacts?.length ? { artefactos: output.artifacts.map((a) => ({ tipo: a.kind, ruta: a.path })) } : {}),
  };
}

/**
 * A model's proposed cards quote the note (a cloze is one of its sentences): the audit keeps the
 * note and how many cards, not their text.
 */
function requestArgs(call: ToolCall): unknown {
  const input = call.input as { id_nota?: unknown; tarjetas?: unknown } | null;
  if (call.name !== 'proponer_tarjetas' || !input || typeof input !== 'object') return auditArgs(call.input);
  try {
    return { id_nota: auditArgs(input.id_nota), tarjetas: Array.isArray(input.tarjetas) ? input.tarjetas.length : `[${typeof input.tarjetas}]` };
  } catch {
    return auditArgs(call.input);
  }
}

/** Who asked (id and name), as the audit writes it: the deletion entry's shape. */
function personaField(p: Persona | undefined): { persona?: Persona } {
  return p ? { persona: { id: p.id, nombre: String(auditArgs(p.nombre)) } } : {};
}

export function requestEntry(call: ToolCall, at: Date, opts: { dryRun?: boolean; redo?: boolean; persona?: Persona }): Record<string, unknown> {
  return {
    timestamp: at.toISOString(),
    event: 'solicitud',
    call_id: call.id,
    tool: auditArgs(call.name),
    args: requestArgs(call),
    ...personaField(opts.persona),
    ...(opts.dryRun ? { dry_run: true } : {}),
    ...(opts.redo ? { redo: true } : {}),
  };
}

export function resultEntry(
  call: ToolCall,
  at: Date,
  durationMs: number,
  result: ToolResult,
  extra: { detail?: Record<string, unknown>; approval?: ApprovalDecision; key?: string; persona?: Persona } = {},
): Record<string, unknown> {
  const rendered = renderForModel(typeof call.name === 'string' ? call.name : '?', result);
  const errorText = result.kind !== 'ok' && result.kind !== 'cache' && result.kind !== 'simulacro';
  return {
    timestamp: at.toISOString(),
    event: 'resultado',
    call_id: call.id,
    tool: auditArgs(call.name),
    outcome: result.kind,
    is_error: rendered.is_error,
    ...(result.code ? { code: result.code } : {}),
    duration_ms: Math.round(durationMs),
    ...personaField(extra.persona),
    ...(extra.key ? { idempotency_key: extra.key } : {}),
    ...(extra.approval ? { approval: extra.approval } : {}),
    ...(extra.detail ? { detail: extra.detail } : {}),
    // Errors, denials and rejections are our own messages (no note text): keep them, cut.
    ...(errorText ? { message: auditArgs(rendered.content) } : {}),
  };
}
