/**
 * The edge between a typed outcome and the model (docs/design.md §33): the tool_result text the model
 * reads is rendered here from the ToolResult, and only here. Structured outcomes go as JSON (the
 * keys are part of the wire format, like argument names); errors and denials as the actionable
 * Spanish message. A rejection is `is_error: false` (docs/design.md §3) and carries its reason as data.
 */
import type { ToolResult } from './contract.js';
import { previewFields, S } from '../strings/model.js';
import type { DryRun } from './contract.js';

/** JSON key that marks a rejection in the model's text (what an offline model reads). */
export const NOT_APPROVED_KEY = 'no_aprobado';
/**
 * JSON key that marks a file made before (a repeat, or a call a resumed run had already done): the
 * model can say nothing new was made. Only on results with files (cards say it in their own data).
 */
export const ALREADY_MADE_KEY = 'ya_existia';

export function renderForModel(tool: string, r: ToolResult): { content: string; is_error: boolean } {
  switch (r.kind) {
    case 'ok':
    case 'cache': {
      const isObject = r.data && typeof r.data === 'object' && !Array.isArray(r.data);
      const data = isObject
        ? { ...(r.kind === 'cache' && r.artifacts?.length ? { [ALREADY_MADE_KEY]: true } : {}), ...(r.ranWith ? { argumentos_usados: r.ranWith } : {}), ...(r.data as object) }
        : r.data;
      return { content: JSON.stringify(data ?? null), is_error: false };
    }
    case 'simulacro':
      return { content: JSON.stringify({ simulacro: true, herramienta: tool, ...previewFields(r.data as DryRun) }), is_error: false };
    case 'rechazado': {
      const na = r.notApproved ?? { reason: 'rechazado' as const };
      return {
        content: JSON.stringify({ [NOT_APPROVED_KEY]: true, motivo: na.reason, ...(na.note ? { razon_del_propietario: na.note } : {}), mensaje: S.rejected(tool, na) }),
        is_error: false,
      };
    }
    case 'denegado':
    case 'error':
      // A result kept by an older version may lack its message: the code still says something.
      return { content: (r.message as string | undefined) ?? S.internalError(tool, r.code), is_error: true };
  }
}
