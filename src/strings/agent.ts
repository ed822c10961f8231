/**
 * Every Spanish text of the agent layer and its CLI in one place, so it can be reviewed and
 * translated: report lines, stop reasons, reconcile messages, terminal prompts.
 */
import { toolInWords } from './tools.js';

const list = (ids: readonly number[]) => (ids.length > 0 ? ids.join(', ') : 'ninguna');

export const REPORT = {
  notApproved: 'no lo aprobaste; no se ejecutó',
  noPath: '(sin ruta)',
  notesOfWeek: (title: string, ids: readonly number[]) => `${title}: notas revisadas ${list(ids)}.`,
  closestNote: (query: string, id: number | undefined, sim: number | undefined) =>
    id === undefined ? `Ninguna nota se parece a «${query}».` : `Nota más parecida a «${query}»: la ${id}${sim !== undefined ? ` (similitud ${sim.toLocaleString('es-ES')})` : ''}.`,
  searchFailed: (why: string) => `Búsqueda de notas: falló (${shortForOwner(why)}).`,
  weekOnly: (title: string) => `${title}.`,
  noSearch: 'Notas: no hizo falta buscarlas.',
  cardsNotAsked: 'Tarjetas: no se pidieron.',
  cardsNotDone: (why: string) => `Tarjetas: NO creadas — ${shortForOwner(why)}.`,
  cardsDone: (ids: readonly number[], note: number, reused: readonly number[] = []) =>
    reused.length === 0
      ? `Tarjetas: ${ids.length} nuevas (ids ${list(ids)}) de la nota ${note}.`
      : reused.length === ids.length
        ? `Tarjetas: las ${ids.length} de la nota ${note} ya estaban en el mazo (ids ${list(ids)}); no se duplicaron.`
        : `Tarjetas: ${ids.length - reused.length} nuevas y ${reused.length} que ya estaban en el mazo (ids ${list(ids)}) de la nota ${note}.`,
  mediaNotAsked: (what: string) => `${cap(what)}: no se pidió.`,
  mediaNotDone: (what: string, why: string) => `${cap(what)}: NO hecha — ${shortForOwner(why)}.`,
  // Only the last two path segments (portadas/semana_03.png): the server's directory layout means nothing in a chat.
  mediaDone: (what: string, file: string, engine: string) => `${cap(what)}: ${file.split(/[\\/]/).slice(-2).join('/')}${engine ? ` (${engine})` : ''}.`,
  usageNotLogged: 'Uso: no lo registró el modelo (el programa sí guarda el uso real de cada llamada).',
  usageFailed: (why: string) => `Uso: NO registrado — ${shortForOwner(why)}.`,
  usageLogged: (tin: number, tout: number) => `Uso registrado: ~${tin} tokens de entrada y ~${tout} de salida.`,
} as const;

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export const AGENT = {
  unknownState: (tool: string) =>
    `Estado desconocido: el proceso se interrumpió mientras se ejecutaba ${tool} y no consta si terminó. No se repite para no duplicar el efecto; compruébalo a mano antes de volver a pedirlo.`,
  journalFailed: (tool: string, why: string) =>
    `AVISO: ${tool} se ejecutó pero no se pudo anotar en el diario de efectos (${why}). Si el proceso se interrumpe ahora, comprueba a mano que no se repita.`,
  journalStartFailed: (why: string) =>
    `No se pudo anotar en el diario de efectos qué se iba a ejecutar (${why}); no se ejecutó nada. Revise el disco y reanude con --reanudar.`,
  countFallback: (why: string) => `No se pudo contar tokens con la API (${why}); se usa la estimación de ~4 caracteres por token.`,
  stopIterations: (n: number) => `Parado por el límite de iteraciones (${n}).`,
  stopBudget: (used: number, next: number, budget: number) =>
    `Parado por el presupuesto de tokens: llevamos ${used} y la siguiente llamada necesitaría ${next} de entrada; el límite es ${budget}. La llamada no se envió.`,
  refusal: 'El modelo se negó a continuar (refusal): no se ejecutó nada más.',
  cancelled: 'Ejecución cancelada.',
  maxTokens: 'La respuesta del modelo se cortó por max_tokens.',
  /** One «No se hizo» line for the owner: the tool in words and the reason in plain words (tú). */
  notDone: (tool: string, why: string) => `${cap(toolInWords(tool))}: ${forOwner(why)}`,
  rejected: 'no aprobado, no se ejecutó',
  denied: 'denegado por la política de permisos',
  failed: (why: string) => `falló (${why})`,
  noReport: 'Resumen hecho con los resultados reales (el modelo no dio el suyo):',
} as const;

const WEEKS_IN_WORDS = 'Hay cuatro: 1 estadística, 2 python, 3 historia del arte, 4 música.';

/** The planner's words back when a request is not work to do, or not clear enough (tú). */
export const ASK = {
  hello: '¡Hola! Dime en una frase qué quieres preparar, por ejemplo «prepara la semana 3», o escribe /ayuda para ver todo lo que sé hacer.',
  thanks: '¡De nada! Aquí estoy si necesitas algo más.',
  searchInChat: (query: string) => `Para buscar «${query}» en tus notas, escríbemelo en el chat: «¿qué tengo sobre ${query}?».`,
  command: (name: string) => `Eso es una orden del chat: escribe /${name}.`,
  noSuchWeek: (week: number) => `No existe la semana ${week}. ${WEEKS_IN_WORDS} ¿Cuál quieres? Por ejemplo: «prepara la semana 3».`,
  whichWeek: `¿Qué semana quieres preparar? ${WEEKS_IN_WORDS} Por ejemplo: «prepara la semana 3».`,
  whichWeekFor: (what: 'portada' | 'narracion') =>
    what === 'portada'
      ? `¿De qué semana quieres la portada? ${WEEKS_IN_WORDS} Por ejemplo: «rehaz la portada de la semana 2».`
      : `¿De qué semana quieres la narración? ${WEEKS_IN_WORDS} Por ejemplo: «narra la semana 2».`,
  whichNote: '¿De qué nota o tema quieres las tarjetas? Por ejemplo: «solo tarjetas de la nota sobre el cubismo» o «tarjetas de la semana 2».',
  whatToSearch: '¿Qué busco en tus notas? Por ejemplo: «¿qué tengo sobre el impresionismo?».',
  unclear: `¿Qué quieres hacer? Puedo preparar una semana, rehacer su portada, narrarla, hacer tarjetas o buscar en tus notas. Por ejemplo: «prepara la semana 3». Escribe /ayuda para ver más ejemplos.`,
} as const;

export const CHECKPOINT = {
  missing: (file: string) => `No hay ninguna ejecución que reanudar (no existe ${file}). Empiece una nueva sin --reanudar.`,
  corrupt: (file: string, why: string) =>
    `El punto de control ${file} está dañado (${why}); puede haberse cortado a mitad de escritura. No se reanuda para no repetir efectos: bórrelo (y su diario) para empezar de nuevo, o restáurelo de una copia.`,
  badVersion: (file: string, v: unknown) =>
    `El punto de control ${file} tiene la versión ${JSON.stringify(v)}, que este programa no conoce (solo la 1 y la 2). Actualice el programa o bórrelo para empezar de nuevo.`,
  badShape: (file: string, why: string) => `El punto de control ${file} no tiene la forma esperada (${why}). Bórrelo para empezar de nuevo.`,
  journalCorrupt: (file: string, line: number) =>
    `El diario de efectos ${file} tiene la línea ${line} dañada; no se reanuda para no repetir efectos. Revise el archivo a mano.`,
} as const;

export const CLI = {
  usage: 'Uso: npm run -s cuaderno -- preparar "<petición>" [--reanudar | --descartar] [--max-iteraciones N] [--presupuesto TOKENS]',
  missingText: 'Falta la petición, por ejemplo: preparar "prepare la semana 3"',
  badInt: (flag: string, raw: string | undefined) => `${flag} espera un entero positivo, recibió «${raw ?? ''}».`,
  unknownFlag: (flag: string) => `Opción desconocida: ${flag}`,
  askApproval: (tool: string, args: string, summary: string) => `¿Aprueba ${tool}(${args})? ${summary} [s/n] `,
  approvedAnswer: (yes: boolean) => (yes ? 'sí' : 'no'),
  unfinished: (runId: string, text: string, at: string) => `Hay una ejecución sin terminar (${runId}, «${text}», ${at}). Use --reanudar para continuarla.`,
  /** A new request while one is unfinished: nothing is discarded without the owner's word (SPEC §7). */
  unfinishedChoose: (text: string, at: string) =>
    `Hay una preparación sin terminar («${text}», ${at}) y no la descarto sin tu permiso. ` +
    'Usa --reanudar para continuarla, o --descartar para tirarla y empezar la nueva petición.',
  bothResumeAndDiscard: 'Usa --reanudar o --descartar, no los dos.',
  discarded: (text: string) => `Descartada la preparación sin terminar «${text}».`,
  resuming: (runId: string) => `Reanudando ${runId}…`,
  iteration: (n: number, call: string, result: string) => `[${n}] ${call} -> ${result}`,
  stopLine: (reason: string, iterations: number, tokens: number, cost: string) =>
    `Parada: ${reason} | iteraciones: ${iterations} | tokens: ${tokens} | coste: ${cost} USD`,
  limitDetail: (detail: string) => `Límite alcanzado: ${detail}`,
  notDoneHeader: 'No se hizo:',
  warn: (text: string) => `Aviso: ${text}`,
} as const;

// ── reasons for the owner ────────────────────────────────────────────────────────────────────

/**
 * A tool's failure as the owner should read it. Tool messages are written for the model (usted,
 * tool arguments such as motor:"juguete", absolute server paths); the chat needs what happened,
 * what to do about it (`hint`), and a few words for the one-line report (`short`).
 */
export interface OwnerReason {
  text: string;
  hint?: string;
  short: string;
}

const NARRATE_TOY = 'Mientras tanto puedo narrarla con una voz sintética: pídemelo de nuevo añadiendo «con el motor juguete».';
const COVER_MOCKUP = 'Mientras tanto puedo hacer la portada como maqueta en la CPU: pídemela de nuevo sin «flux» ni «gpu».';

const KNOWN_REASONS: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => OwnerReason]> = [
  [/consentimiento registrado y no hay uno válido(?: \(([^;)…]+)[;)])?/, (m) => ({
    text: `falta tu consentimiento para usar tu voz${m[1] ? ` (${m[1].trim()})` : ''}: crea consentimiento.json en la carpeta de datos como explica el README.`,
    hint: NARRATE_TOY,
    short: 'falta tu consentimiento de voz',
  })],
  [/consentimiento de voz del titular caducó el ([\d-]+)/, (m) => ({
    text: `tu consentimiento de voz caducó el ${m[1]}: actualiza «valido_hasta» en consentimiento.json.`,
    hint: NARRATE_TOY,
    short: `tu consentimiento de voz caducó el ${m[1]}`,
  })],
  [/falta XTTS_URL/, () => ({
    text: 'tu voz se genera en un servidor XTTS-v2 que no está configurado: arranca el bot con XTTS_URL=<dirección del servidor>.',
    hint: NARRATE_TOY,
    short: 'falta configurar el servidor de voz (XTTS_URL)',
  })],
  [/falta FLUX_URL/, () => ({
    text: 'la portada con FLUX necesita un servidor de imágenes que no está configurado: arranca el bot con FLUX_URL=<dirección del servidor>.',
    hint: COVER_MOCKUP,
    short: 'falta configurar el servidor de imágenes (FLUX_URL)',
  })],
  [/No se puede conectar con el servidor de (\S+) en (\S+?)\.(?:\s|$).*?revise (\w+)/, (m) => {
    const hint = m[1] === 'flux' ? COVER_MOCKUP : m[1] === 'xtts' ? NARRATE_TOY : undefined;
    return {
      text: `no puedo conectar con el servidor de ${m[1]} en ${m[2]}: comprueba que está encendido y que ${m[3]} es correcta.`,
      ...(hint ? { hint } : {}),
      short: `no conecta con el servidor de ${m[1]}`,
    };
  }],
];

/** Model-facing wording → owner-facing wording (tú, no tool arguments, no server paths). */
export function plainWords(text: string): string {
  return text
    // Absolute server paths mean nothing in a chat: keep the file name.
    .replace(/(^|[\s(;«"])\/(?!\/)(?:[^\s;:()«»"/]+\/)+([^\s;:()«»"/]+)/g, '$1$2')
    .replace(/motor:\s*"juguete"/g, 'el motor juguete')
    .replace(/maqueta:\s*true/g, 'la maqueta en CPU')
    .replace(/\bo pida al titular que (configure|revise|registre|renueve)\b/g, (_, v: string) => `o ${{ configure: 'configura', revise: 'revisa', registre: 'registra', renueve: 'renueva' }[v]}`)
    .replace(/\bvoz del titular\b/g, 'tu voz')
    .replace(/\bUse\b/g, 'Usa')
    .replace(/\binténtelo\b/g, 'inténtalo');
}

/** The failure text without its wrappers: `falló (La herramienta x falló: …)` → `…`. */
function unwrap(text: string): string {
  return text.trim().replace(/^falló \(([\s\S]*)\)$/, '$1').replace(/^La herramienta \w+ falló:\s*/, '').trim();
}

/** Reads a tool/agent failure for the owner; see OwnerReason. */
export function ownerReason(raw: string): OwnerReason {
  const text = unwrap(raw);
  for (const [re, make] of KNOWN_REASONS) {
    const m = re.exec(text);
    if (m) return make(m);
  }
  const plain = plainWords(text);
  const first = /^[\s\S]*?[.!?](?=\s|$)/.exec(plain)?.[0] ?? plain;
  return { text: plain, short: first.replace(/[.]+$/, '') };
}

/**
 * The whole reason with its hint, one paragraph (the «No se hizo» list). A known reason replaces
 * the «falló (…)» wrapper with what to do; any other keeps it, in plain words.
 */
export function forOwner(raw: string): string {
  const text = unwrap(raw);
  if (KNOWN_REASONS.some(([re]) => re.test(text))) {
    const r = ownerReason(text);
    return r.hint ? `${r.text} ${r.hint}` : r.text;
  }
  const wrapped = /^falló \(/.test(raw.trim());
  return wrapped ? `falló (${plainWords(text)})` : plainWords(text);
}

/** The few words of the one-line report («Narración: NO hecha — …»), without a final period. */
function shortForOwner(raw: string): string {
  return ownerReason(raw).short.replace(/[.]+$/, '');
}
