/**
 * What the person RUNNING the bot reads — the console of `npm start` and the `cuaderno` CLI's own
 * lines: start-up, shutdown, configuration errors and damaged state files. Tú, in Spanish, saying
 * what to do. Unlike the chat, these may name a setting (`PRESUPUESTO_MENSUAL_USD`) or a state file:
 * that is exactly what this person edits (docs/design.md §26, "validate config with actionable
 * messages"); the owner in the chat never reads them.
 */
import { ROLE_WORDS, TROUBLE_WORDS, type EngineRole, type EngineTrouble } from './model.js';
import { COURSE_CHAT } from './course-chat.js';
import { count } from './count.js';
import type { SnapshotProblem } from '../lib/invertedIndex.js';
import { ended } from './list.js';

export { STORE_PROBLEMS } from './state-problems.js';

export const START = Object.freeze({
  telegram: (username: string) => `Cuaderno Vivo escuchando en Telegram como @${username}.`,
  model: (model: string, dataDir: string, classMode = false) => `Modelo: ${model}. Datos: ${dataDir}${classMode ? ' (modo clase: un cuaderno por persona)' : ''}. Ctrl+C para salir.`,
  classMigrated: (moved: number) => `Modo clase: tus datos de antes son ahora los del profesor (${count(moved, 'elemento movido', 'elementos movidos')}).`,
  classUndone: 'Deshecho un paso al modo clase que quedó a medias: tus datos vuelven a donde estaban.',
  classRoot: (dir: string) => `${dir} es la carpeta de una clase: arranca con MODO_CLASE=1, o usa otra carpeta de datos.`,
  modelAnthropic: (id: string) => `modelo ${id}`,
  modelLocal: 'planificador local (sin conexión)',
  modelScript: (file: string) => `guion ${file}`,
  resumed: (n: number) => (n === 1 ? 'Reanudado 1 trabajo pendiente.' : `Reanudados ${n} trabajos pendientes.`),
  stopping: (signal: string) => `\n${signal}: cerrando… (los trabajos en curso se reanudarán al volver a arrancar)`,
  closeFailed: 'Error al cerrar:',
  cannotStart: 'No se pudo arrancar Cuaderno Vivo:',
  /** Class mode: one person's folder could not be opened at start; the others start (the reason follows). */
  personAside: (id: number, why: string) => `Modo clase: dejo aparte a la persona ${id} porque no pude abrir el cuaderno de esa persona (${why}); el resto de la clase arranca.`,
});

/** Configuration problems, one per line (config.ts lists them all at once). */
export const CONFIG = Object.freeze({
  invalid: (problems: readonly string[]) => `Configuración no válida:\n- ${problems.join('\n- ')}`,
  pcmRate: (hz: number) => `Se esperaba que \`XTTS_PCM_HZ\` fuera una frecuencia entre 4000 y 192000 Hz (por ejemplo 24000); se recibió \`${hz}\``,
  coverPx: (px: number) => `Se esperaba que \`PORTADA_PX\` fuera el lado de la portada en píxeles, entre 256 y 2048 y múltiplo de 64 (por ejemplo 1024); se recibió \`${px}\``,
  classMode: (raw: string) => `Se esperaba que \`MODO_CLASE\` fuera 1 (modo clase) o 0; se recibió \`${raw}\``,
  classNeedsTeacher: '`MODO_CLASE=1` necesita `ALLOWED_USER_IDS` con tu id de Telegram primero: el primer id es el del profesor',
  expected: (name: string, what: string, raw: string) => `Se esperaba que \`${name}\` fuera ${what}; se recibió \`${raw}\``,
  positiveInt: 'un entero positivo',
  positiveNumber: 'un número positivo',
  httpUrl: 'una URL http(s)',
  retention: 'un número entre 0 y 1 (por ejemplo 0.9)',
  hour: 'una hora HH:MM (por ejemplo 20:00)',
  timeZone: 'una zona IANA (por ejemplo Europe/Madrid)',
  modelKind: 'un modelo de Claude, `local` o `script:ARCHIVO`',
  effort: 'low, medium o high',
  loopback: 'una dirección de loopback (127.0.0.1, localhost, ::1)',
  scriptFile: 'Se esperaba que `CUADERNO_MODELO=script:ARCHIVO` nombrara un archivo; se recibió `script:`',
  needsKey: (model: string) => `\`CUADERNO_MODELO=${model}\` necesita \`ANTHROPIC_API_KEY\`: defínela, o usa CUADERNO_MODELO=local`,
  modelNeedsKey: (id: string) => `El modelo ${id} necesita ANTHROPIC_API_KEY; defínela o usa CUADERNO_MODELO=local.`,
  userIds: (part: string) => `Se esperaba que \`ALLOWED_USER_IDS\` fueran números de usuario de Telegram separados por comas; se recibió \`${part}\``,
  webhookSecret: '`WEBHOOK_URL` necesita `WEBHOOK_SECRET` (1–256 caracteres A-Z a-z 0-9 _ -) para rechazar actualizaciones falsificadas',
  noPrice: (model: string) => `No hay precio para el modelo "${model}".`,
  scriptShort: (label: string, n: number, asked: number) =>
    `El guion del modelo (${label}) tiene ${count(n, 'respuesta', 'respuestas')} y se pidió la número ${asked}: añade respuestas al guion.`,
  scriptNotJson: (file: string, why: string) => `El guion ${file} no es JSON válido (${why}); corrígelo o usa CUADERNO_MODELO=local.`,
  scriptMissing: (file: string) => `No se encuentra el guion del modelo ${file}; revisa CUADERNO_MODELO=script:ARCHIVO.`,
});

/** A state file the program will not overwrite, and what to do about it. */
export const STATE = Object.freeze({
  botBusy: (dataDir: string) =>
    `Otra copia de Cuaderno Vivo está usando ya esta carpeta de datos (${dataDir}). Ciérrala antes de arrancar otra, o usa otra carpeta de datos.`,
  botUnreadable: (file: string, problem: string) => `${file} ${problem}. Corrígelo o bórralo para empezar de cero (se perderán las aprobaciones pendientes).`,
  botNotJson: (file: string) =>
    `${file} no es JSON válido: puede haberse cortado a mitad de una escritura. Bórralo para empezar de cero (se perderán las aprobaciones pendientes).`,
  botVersion: (file: string, found: unknown, expected: number) =>
    `${file} tiene una versión desconocida (${JSON.stringify(found)}; se espera ${expected}). Actualiza el programa o borra el archivo.`,
  botLists: (file: string) => `${file} no tiene las listas runs y approvals. Bórralo para empezar de cero.`,
  botDamaged: (file: string, bad: string) =>
    `${file} está dañado: ${bad}. No lo he modificado; corrígelo a mano o bórralo para empezar de cero (se perderán las aprobaciones pendientes).`,
  resultNotJson: (file: string) => `El resultado guardado ${file} no es JSON válido; revísalo o bórralo a mano (no se sobrescribe).`,
  resultShape: (file: string) => `El resultado guardado ${file} no tiene el formato esperado; revísalo o bórralo a mano.`,
  resultInvalid: (file: string) => `El resultado guardado ${file} no contiene un resultado válido; revísalo o bórralo a mano.`,
  usageCorrupt: (file: string, problem: string, fix: string) =>
    `El archivo ${file} está dañado: ${problem}. No se ha modificado. Para recuperarlo, ${fix}; si borras el archivo, se pierde el historial de costes.`,
  durationsAside: (file: string, problem: string, aside: string) =>
    `${file} estaba dañado (${problem}): lo he apartado en ${aside} sin borrarlo, y los tiempos estimados vuelven a los de partida; se ajustarán solos con el uso.`,
  durationsStuck: (file: string, problem: string) =>
    `${file} está dañado (${problem}) y no se pudo apartar: muévelo o bórralo a mano y vuelve a arrancar.`,
  durationsUnreadable: (file: string, why: string) =>
    `No se pudo leer ${file} (${why}): revisa a quién pertenece el archivo y qué permisos tiene, o muévelo, y vuelve a arrancar.`,
  rosterEntryAside: (file: string, entry: string, aside: string) =>
    `En ${file} había una entrada que no es válida (${entry}): la he apartado en ${aside} y el resto de la clase sigue igual.`,
  folderNotFile: (file: string) =>
    `En ${file} hay una carpeta donde debería haber un archivo: muévela o bórrala y vuelve a arrancar.`,
  /** A state file over its size cap: refused before reading (the sentence's middle; the file and the fix wrap it). */
  tooBig: (mb: number, capMb: number) => `ocupa ${mb} MB, más de los ${capMb} MB que se leen de una vez (no es un archivo del cuaderno, o ha crecido a mano)`,
  usageFixLine: 'corrige o borra esa línea (si se cortó a mitad de una escritura, basta con borrar la última línea)',
  usageFixHeader: (header: string) => `añade como primera línea la cabecera "${header}" sin borrar ninguna fila`,
  courseChangeCorrupt: (file: string) =>
    `${file} está dañado: debía guardar un cambio de curso a medio aplicar. No lo he modificado; si lo borras, el curso y las semanas de las notas se quedan como estén ahora.`,
  notebookIdCorrupt: (file: string) =>
    `${file} está dañado: debía guardar el identificador del cuaderno (32 letras y cifras). No lo he modificado; si lo borras se creará otro, y la comprobación del registro de auditoría dejará de reconocer el historial anterior si la carpeta cambió de sitio.`,
});

/** The `cuaderno` CLI's human lines (its JSON, `--json` outputs and exit codes are for scripts and stay as they are). */
/** `cuaderno auditoria --verificar`: what the check of the audit log and its chain found, by line. */
export const AUDIT = Object.freeze({
  empty: (n: number) => `línea ${n}: está vacía`,
  notJson: (n: number) => `línea ${n}: no es JSON válido`,
  cut: (n: number) => `línea ${n}: está cortada (sin salto de línea final; se apartará a la cuarentena al abrir el registro)`,
  notObject: (n: number) => `línea ${n}: no es un objeto JSON`,
  badDate: (n: number) => `línea ${n}: no tiene una fecha válida`,
  badEvent: (n: number, event: string) => `línea ${n}: el evento ${event} no es ninguno de los que anota el cuaderno (la petición o el resultado de una llamada, una revisión de tarjetas, un cambio de curso, una importación o un borrado)`,
  orphanResult: (n: number, id: string) => `línea ${n}: un resultado sin la solicitud que lo pidió (llamada ${id})`,
  openCall: (n: number, id: string) => `línea ${n}: solicitud sin resultado (llamada ${id}): una parada brusca o una llamada en curso`,
  unchained: (n: number) => `línea ${n}: no lleva número ni firma de la cadena: se añadió sin la clave`,
  badChainFields: (n: number) => `línea ${n}: el número o la firma de la cadena no son válidos: se editó a mano`,
  legacyChanged: (k: number) => `${k === 1 ? 'línea 1' : `líneas 1–${k}`}: el registro antiguo anterior a la cadena ha cambiado desde que empezó la cadena`,
  firstChanged: (n: number) => `línea ${n}: la primera entrada de la cadena no es la original (se editó, o se insertó algo delante)`,
  reordered: (n: number, seq: number, after: number, afterLine: number) =>
    `línea ${n}: la entrada número ${seq} va después de la número ${after} (línea ${afterLine}): se ha cambiado el orden o se ha copiado una línea`,
  edited: (n: number, next: number) => `línea ${n}: el contenido ha cambiado desde que se escribió (no coincide con la firma que guarda la línea ${next})`,
  lastEdited: (n: number) => `línea ${n}: el contenido ha cambiado desde que se escribió (es la última entrada firmada)`,
  missing: (from: number, to: number, n: number) => (from === to
    ? `línea ${n}: falta la entrada número ${from} justo antes: se borró`
    : `línea ${n}: faltan las entradas ${from}–${to} justo antes: se borraron`),
  truncated: (from: number, to: number) => `final del registro: faltan las entradas ${from}–${to}: se ha cortado el final`,
  emptied: (k: number) => `el registro no tiene ${k === 1 ? 'la única entrada firmada' : `ninguna de las ${k} entradas firmadas`} que tenía: se ha vaciado, borrado o sustituido`,
  forged: (n: number) => `línea ${n}: añadida después de la última entrada firmada, sin la clave`,
  mirrorBehind: (n: number) => `línea ${n}: es la última y el número aún no se había copiado fuera de la carpeta de datos (una parada brusca entre dos escrituras); encaja en la cadena`,
  noKey: (k: number) => `hay ${count(k, 'entrada encadenada', 'entradas encadenadas')} pero no encuentro la clave del registro: no puedo comprobarlas (revisa CUADERNO_CLAVES_DIR)`,
  noMirror: 'no hay copia del último número de esta cadena en la carpeta de claves (otra instalación, o cambió CUADERNO_CLAVES_DIR): no puedo comprobar que no falte el final',
  legacyPrefix: (k: number) => `${k === 1 ? 'línea 1' : `líneas 1–${k}`}: registro antiguo sin cadena, aceptado como prefijo heredado; la cadena empieza en la línea ${k + 1} y lo sella desde entonces`,
  legacyOnly: (k: number) => `${k === 1 ? 'la única línea es de un registro antiguo sin cadena, aceptada' : `las ${k} líneas son de un registro antiguo sin cadena, aceptadas`} como prefijo heredado; la cadena empezará con la próxima entrada`,
  quarantined: (n: number, file: string) => `${count(n, 'fragmento cortado apartado', 'fragmentos cortados apartados')} en ${file}`,
  intact: (lines: number, calls: number) => `Registro íntegro: ${count(lines, 'línea', 'líneas')}, ${count(calls, 'llamada', 'llamadas')}.`,
  damaged: (problems: number, file: string, lines: number) => `${count(problems, 'problema', 'problemas')} en ${file} (${count(lines, 'línea', 'líneas')}).`,
});

export const CLI_LINES = Object.freeze({
  error: (message: string) => `Error: ${message}`,
  deckEmpty: 'El mazo está vacío: crea tarjetas con `herramienta crear_tarjetas \'{"id_nota":8}\'`.',
  nothingDue: 'No hay tarjetas para repasar ahora.',
  rated: (id: number, estado: string, vence: string, estabilidad: unknown, dificultad: unknown) =>
    `Tarjeta ${id}: ${estado}, vuelve el ${vence} (estabilidad ${String(estabilidad)}, dificultad ${String(dificultad)}).`,
  noUsage: 'Todavía no hay uso registrado.',
  /** `uso`: the billed total, the same figure /gasto counts. */
  usageTotal: (usd: string, rows: number) => `Total: ${usd} USD facturados (${count(rows, 'fila', 'filas')})`,
  usageModelNotes: (rows: number, usd: string) => `Aparte, lo que el modelo apuntó como gasto propio: ${usd} USD en ${count(rows, 'fila', 'filas')} (solo como referencia; no cuenta en el total ni en el presupuesto)`,
  usageEstimated: (n: number) => `Estimado sin conexión (no cuesta nada): ${count(n, 'token', 'tokens')}`,
  noAudit: (file: string) => `Todavía no hay registro de auditoría (${file}).`,
  exported: (file: string, cards: number, reviews: number) => `Mazo exportado a ${file}: ${count(cards, 'tarjeta', 'tarjetas')} y ${count(reviews, 'repaso', 'repasos')}.`,
  noAnswer: '(sin respuesta: se toma como «no»)',
  missingToolArgs: 'Faltan el nombre de la herramienta y los argumentos en JSON.',
  approveAndReject: 'Usa --aprobar o --rechazar, no los dos.',
  graphUnreadable: (file: string, why: string) => `No se puede leer el grafo ${file}: ${why}.`,
  graphMissing: 'el fichero no existe',
  graphInvalid: (file: string, why: string) => `Grafo ${file} no válido: ${why}`,
  weekGraph: '(semana)',
  ganttSaved: (file: string) => `Diagrama de Gantt guardado en ${file}`,
});

/** One console line per configured GPU server at start-up (the console may name the setting). */
export const PROBE = {
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

/** `cuaderno curso …`: the course as the owner reads it and what importing or renaming a week says. */
export const COURSE_LINES = Object.freeze({
  header: (title: string, weeks: number, demo: boolean) =>
    `Curso: ${title} (${weeks} ${weeks === 1 ? 'semana' : 'semanas'})${demo ? ' — el curso de ejemplo; importa el tuyo con «curso importar TEMARIO.txt»' : ''}`,
  week: (n: number, title: string, start: string | null, noClass = false) => `${String(n).padStart(3)}  ${title}${start ? ` (desde el ${start})` : ''}${noClass ? ' — sin clase' : ''}`,
  unreadable: (why: string) => `No pude leer ese archivo (${why}). Comprueba el nombre y vuelve a intentarlo.`,
  badSyllabus: (problem: string) => `No pude leer el temario: ${problem}. Escribe una línea «Semana 1: título» por semana.`,
  wouldOrphan: (weeks: readonly number[], notes: readonly number[], cards: readonly number[]) =>
    `El curso nuevo no tiene ${weeks.length === 1 ? `la semana ${weeks[0]}` : `las semanas ${listInWords(weeks)}`}, y ` +
    [notes.length ? `${notes.length === 1 ? 'la nota' : 'las notas'} ${listInWords(notes)}` : '', cards.length ? `${cards.length === 1 ? 'la tarjeta' : 'las tarjetas'} ${listInWords(cards)}` : '']
      .filter(Boolean).join(' y ') +
    ' son de esas semanas. No he cambiado nada. Si aun así quieres cambiar de curso, repite la orden con --forzar: esas notas se quedan sin semana (no se borra nada).',
  imported: (title: string, weeks: number, orphaned: number) =>
    `Curso «${title}» guardado: ${weeks} ${weeks === 1 ? 'semana' : 'semanas'}.${orphaned ? ` ${orphaned === 1 ? 'Una nota se ha quedado' : `${orphaned} notas se han quedado`} sin semana.` : ''}`,
  /** The same sentence as the chat's: the terminal and the chat say one thing about one event. */
  examplesRemoved: COURSE_CHAT.examplesRemoved,
  badWeekNumber: (raw: string, max: number) => `«${raw}» no es un número de semana válido: usa un número del 1 al ${max} (una semana nueva va justo después de la última).`,
  badWeekTitle: (max: number) => `El título de la semana debe tener entre 1 y ${max} caracteres.`,
  weekSaved: (n: number, title: string, added: boolean) => `${added ? 'Añadida' : 'Renombrada'} la semana ${n}: ${ended(title)}`,
});

/** «1, 2 y 3». */
function listInWords(items: readonly (number | string)[]): string {
  const all = items.map(String);
  return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} y ${all.at(-1)}`;
}

/** The notes' search index on disk (store/notesIndex.ts): rebuilt from the notes, never a crash. */
export const INDEX = Object.freeze({
  rebuilt: (file: string, why: string, notes: number) => `El índice de búsqueda ${file} ${why}: lo he rehecho ${notes === 0 ? 'vacío: no hay notas' : notes === 1 ? 'a partir de la única nota' : `a partir de las ${notes} notas`}.`,
  stale: 'no correspondía a las notas actuales',
  damaged: (problem: string) => `estaba dañado (${problem})`,
  notJson: 'no es JSON válido',
  shape: 'no tiene el formato esperado',
  version: (found: unknown, expected: number) => `tiene la versión ${JSON.stringify(found)} y este programa usa la ${expected}`,
  notWritten: (file: string, why: string) => `No pude guardar el índice de búsqueda ${file} (${why}); la búsqueda sigue funcionando y lo guardaré en la próxima.`,
  /** What is inconsistent in the index's lists (inside `damaged`). */
  snapshot: (p: SnapshotProblem): string => {
    switch (p.kind) {
      case 'sin_lista': return 'hay palabras sin lista de notas';
      case 'faltan_palabras': return 'a alguna nota le faltan palabras';
      case 'repetida': return `la palabra «${p.word}» está repetida`;
      case 'incompleta': return `la lista de «${p.word}» está incompleta`;
      case 'no_cuadra': return `la lista de «${p.word}» no cuadra con las notas`;
    }
  },
});

/** The terminal's sentence for a file that the command cannot use as it is (never a raw «EISDIR»). */
export const FILE_PROBLEMS = Object.freeze({
  /** An import's record (`importaciones/<clave>.json`) that is empty, cut short, not JSON, or not a file. */
  importRecord: (file: string) => `El registro de importación ${file} está dañado (vacío, cortado o no es un archivo): apártalo o bórralo a mano y vuelve a importar el archivo; no lo sobrescribo.`,
  /** What the system said, in words, with the file it said it about. */
  unusable: (file: string, code: string) => {
    switch (code) {
      case 'EISDIR':
        return `${file} es una carpeta y ahí espero un archivo: apártala o bórrala a mano y repite la orden.`;
      case 'EEXIST':
        return `${file} ya existe y no es una carpeta, que es lo que espero ahí: revisa esa ruta.`;
      case 'ENOTDIR':
        return `Parte de la ruta ${file} es un archivo y ahí espero una carpeta: revisa esa ruta.`;
      case 'EACCES':
      case 'EPERM':
        return `No tengo permiso para usar ${file}: revisa sus permisos y repite la orden.`;
      case 'ENOSPC':
        return `No queda espacio en el disco para escribir ${file}: libera espacio y repite la orden.`;
      default:
        return `No puedo usar ${file} (${code}): revísalo y repite la orden.`;
    }
  },
});

/** Settings read apart from config.ts's list (the queue, the crash test hook, a run's id). */
export const SETTINGS = Object.freeze({
  queuePrefix: (raw: string) => `Se esperaba que \`CUADERNO_COLA_PREFIJO\` fueran letras, dígitos, «_», «.» o «-» (sin «:»); se recibió \`${raw}\``,
  redisUrl: (raw: string) => `Se esperaba que \`REDIS_URL\` fuera como redis://host:6379 (o rediss:// con TLS, y /N para otra base); se recibió \`${raw}\``,
  crashAfter: (labels: readonly string[], raw: string) => `Se esperaba que \`CRASH_AFTER\` fuera <etiqueta>:<n> con etiqueta en ${labels.join(', ')} y n ≥ 1; se recibió \`${raw}\``,
  /** What the crash test hook throws where no hard exit was injected. */
  simulatedCrash: (label: string, n: number) => `caída simulada en ${label}:${n}`,
  runId: (raw: string) => `runId no válido: «${raw}» (solo letras, números, _ y -).`,
});

/** The model's script (`CUADERNO_MODELO=script:ARCHIVO`) that cannot be played as it is. */
export const SCRIPT = Object.freeze({
  notArray: (file: string) => `El guion ${file} debe ser un array JSON de respuestas {"stop_reason", "content": [...]}.`,
  notObject: (n: number) => `respuesta ${n}: no es un objeto`,
  noStop: (n: number) => `respuesta ${n}: falta "stop_reason"`,
  noContent: (n: number) => `respuesta ${n}: "content" debe ser un array de bloques`,
  invalid: (file: string, problems: readonly string[]) => `El guion ${file} no es válido:\n- ${problems.join('\n- ')}`,
  unused: (numbers: readonly number[]) => `Respuestas del guion sin usar: ${numbers.join(', ')}`,
});

/** What is wrong inside a state file (the middle of STATE's sentences, or a line of its own). */
export const STATE_PROBLEMS = Object.freeze({
  notJson: (why: string) => `no es JSON válido (${why})`,
  isFolder: 'es una carpeta, no un archivo',
  durationsShape: 'no es un objeto con una lista de duraciones por etapa',
  durationsOfStage: (stage: string) => `la etapa «${stage}» no tiene una lista de duraciones`,
  durationNotMs: (stage: string, shown: string) => `la etapa «${stage}» tiene una duración que no es un número de milisegundos (${shown})`,
  correctionsShape: (version: number) => `debería ser un objeto {version: ${version}, pendientes: [...]}`,
  correctionsItem: (n: number) => `el elemento ${n} no es {chat, mensaje, que, id, por}`,
  /** What deleting the pending corrections' file loses, said with its damage. */
  correctionsFix: 'si lo borras, las preguntas de corrección abiertas dejan de esperar respuesta y no se pierde nada más.',
  /** A course proposal (`propuestas-curso/<clave>.json`) that is not one. */
  courseProposalShape: (version: number) => `debería ser un objeto {version: ${version}, clave, asunto: "curso", estado, curso, ...}`,
  /** What deleting a course proposal's file loses, said with its damage. */
  courseProposalFix: 'si lo borras, ese cambio del curso deja de esperar respuesta y el curso se queda como está.',
  /** The cards' record of the notes they were made from (`tarjetas_fuentes.json`) that is not one. */
  cardSourcesShape: (version: number) => `debería ser un objeto {version: ${version}, notas: {id de nota: huella}}`,
  /** What deleting the cards' record of their notes loses, said with its damage. */
  cardSourcesFix: 'si lo borras, solo se pierde el aviso de notas nuevas o cambiadas desde las tarjetas de cada semana.',
  /** A run's closing record (`bot/cierres/<run>.json`) that is not one. */
  closingShape: (version: number) => `debería ser un objeto {version: ${version}, runId, chatId, events: [...], waits: [...], cards: [...]}`,
  /** What deleting a run's closing record loses, said with its damage. */
  closingFix: 'si lo borras, los botones de Tarjetas y Cronograma de ese trabajo dejan de responder y no se pierde nada más.',
  importVersion: (file: string, found: string, reads: number) => `${file}: versión ${found} desconocida (esta versión lee la ${reads})`,
  resultVersion: (file: string, found: number, reads: number) => `El resultado guardado ${file} tiene la versión ${found}; esta versión solo lee la ${reads}.`,
});

/** The local chat's saved state (its chat file and the chats' id marks): what is wrong in it. */
export const CHAT_STATE = Object.freeze({
  notJson: (why: string) => `no es JSON válido (${why})`,
  version: (found: string, expected: number) => `versión desconocida ${found} (se esperaba ${expected})`,
  notCommand: (where: string) => `${where} no es un comando`,
  tooBig: (mb: number, capMb: number) => `ocupa ${mb} MB, más de los ${capMb} MB que se leen de una vez`,
  notObject: (where: string) => `${where} no es un objeto`,
  notList: (where: string) => `${where} no es una lista`,
  notNumber: (where: string) => `${where} no es un número válido`,
  missing: (where: string) => `${where} falta`,
  badPath: (where: string) => `${where}.file_path no es válido`,
  theFile: 'el archivo',
  keyOf: (where: string, key: string) => `${where} (clave ${key})`,
  marksNotObject: 'no es un objeto',
  markOf: (chat: string) => `la marca del chat ${chat} no es un número válido`,
});

/**
 * The queue's workers (`npm run trabajador`) and the jobs they take: a flag, a setting or a job
 * they refuse, said to the person running them (and in the bot's log when a job comes back so).
 */
export const WORKER = Object.freeze({
  lane: (raw: string, usage: string) => `Se esperaba que \`--carril\` fuera gpu o cpu; se recibió \`${raw}\`\n${usage}`,
  engines: (known: readonly string[], raw: string, usage: string) => `Se esperaba que \`--motores\` fueran de ${known.join(', ')}; se recibió \`${raw}\`\n${usage}`,
  concurrency: (raw: string, usage: string) => `Se esperaba que \`--concurrencia\` fuera un entero positivo; se recibió \`${raw}\`\n${usage}`,
  lockMs: (raw: string, usage: string) => `Se esperaba que \`--bloqueo-ms\` fuera un entero ≥ 1000; se recibió \`${raw}\`\n${usage}`,
  needsRedis: 'Falta `REDIS_URL` (por ejemplo redis://127.0.0.1:6379): el trabajador toma de ahí los trabajos.',
  redisUrl: (raw: string) => `Se esperaba que \`REDIS_URL\` fuera como redis://host:6379; se recibió \`${raw}\``,
  redisScheme: (raw: string) => `Se esperaba que \`REDIS_URL\` empezara por redis:// o rediss://; se recibió \`${raw}\``,
  redisDb: (raw: string) => `Se esperaba un número de base de datos tras el servidor en \`REDIS_URL\`; se recibió \`${raw}\``,
  redisSilent: (ms: number) => `no respondió en ${ms} ms`,
  laneSlots: (lane: string, raw: string) => `Se esperaba que el carril \`${lane}\` fuera un entero positivo; se recibió \`${raw}\``,
  studentId: (raw: string) => `Se esperaba un id de estudiante numérico; se recibió \`${raw}\``,
  jobKey: (raw: string) => `Se esperaba una clave de idempotencia de letras, cifras y ._~=+-; se recibió \`${raw}\``,
  // --- a job the worker refuses (`job`: the stage it was for) ---
  badJob: (stage: string, why: string) => `Trabajo de ${stage}: ${why}`,
  notAnObject: 'se esperaba un objeto',
  urlInJob: (field: string) => `\`${field}\` no puede venir en un trabajo: un trabajador solo llama a los motores que tiene configurados`,
  intRange: (field: string, max: number) => `se esperaba que \`${field}\` fuera un entero entre 1 y ${max}`,
  engineOneOf: (known: readonly string[], raw: string) => `se esperaba uno de estos motores: ${known.join(', ')}; se recibió ${raw}`,
  engineExactly: (name: string, raw: string) => `se esperaba exactamente el motor "${name}"; se recibió ${raw}`,
  audioSize: (max: number) => `se esperaba que \`audio\` fuera base64 de como mucho ${max} bytes`,
  notServed: (engine: string, setting: string) => `Este trabajador no atiende ${engine} (aquí no hay ${setting})`,
  unknownStage: (stage: string) => `Este trabajador no conoce la etapa \`${stage}\``,
  noInput: (stage: string) => `Faltan \`entrada\` y \`archivos\` en la entrada de ${stage}`,
  plainName: (field: string, stage: string) => `Se esperaba un nombre de archivo simple en \`${field}\` de ${stage}`,
  // --- a job's result ---
  filesTooBig: (bytes: number, max: number) => `Los archivos de la etapa ocupan ${bytes} bytes, más del límite de ${max} bytes del resultado de un trabajo`,
  resultTooBig: (bytes: number, max: number) => `Un trabajo devolvió ${bytes} bytes, más del límite de ${max} bytes`,
  missingFile: (stage: string, name: string) => `Un trabajo de ${stage} volvió sin el archivo \`${name}\``,
  noReason: 'Un trabajo falló sin decir por qué',
  noTranscriber: 'no hay motor de transcripción',
});

/**
 * A state file kept by store/document.ts and the one describer of what its schema found wrong
 * (store/schema-problem.ts): where in the file, and what it should be. `where` is already in words
 * («la semana 2 de la lista», «"delivery › closed"», «el archivo»).
 */
export const STORE = Object.freeze({
  whole: 'el archivo',
  at: (path: string) => `«${path}»`,
  missing: (where: string, field: string) => `a ${where} le falta «${field}»`,
  extra: (where: string, field: string) => `${where} tiene un campo que no se conoce («${field}»)`,
  wrongType: (where: string, kind: string) => `${where} debería ser ${kind}`,
  unknownValue: (where: string) => `${where} tiene un valor que no se conoce`,
  otherShape: (where: string) => `${where} no tiene la forma esperada`,
  /** ajv's type names in words. */
  kinds: Object.freeze({ object: 'un objeto', array: 'una lista', string: 'un texto', integer: 'un número entero', number: 'un número', boolean: 'verdadero o falso', null: 'nada' }) as Readonly<Record<string, string>>,
  notJson: (why: string) => `no es JSON válido (${why}); puede haberse cortado a mitad de una escritura o editado a mano`,
  newerVersion: (found: unknown, known: number) => `tiene la versión ${JSON.stringify(found)} y este programa solo entiende hasta la ${known}`,
  damaged: (file: string, problem: string, recovery: string) =>
    `El archivo ${file} está dañado: ${problem}. No se ha modificado ni sustituido. Para recuperarlo, corrígelo a mano o restaura una copia; ${recovery}`,
  notSaved: (file: string, problem: string) =>
    `No he guardado ${file}: el cambio lo dejaría dañado (${problem}). El archivo y lo que el programa recuerda siguen como estaban; esto es un fallo del programa, avísanos.`,
  unreadableFolder: 'es una carpeta, no un archivo (quizá se creó una carpeta con ese nombre por error)',
  unreadablePermission: 'no tengo permiso para leerlo (revisa a quién pertenece y qué permisos tiene)',
  unreadable: (why: string) => `no se pudo leer (${why})`,
  busy: (file: string) => `El archivo ${file} está ocupado por otro proceso de Cuaderno Vivo desde hace demasiado; vuelve a intentarlo en unos segundos.`,
});

/** What is wrong inside the bot's state file (bot/state.ts), told inside STATE.botDamaged. */
export const BOT_CHECK = Object.freeze({
  run: (n: number) => `el trabajo ${n}`,
  approval: (n: number) => `la aprobación ${n}`,
  wait: (i: number, n: number) => `la espera ${i} del trabajo ${n}`,
  sent: (i: number) => `el envío ${i}`,
  taken: (i: number) => `el pedido ${i}`,
  notObject: (what: string) => `${what} no es un objeto`,
  notList: (field: string) => `${field} no es una lista`,
  notListField: (what: string, field: string, value: unknown) => `${what} tiene "${field}" = ${JSON.stringify(value)}, que no es una lista`,
  wrong: (what: string, field: string, value: unknown, kind: 'int' | 'userId' | 'chatId' | 'number' | 'string' | 'boolean') =>
    `${what} tiene "${field}" = ${JSON.stringify(value) ?? 'nada'}, que no es ${BOT_KINDS[kind]}`,
  badClosed: (what: string, value: unknown) => `${what} tiene "closed" = ${JSON.stringify(value)}, que no es una lista de pasos del final`,
  badMode: (what: string, mode: unknown) => `${what} tiene un modo desconocido (${JSON.stringify(mode)})`,
});
const BOT_KINDS = {
  int: 'un número entero', userId: 'un número entero positivo (el de una persona)', chatId: 'un número entero distinto de cero (el de un chat)',
  number: 'un número', string: 'un texto', boolean: 'verdadero o falso',
} as const;

/** What is wrong in `curso.json` (store/courseFile.ts), one phrase per kind of damage, naming the week. */
export const COURSE_DOC = Object.freeze({
  version: (found: unknown, known: number) => `tiene la versión ${JSON.stringify(found)} y este programa solo entiende la ${known}`,
  extra: (field: string) => `tiene un campo que no se conoce ("${field}")`,
  notObject: 'debería ser un objeto JSON con "version", "titulo" y "semanas"',
  title: 'no tiene un "titulo" de texto (entre 1 y 200 caracteres)',
  weeks: (max: number) => `"semanas" debería ser una lista de 1 a ${max} semanas`,
  week: (n: number) => `la semana ${n} de la lista`,
  weekNumber: (where: string, max: number) => `${where} no tiene un "numero" entero del 1 al ${max}`,
  weekTitle: (where: string, max: number) => `${where} no tiene un "titulo" de 1 a ${max} caracteres`,
  weekStart: (where: string) => `${where} tiene un "inicio" que no es una fecha AAAA-MM-DD ni null`,
  weekTerms: (where: string) => `${where} tiene unos "terminos" que no son una lista de textos`,
  weekNoClass: (where: string) => `${where} tiene un "sin_clase" que no es true (si hay clase, quítalo)`,
  weekShape: (where: string) => `${where} no es un objeto {numero, titulo, inicio, terminos}`,
  order: (position: number, found: number) => `las semanas deben ir numeradas 1, 2, 3… en orden, sin huecos ni repeticiones (en la posición ${position} está la ${found})`,
  invalid: (problem: string) => `El curso no es válido: ${problem}.`,
  recovery: 'si lo borras, vuelves al curso de ejemplo (las notas y las tarjetas se conservan).',
});

/** The quizzes' file of one person (domain/quiz/store.ts). */
export const QUIZ_DOC = Object.freeze({
  damaged: (file: string, problem: string) =>
    `El archivo ${file} de los tests está dañado: ${problem}. No se ha modificado; corrígelo o bórralo para empezar de cero (se pierden los tests sin responder).`,
  noList: 'le falta la lista de tests',
  classRecovery: 'si lo borras, /resultados no encuentra los tests ya mandados a la clase (las copias de cada estudiante se conservan).',
  notJson: 'no es JSON válido',
  version: (found: unknown, known: number) => `versión ${String(found)} desconocida (se espera ${known})`,
});

/** The owner's reasons for a no (store/reasons.ts). */
export const REASONS_DOC = Object.freeze({
  notObject: 'no es un objeto',
  noList: 'le falta la lista «motivos»',
  badEntry: (n: number) => `el motivo ${n} no tiene la forma esperada`,
  recovery: 'si lo borras, solo se olvidan los motivos de tus rechazos anteriores.',
});

/** What is wrong in `notas.json` or `tarjetas.json` (store/notesFile.ts). */
export const NOTES_DOC = Object.freeze({
  notesVersion: (found: unknown, known: number) => `tiene la versión ${JSON.stringify(found)} y este programa solo entiende hasta la ${known} (o la lista de la primera)`,
  noNotesList: 'no tiene una lista "notas"',
  notesShape: 'debería ser una lista JSON de notas [{id, tema, texto}] o un objeto {version, notas} con ellas',
  item: (n: number) => `el elemento ${n}`,
  noteNotObject: (where: string) => `${where} no es un objeto {id, tema, texto}`,
  badId: (where: string, id: unknown) => `${where} tiene un "id" que no es un entero positivo (${JSON.stringify(id)})`,
  repeatedNote: (id: number) => `el id ${id} está repetido`,
  noteField: (id: number, field: 'tema' | 'texto') => `la nota ${id} no tiene un "${field}" de texto`,
  noteWeek: (id: number) => `la nota ${id} tiene una "semana" que no es un entero positivo ni null`,
  noteSource: (id: number) => `la nota ${id} tiene un "origen" que no es {archivo, pagina}`,
  lastId: 'tiene un "ultimo_id" que no es un entero positivo',
  cardsVersion: (found: unknown, known: number) => `tiene la versión ${JSON.stringify(found)} y este programa solo entiende la ${known} (o la lista de la primera)`,
  cardsShape: 'debería ser un objeto {version, tarjetas} o una lista JSON de tarjetas',
  cardNotObject: (where: string) => `${where} no es un objeto`,
  repeatedCard: (id: number) => `el id de tarjeta ${id} está repetido`,
  cardNote: (id: number) => `la tarjeta ${id} no tiene un "id_nota" entero`,
  cardText: (id: number, field: string) => `la tarjeta ${id} no tiene "${field}" de texto`,
  cardWeek: (id: number) => `la tarjeta ${id} tiene una "semana" que no es un entero positivo`,
  cardDeleted: (id: number) => `la tarjeta ${id} tiene un "borrada" que no es true`,
  cardNotText: (id: number, field: string) => `la tarjeta ${id} tiene un "${field}" que no es texto`,
  notesRecovery: 'si lo borras, vuelven las notas de ejemplo y se pierden las que añadiste.',
  cardsRecovery: 'si lo borras, empiezas con un mazo vacío y se pierden las tarjetas guardadas.',
});
