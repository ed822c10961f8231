/**
 * Checks the whole audit log (`cuaderno auditoria --verificar`): every line a JSON object with a
 * timestamp and an event, every result after its request. Pure: text in, findings out, with
 * 1-based line numbers.
 */

export interface AuditFindings {
  lines: number;
  calls: number;
  /** What is wrong (exit 1): "línea 7: no es JSON válido". */
  problems: string[];
  /** Worth knowing, not damage: requests without a result (a crash, or a call still running). */
  notes: string[];
}

const EVENTS = new Set(['solicitud', 'resultado']);

export function checkAuditText(text: string): AuditFindings {
  const problems: string[] = [];
  const notes: string[] = [];
  const lines = text.split('\n');
  const cutTail = text.length > 0 && !text.endsWith('\n');
  if (!cutTail) lines.pop();
  const open = new Map<string, number>();
  let calls = 0;
  lines.forEach((raw, i) => {
    const n = i + 1;
    if (raw.trim() === '') return problems.push(`línea ${n}: está vacía`);
    let entry: unknown;
    try {
      entry = JSON.parse(raw);
    } catch {
      return problems.push(cutTail && i === lines.length - 1 ? `línea ${n}: está cortada (sin salto de línea final; se apartará a la cuarentena al abrir el registro)` : `línea ${n}: no es JSON válido`);
    }
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return problems.push(`línea ${n}: no es un objeto JSON`);
    const e = entry as Record<string, unknown>;
    if (typeof e.timestamp !== 'string' || Number.isNaN(Date.parse(e.timestamp))) problems.push(`línea ${n}: no tiene una fecha válida`);
    if (typeof e.event !== 'string' || !EVENTS.has(e.event)) return problems.push(`línea ${n}: el evento ${JSON.stringify(e.event)} no es solicitud ni resultado`);
    const id = JSON.stringify(e.call_id ?? null);
    if (e.event === 'solicitud') {
      calls += 1;
      open.set(id, n);
    } else if (open.has(id)) {
      open.delete(id);
    } else {
      problems.push(`línea ${n}: un resultado sin su solicitud (llamada ${id})`);
    }
  });
  for (const [id, n] of open) notes.push(`línea ${n}: solicitud sin resultado (llamada ${id}): un cierre brusco o una llamada en curso`);
  return { lines: lines.length, calls, problems, notes };
}
