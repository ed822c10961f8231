/**
 * Every Spanish text of the agent layer and its CLI in one place, so it can be reviewed and
 * translated: report lines, stop reasons, reconcile messages, terminal prompts.
 */
import { toolInWords } from '../tools/strings.js';

const list = (ids: readonly number[]) => (ids.length > 0 ? ids.join(', ') : 'ninguna');

export const REPORT = {
  notApproved: 'no lo aprobó; no se ejecutó',
  noPath: '(sin ruta)',
  notesOfWeek: (title: string, ids: readonly number[]) => `${title}: notas revisadas ${list(ids)}.`,
  closestNote: (query: string, id: number | undefined, sim: number | undefined) =>
    id === undefined ? `Ninguna nota se parece a «${query}».` : `Nota más parecida a «${query}»: la ${id}${sim !== undefined ? ` (similitud ${sim})` : ''}.`,
  searchFailed: (why: string) => `Búsqueda de notas: falló (${why}).`,
  weekOnly: (title: string) => `${title}.`,
  noSearch: 'Notas: no hizo falta buscarlas.',
  cardsNotAsked: 'Tarjetas: no se pidieron.',
  cardsNotDone: (why: string) => `Tarjetas: NO creadas — ${why}.`,
  cardsDone: (ids: readonly number[], note: number) => `Tarjetas: ${ids.length} nuevas (ids ${list(ids)}) de la nota ${note}.`,
  mediaNotAsked: (what: string) => `${cap(what)}: no se pidió.`,
  mediaNotDone: (what: string, why: string) => `${cap(what)}: NO hecha — ${why}.`,
  // Only the last two path segments (portadas/semana_03.png): the server's directory layout means nothing in a chat.
  mediaDone: (what: string, file: string, engine: string) => `${cap(what)}: ${file.split(/[\\/]/).slice(-2).join('/')}${engine ? ` (${engine})` : ''}.`,
  usageNotLogged: 'Uso: no lo registró el modelo (el programa sí guarda el uso real de cada llamada).',
  usageFailed: (why: string) => `Uso: NO registrado — ${why}.`,
  usageLogged: (tin: number, tout: number) => `Uso registrado: ~${tin} tokens de entrada y ~${tout} de salida.`,
} as const;

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export const AGENT = {
  unknownState: (tool: string) =>
    `Estado desconocido: el proceso se interrumpió mientras se ejecutaba ${tool} y no consta si terminó. No se repite para no duplicar el efecto; verifique a mano antes de volver a pedirlo.`,
  journalFailed: (tool: string, why: string) =>
    `AVISO: ${tool} se ejecutó pero no se pudo anotar en el diario de efectos (${why}). Si el proceso se interrumpe ahora, revise a mano que no se repita.`,
  journalStartFailed: (why: string) =>
    `No se pudo anotar en el diario de efectos qué se iba a ejecutar (${why}); no se ejecutó nada. Revise el disco y reanude con --reanudar.`,
  countFallback: (why: string) => `No se pudo contar tokens con la API (${why}); se usa la estimación de ~4 caracteres por token.`,
  stopIterations: (n: number) => `Parado por el límite de iteraciones (${n}).`,
  stopBudget: (used: number, next: number, budget: number) =>
    `Parado por el presupuesto de tokens: llevamos ${used} y la siguiente llamada necesitaría ${next} de entrada; el límite es ${budget}. La llamada no se envió.`,
  refusal: 'El modelo se negó a continuar (refusal): no se ejecutó nada más.',
  cancelled: 'Ejecución cancelada.',
  maxTokens: 'La respuesta del modelo se cortó por max_tokens.',
  notDone: (tool: string, why: string) => `${cap(toolInWords(tool))}: ${why}`,
  rejected: 'no aprobado, no se ejecutó',
  denied: 'denegado por la política de permisos',
  failed: (why: string) => `falló (${why})`,
  noReport: 'El modelo no dio un informe; este lo construye el programa con los resultados reales:',
} as const;

export const CHECKPOINT = {
  missing: (file: string) => `No hay ninguna ejecución que reanudar (no existe ${file}). Empiece una nueva sin --reanudar.`,
  corrupt: (file: string, why: string) =>
    `El punto de control ${file} está dañado (${why}); puede haberse cortado a mitad de escritura. No se reanuda para no repetir efectos: bórrelo (y su diario) para empezar de nuevo, o restáurelo de una copia.`,
  badVersion: (file: string, v: unknown) =>
    `El punto de control ${file} tiene la versión ${JSON.stringify(v)}, que este programa no conoce (solo la 1). Actualice el programa o bórrelo para empezar de nuevo.`,
  badShape: (file: string, why: string) => `El punto de control ${file} no tiene la forma esperada (${why}). Bórrelo para empezar de nuevo.`,
  journalCorrupt: (file: string, line: number) =>
    `El diario de efectos ${file} tiene la línea ${line} dañada; no se reanuda para no repetir efectos. Revise el archivo a mano.`,
} as const;

export const CLI = {
  usage: 'Uso: npm run -s cuaderno -- preparar "<petición>" [--reanudar] [--max-iteraciones N] [--presupuesto TOKENS]',
  missingText: 'Falta la petición, por ejemplo: preparar "prepare la semana 3"',
  badInt: (flag: string, raw: string | undefined) => `${flag} espera un entero positivo, recibió «${raw ?? ''}».`,
  unknownFlag: (flag: string) => `Opción desconocida: ${flag}`,
  askApproval: (tool: string, args: string, summary: string) => `¿Aprueba ${tool}(${args})? ${summary} [s/n] `,
  approvedAnswer: (yes: boolean) => (yes ? 'sí' : 'no'),
  unfinished: (runId: string, text: string, at: string) => `Hay una ejecución sin terminar (${runId}, «${text}», ${at}). Use --reanudar para continuarla.`,
  resuming: (runId: string) => `Reanudando ${runId}…`,
  iteration: (n: number, call: string, result: string) => `[${n}] ${call} -> ${result}`,
  stopLine: (reason: string, iterations: number, tokens: number, cost: string) =>
    `Parada: ${reason} | iteraciones: ${iterations} | tokens: ${tokens} | coste: ${cost} USD`,
  limitDetail: (detail: string) => `Límite alcanzado: ${detail}`,
  notDoneHeader: 'No se hizo:',
  warn: (text: string) => `Aviso: ${text}`,
} as const;
