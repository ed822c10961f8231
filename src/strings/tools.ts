/**
 * Every Spanish text of the tools layer that the model or the owner reads (validation problems,
 * dispatcher results, approval prompts), in one place so it can be reviewed and translated.
 */
import { own } from '../lib/own.js';
import type { DryRun, NotApprovedReason } from '../tools/contract.js';

/**
 * Short, JSON-ish rendering of a value inside a message (strings quoted, long ones cut). Never
 * throws: a value JSON cannot write (nested thousands of levels, a BigInt, a Symbol) is named.
 */
export function showValue(v: unknown, max = 40): string {
  let s: string | undefined;
  try {
    s = JSON.stringify(v);
  } catch {
    s = undefined;
  }
  s ??= typeof v === 'symbol' ? v.toString()
    : typeof v === 'bigint' ? `${v.toString()}n`
      : typeof v === 'function' ? '[función]'
        : Array.isArray(v) ? '[lista muy anidada]'
          : v !== null && typeof v === 'object' ? '{objeto muy anidado}' : String(v);
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

const TYPE_NAMES: Record<string, string> = {
  integer: 'un entero',
  number: 'un número',
  string: 'un texto',
  boolean: 'un booleano (true o false)',
  object: 'un objeto',
  array: 'una lista',
  null: 'null',
};

export function typeOfValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'una lista';
  if (typeof v === 'number') return Number.isInteger(v) ? 'un entero' : 'un número con decimales';
  if (typeof v === 'string') return 'un texto';
  if (typeof v === 'boolean') return 'un booleano';
  return TYPE_NAMES[typeof v] ?? typeof v;
}

/** Each tool's name in words, for people (approvals, reports). The model keeps the ids. */
const TOOL_WORDS: Readonly<Record<string, string>> = Object.freeze({
  buscar_notas: 'buscar en tus notas',
  crear_tarjetas: 'crear tarjetas de repaso',
  generar_portada: 'generar la portada de la semana',
  narrar_resumen: 'narrar el resumen de la semana',
  registrar_uso: 'registrar el uso del modelo',
});

/** The tool's name in words ("generar la portada de la semana"); unknown tools keep their id. */
export function toolInWords(tool: string): string {
  return own(TOOL_WORDS, tool) ?? String(tool);
}

/**
 * The words for each value of an owner-changeable field (ToolDefinition.ownerChoices), as the
 * approval buttons and the terminal show them. Which values exist comes from the schema.
 */
const CHOICE_WORDS: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.freeze({
  'generar_portada.maqueta': { true: 'el dibujo hecho en el ordenador', false: 'la imagen hecha con la GPU' },
  'narrar_resumen.motor': { juguete: 'la voz sintética', xtts: 'tu propia voz' },
});

/** An alternative's words ("voz sintética"); an unknown value keeps its JSON. */
export function choiceInWords(tool: string, field: string, value: unknown): string {
  const words = own(CHOICE_WORDS, `${tool}.${field}`);
  return (words && own(words, String(value))) ?? `${field}=${showValue(value)}`;
}

export const S = {
  // --- validation (one line per problem) ---
  missing: (field: string) => `falta el campo obligatorio "${field}"`,
  extra: (field: string) => `sobra el campo "${field}" (no está en el esquema)`,
  wrongType: (field: string, value: unknown, expected: string) =>
    `${field}=${showValue(value)} no es ${TYPE_NAMES[expected] ?? expected} (es ${typeOfValue(value)})`,
  outOfEnum: (field: string, value: unknown, allowed: readonly unknown[]) =>
    `${field}=${showValue(value)} fuera de [${allowed.map((a) => (typeof a === 'string' ? JSON.stringify(a) : String(a))).join(', ')}]`,
  tooLong: (field: string, length: number, max: number) => `${field} es demasiado largo: ${length} caracteres, máximo ${max}`,
  tooSmall: (field: string, value: unknown, min: number) => `${field}=${showValue(value)} debe ser como mínimo ${min}`,
  tooBig: (field: string, value: unknown, max: number) => `${field}=${showValue(value)} debe ser como máximo ${max}`,
  notObject: (value: unknown) => `los argumentos deben ser un objeto JSON {…}, se recibió ${typeOfValue(value)}`,
  otherProblem: (field: string, message: string) => `${field || 'argumentos'}: ${message}`,
  invalidArgs: (tool: string, problems: readonly string[]) =>
    `Argumentos no válidos para ${tool}${problems.length > 1 ? ` (${problems.length} problemas)` : ''}: ${problems.join('; ')}. ` +
    'No se ejecutó nada. Corrija los argumentos según el esquema y vuelva a llamar a la herramienta.',

  // --- dispatcher ---
  unknownTool: (name: string, known: readonly string[]) =>
    `no existe la herramienta ${showValue(name, 60).replace(/^"|"$/g, '')}. Herramientas disponibles: ${known.join(', ')}.`,
  denied: (tool: string) =>
    `La herramienta ${tool} no está permitida por la política de permisos de este cuaderno; no se ejecutó. No la vuelva a pedir: continúe sin ella.`,
  rejected: (tool: string, na: { reason: NotApprovedReason; note?: string }) => {
    const why =
      na.reason === 'expirado'
        ? 'la solicitud de aprobación expiró sin respuesta del propietario'
        : na.reason === 'cancelado'
          ? 'la solicitud de aprobación se canceló'
          : 'el propietario no la aprobó';
    const note = na.note ? ` Motivo del propietario: «${na.note}».` : '';
    return `No aprobado: ${why}.${note} La acción ${tool} no se ejecutó. No es un error de la llamada: no la vuelva a pedir; continúe sin ella.`;
  },
  approvalMissing: (tool: string) => `La llamada a ${tool} necesita la aprobación del propietario y no la tiene; no se ejecutó.`,
  changedArgsInvalid: (tool: string, problems: readonly string[]) => `Los cambios pedidos para ${tool} no son válidos: ${problems.join('; ')}. No se ejecutó.`,
  toolFailed: (tool: string, message: string) => `La herramienta ${tool} falló: ${message}`,
  internalError: (tool: string, message: string) =>
    `Error interno en ${tool}: ${message}. No es un problema de los argumentos; informe al propietario.`,
  cancelled: (tool: string) => `La llamada a ${tool} se canceló antes de terminar.`,
  approvalFailed: (tool: string, message: string) => `No se pudo pedir la aprobación para ${tool} (${message}); no se ejecutó.`,
  auditFailed: (message: string) => `No se pudo escribir el registro de auditoría (${message}); por seguridad no se ejecutó nada.`,
  dryRun: (tool: string, preview: DryRun) =>
    JSON.stringify({ simulacro: true, herramienta: tool, ...previewFields(preview) }),
  genericPreview: (tool: string, args: unknown) => `Ejecutaría ${tool} con ${showValue(args, 200)}; solo lee datos, no escribe nada.`,

  // --- approval on the terminal ---
  approvalPrompt: (tool: string, args: Record<string, unknown>, preview: DryRun, alternatives: readonly string[] = []) =>
    [
      `¿Aprobar ${tool}?`,
      `  argumentos: ${JSON.stringify(args)}`,
      `  qué haría: ${preview.summary}`,
      ...(preview.writes.length ? [`  escribiría: ${preview.writes.join(', ')}`] : []),
      ...(preview.engine ? [`  motor: ${preview.engine}${preview.lane ? ` (${preview.lane})` : ''}`] : []),
      ...(preview.estimateS !== undefined ? [`  tiempo estimado: ${preview.estimateS} s`] : []),
      `  ya en caché: ${preview.cached ? 'sí' : 'no'}`,
      ...(preview.problems?.length ? [`  problemas: ${preview.problems.join('; ')}`] : []),
      ...(alternatives.length ? ['  o apruébalo con un cambio:', ...alternatives.map((a) => `    ${a}`)] : []),
      alternatives.length ? '[s/n] (n: motivo, para decir por qué; o el número de un cambio) ' : '[s/n] (n: motivo, para decir por qué) ',
    ].join('\n'),
};

/** The dry run as Spanish-keyed JSON (what the model and the owner see). */
export function previewFields(p: DryRun): Record<string, unknown> {
  return {
    resumen: p.summary,
    escribiria: p.writes,
    ...(p.engine !== undefined ? { motor: p.engine } : {}),
    ...(p.lane !== undefined ? { carril: p.lane } : {}),
    ...(p.estimateS !== undefined ? { tiempo_estimado_s: p.estimateS } : {}),
    en_cache: p.cached,
    ...(p.problems?.length ? { problemas: p.problems } : {}),
  };
}

// ── GPU engine servers: answers they give, and the start-up probe ─────────────────────────────

/** What a probe or a call found wrong, as a typed value the words below are rendered from. */
export type EngineTrouble =
  | 'unreachable'   // nothing listening, DNS, refused
  | 'not-found'     // 404/405: the route is not there (wrong URL or not OpenAI-compatible)
  | 'unknown-model' // 404/400 saying the model asked for is not there
  | 'unauthorized'  // 401/403
  | 'refused'       // 400/422: the server rejects the request (unknown voice, size, model)
  | 'bad-answer'    // 2xx with something that is not an image / audio we can use
  | 'timeout'
  | 'busy'          // 429/5xx/529/network: it may work on the next try
  | 'gpu-memory';   // out of GPU memory

/** Which of the two GPU servers a line is about. */
export type EngineRole = 'imagen' | 'voz';

const TROUBLE_WORDS: Readonly<Record<EngineTrouble, string>> = Object.freeze({
  'unreachable': 'no contesta: está apagado o la dirección no es la suya',
  'not-found': 'contesta, pero no tiene la ruta de la API compatible con OpenAI en esa dirección',
  'unknown-model': 'contesta, pero no tiene el modelo que se le pide',
  'unauthorized': 'no acepta las peticiones (pide una clave)',
  'refused': 'rechaza la petición de prueba',
  'bad-answer': 'responde algo que no se puede usar',
  'timeout': 'no respondió a tiempo',
  'busy': 'falló o estaba ocupado durante la prueba',
  'gpu-memory': 'se quedó sin memoria en la tarjeta gráfica',
});

const ROLE_WORDS: Readonly<Record<EngineRole, { thing: string; fallback: string }>> = Object.freeze({
  imagen: { thing: 'La imagen con la tarjeta gráfica', fallback: 'mientras tanto las portadas se dibujan en el ordenador' },
  voz: { thing: 'Tu propia voz', fallback: 'mientras tanto las narraciones usan la voz sintética' },
});

/** Everything the media engines say about servers' answers and the start-up probe. */
export const media = {
  // --- reasons inside «Respuesta no válida del servidor de X: <reason>» (the model reads them) ---
  answerTooBig: (mb: number) => `la respuesta ocupa más de ${mb} MB`,
  notJson: 'el cuerpo no es JSON',
  noImage: 'falta data[0].b64_json o data[0].url',
  badDataUrl: 'data[0] trae una URL data: que no es base64',
  badImageUrl: (url: string) => `data[0].url no es una dirección http(s) ni data: (${url.slice(0, 80)})`,
  imageUrlMissing: (status: number) => `la imagen de data[0].url no está en el servidor (HTTP ${status})`,
  unknownImage: (head: string) => `la imagen no es PNG, JPEG ni WebP (empieza por ${head})`,
  unreadableImage: (kind: string, detail: string) => `${kind} ilegible (${detail})`,
  compressedAudio: (format: string) =>
    `devolvió audio ${format} aunque se pidió wav o pcm; el servidor debe devolver wav o pcm (response_format)`,
  emptyAudio: 'el audio está vacío',
  oddPcm: (bytes: number) => `el audio pcm tiene un número impar de bytes (${bytes}); se esperaba 16 bits por muestra`,
  unreadableSample: (file: string, detail: string) => `no se puede leer la muestra de voz ${file}: ${detail}`,

  // --- the dry run when the start-up probe failed (the model and, in plain words, the owner) ---
  imageUnavailable: (trouble: EngineTrouble) =>
    `La imagen en GPU no está disponible ahora: el servidor de imágenes ${TROUBLE_WORDS[trouble]} (prueba al arrancar). Use maqueta:true (portada en CPU).`,
  voiceUnavailable: (trouble: EngineTrouble) =>
    `Narrar con voz del titular en GPU no es posible ahora: el servidor de voz ${TROUBLE_WORDS[trouble]} (prueba al arrancar). Use motor:"juguete".`,

  // --- one console line per configured server at start-up (the console may name the setting) ---
  probeOk: (role: EngineRole, url: string, how: string, ms: number) =>
    `${ROLE_WORDS[role].thing}: lista (${url}; ${how}; prueba en ${(ms / 1000).toFixed(1)} s).`,
  probeFailed: (role: EngineRole, url: string, trouble: EngineTrouble, setting: string, detail: string) =>
    `${ROLE_WORDS[role].thing} no está disponible: el servidor ${url} ${TROUBLE_WORDS[trouble]} (${detail}). ` +
    `Revisa ${setting} y el servidor; ${ROLE_WORDS[role].fallback}.`,
  probeVoiceSkipped: (url: string) =>
    `Tu propia voz: el servidor ${url} no se prueba hasta que registres tu consentimiento de voz.`,
  /** How a server answered, for probeOk: «responde PNG por url», «responde audio pcm a 24000 Hz». */
  imageHow: (format: string, via: 'b64' | 'data-url' | 'url', width: number, height: number) =>
    `responde ${format.toUpperCase()} ${via === 'url' ? 'por url' : via === 'data-url' ? 'en una URL data:' : 'en base64'}, ${width}×${height}`,
  speechHow: (format: 'wav' | 'pcm', sampleRate: number, voice: string) =>
    `responde audio ${format} a ${sampleRate} Hz con la voz «${voice}»`,
};
