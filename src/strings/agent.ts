/**
 * Every Spanish text of the agent layer and its CLI in one place, so it can be reviewed and
 * translated: report lines, stop reasons, reconcile messages, terminal prompts.
 */
import type { FewerCardsReason } from '../domain/cards/build.js';
import { callInWords, toolInWords } from './tools.js';
import { wordsInWords } from './chat.js';
import { count } from './count.js';
import { ended } from './list.js';

const list = (ids: readonly number[]) => (ids.length > 0 ? ids.join(', ') : 'ninguna');
/** «de la nota 7», «de las notas 7, 8 y 9». */
const ofNotes = (notes: readonly number[]) =>
  notes.length === 1 ? `de la nota ${notes[0]}` : `de las notas ${notes.slice(0, -1).join(', ')} y ${notes[notes.length - 1]}`;

/** Notes that got fewer cards than asked, and why (crear_tarjetas' typed result). */
export interface FewerCards {
  notes: readonly number[];
  why: FewerCardsReason;
}
const FEWER_WORDS: Readonly<Record<FewerCardsReason, string>> = Object.freeze({
  pocos_terminos: 'no hay más términos clave que preguntar',
  pocas_frases: 'otra tarjeta de la misma frase delataría la respuesta',
  ya_en_la_semana: 'lo demás ya lo preguntan otras tarjetas de la semana',
  sin_ideas: 'no dicen ninguna definición, enunciado, fórmula ni término clave que preguntar',
});

/** A search that found no exact word (buscar_notas' `aproximada`): said to the student as it is. */
const APPROXIMATE = '(no encontré esas palabras exactas: se parecen sin tildes o por la raíz de las palabras)';

/**
 * The closing message's line for a cards run that made none (crear_tarjetas' `menos_tarjetas.motivo`
 * per note): which notes and why, never a bare «✅ Tarjetas de repaso».
 */
export function noNewCards(notes: ReadonlyArray<{ note: number; why?: string }>): string {
  const ids = [...new Set(notes.map((n) => n.note))];
  const why = notes.find((n) => n.why !== undefined && n.why in FEWER_WORDS)?.why as FewerCardsReason | undefined;
  const words = why ? FEWER_WORDS[why] : 'no encontré nada nuevo que preguntar';
  const reason = ids.length === 1 ? words.replace(/^no dicen /u, 'no dice ') : words;
  if (ids.length === 0) return `⚠️ No hice tarjetas nuevas: ${reason}`;
  return `⚠️ ${ids.length === 1 ? `La nota ${ids[0]} no da` : `Las notas ${ids.join(', ')} no dan`} tarjetas nuevas: ${reason}`;
}

export const REPORT = {
  notApproved: 'no la aprobaste',
  notesOfWeek: (title: string, ids: readonly number[], approximate = false) =>
    ids.length === 0 ? `${ended(title, ':')} todavía no tiene notas; mándame tus apuntes (texto, PDF o una foto) y la preparo con ellos.`
      : `${ended(title, ':')} notas revisadas ${list(ids)}${approximate ? ` ${APPROXIMATE}` : ''}.`,
  closestNote: (query: string, id: number | undefined, approximate = false) =>
    id === undefined ? `Ninguna nota se parece a «${query}».` : `Nota más parecida a «${query}»: la ${id}${approximate ? ` ${APPROXIMATE}` : ''}.`,
  searchFailed: (why: string) => `Búsqueda de notas: falló (${shortForOwner(why)}).`,
  weekOnly: (title: string) => ended(title),
  noSearch: 'Notas: no hizo falta buscarlas.',
  cardsNotAsked: 'Tarjetas: no se pidieron.',
  /** Cards were wanted but the search found no note to make them from. */
  cardsNoNotes: 'Tarjetas: ninguna, porque no hay notas de las que hacerlas.',
  cardsNotDone: (why: string) => `Tarjetas: no se hicieron — ${shortForOwner(why)}.`,
  /** Appended to cardsDone when some of the week's notes failed while others were carded. */
  cardsNotDoneFor: (notes: readonly number[], why: string) => `Las ${ofNotes(notes)} no se hicieron — ${shortForOwner(why)}.`,
  /**
   * The cards of a run, over all the notes carded (`notes`, in call order); `fewer` names the notes
   * that got fewer than `max` cards, grouped by why (domain/cards/build.ts FewerCardsReason).
   */
  cardsDone: (ids: readonly number[], notes: readonly number[], reused: readonly number[] = [], fewer: readonly FewerCards[] = [], max = 3) => {
    // Notes with no key idea give no card: they are named once, not counted as carded.
    const none = fewer.filter((f) => f.why === 'sin_ideas').flatMap((f) => f.notes);
    const carded = notes.filter((n) => !none.includes(n));
    const of = ofNotes(carded.length > 0 ? carded : notes);
    const made = ids.length === 0
      ? 'Tarjetas: ninguna nueva.'
      : reused.length === 0
      ? `Tarjetas: ${ids.length === 1 ? `1 nueva (número ${list(ids)})` : `${ids.length} nuevas (números ${list(ids)})`} ${of}.`
      : reused.length === ids.length
        ? ids.length === 1
          ? `Tarjetas: la ${of} ya estaba en el mazo (número ${list(ids)}); no se duplicó.`
          : `Tarjetas: las ${ids.length} ${of} ya estaban en el mazo (números ${list(ids)}); no se duplicaron.`
        : `Tarjetas: ${count(ids.length - reused.length, 'nueva', 'nuevas')} y ${count(reused.length, 'que ya estaba', 'que ya estaban')} en el mazo (números ${list(ids)}) ${of}.`;
    return [made, ...fewer.map((f) => (f.why === 'sin_ideas'
      ? `Ninguna ${ofNotes(f.notes)}: ${FEWER_WORDS[f.why]}.`
      : `Menos de ${max} ${ofNotes(f.notes)}: ${FEWER_WORDS[f.why]}.`))].join(' ');
  },
  mediaNotAsked: (what: string) => `${cap(what)}: no se pidió.`,
  mediaNotDone: (what: string, why: string) => `${cap(what)}: no se hizo — ${shortForOwner(why)}.`,
  /** The cover and the narration, both not done for the same reason: said once. */
  mediaBothNotDone: (why: string) => `Portada y narración: no se hicieron — ${shortForOwner(why)}.`,
  /** Both rejected: `notApproved` in the plural. */
  bothNotApproved: 'no aprobaste ninguna de las dos',
  /** Made (or already made): what it is in words; never its file or the engine's codename. */
  mediaDone: (what: string, engine: string) => `${cap(what)}: hecha${ENGINE_WORDS[engine] ? `, ${ENGINE_WORDS[engine]}` : ''}.`,
  /** Already made by an earlier run (a repeat): nothing new was made. */
  mediaReused: (what: string) => `${cap(what)}: ya estaba hecha; no la he repetido.`,
  // Line 5 says whether usage was noted, never a figure: the report's one cost line (chat.S.runCost)
  // is computed from the usage file, like /gasto. A run that costs nothing (offline) has no line 5.
  usageNotLogged: 'Uso: el modelo no lo anotó (el programa sí guarda el uso real de cada llamada; el coste va al final).',
  usageFailed: (why: string) => `Uso: no se anotó — ${shortForOwner(why)}.`,
  usageLogged: 'Uso: anotado; el coste va abajo.',
} as const;

/** How each engine reads for the owner (the codename is the tools' argument, never shown). */
const ENGINE_WORDS: Readonly<Record<string, string>> = Object.freeze({
  maqueta: 'un dibujo hecho en este ordenador',
  FLUX: 'una imagen hecha con la tarjeta gráfica',
  juguete: 'con una voz sintética',
  xtts: 'con tu propia voz',
});

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The counts of a model response's usage, in words. */
export type UsageField = 'input_tokens' | 'output_tokens' | 'cache_creation_input_tokens' | 'cache_read_input_tokens';
const USAGE_FIELD_WORDS: Readonly<Record<UsageField, string>> = Object.freeze({
  input_tokens: 'lo leído',
  output_tokens: 'lo escrito',
  cache_creation_input_tokens: 'lo guardado en la memoria intermedia',
  cache_read_input_tokens: 'lo leído de la memoria intermedia',
});

/**
 * A call the owner did not approve, in the report's two places: the five-line report's short reason
 * («Portada: no se hizo — …») and the «No se hizo» list's line. «rechazado» has its own words
 * (REPORT.notApproved, AGENT.rejected).
 */
export const NOT_APPROVED_WORDS = {
  expirado: {
    short: 'no respondiste a tiempo (cuenta como un no)',
    line: 'no respondiste a tiempo (cuenta como un no), así que no se hizo',
  },
  cancelado: {
    short: 'el trabajo se canceló antes de que decidieras',
    line: 'el trabajo se canceló antes de que decidieras, así que no se hizo',
  },
} as const;

/** A notice in the run's events: the usage row of a turn could not be written (the run goes on). */
export const usageNotWritten = (why: string) => `No se pudo escribir el registro de uso: ${why}`;

export const AGENT = {
  /** A one-call run whose call is not on record (a damaged state file). */
  oneCallMissing: 'Este trabajo no guarda qué debía hacer, así que no puede continuar; vuelve a pedirlo.',
  /** A week the course does not have, asked for directly (`range`: «del 1 al 14»). */
  badWeek: (range: string, week: number | undefined) => `La semana debe ser una de tu curso, ${range}; se recibió ${String(week)}.`,
  unknownState: (tool: string) =>
    `Estado desconocido: el proceso se interrumpió mientras se ejecutaba ${tool} y no consta si terminó. No se repite para no duplicar el efecto; compruébalo a mano antes de volver a pedirlo.`,
  journalFailed: (tool: string, why: string) =>
    `AVISO: ${tool} se ejecutó pero no se pudo anotar en el diario de efectos (${why}). Si el proceso se interrumpe ahora, comprueba a mano que no se repita.`,
  journalStartFailed: (why: string) =>
    `No se pudo anotar en el diario de efectos qué se iba a ejecutar (${why}); no se ejecutó nada. Revisa el disco y reanuda con --reanudar.`,
  countFallback: (why: string) => `No pude contar con exactitud el texto que leerá el modelo (${why}); lo calculo por la longitud del texto, como estimación.`,
  stopIterations: (n: number) => `Parado por el límite de iteraciones (${n}).`,
  stopBudget: (used: number, next: number, budget: number) =>
    `Parado por el límite de este trabajo: el asistente lleva leídas y escritas ${wordsInWords(used)}, el siguiente paso necesitaría ${wordsInWords(next)} más y el límite es de ${wordsInWords(budget)}. Ese paso no se hizo.`,
  refusal: 'El modelo se negó a continuar: no se ejecutó nada más.',
  /** The model's endpoint reported an impossible count of its own use: that call is billed at an upper estimate, the run goes on. */
  usageEstimated: (problems: readonly string[]) =>
    `El servicio del modelo devolvió un recuento de uso imposible (${problems.join('; ')}); he anotado el gasto de esa llamada con una estimación por lo alto y sigo. Revisa el servicio del modelo.`,
  badUsageField: (field: UsageField, got: string, max: number) => `${USAGE_FIELD_WORDS[field]}: ${got}, y debía ser un número entero entre 0 y ${max}`,
  cancelled: 'Ejecución cancelada.',
  maxTokens: 'La respuesta del modelo se cortó porque llegó al límite de longitud.',
  /** One «No se hizo» line for the owner: the tool in words and the reason in plain words (tú). */
  /** One «No se hizo» line: the call in words with what it was about (which note, which week), so two never read alike. */
  notDone: (tool: string, why: string, input?: Readonly<Record<string, unknown>>) => `${cap(callInWords(tool, input))}: ${forOwner(why)}`,
  rejected: 'no lo aprobaste, así que no se hizo',
  /** A no with the owner's reason: the reason is said back, so it is seen to be remembered. */
  rejectedWhy: (why: string) => `no lo aprobaste (tu motivo: «${why}»), así que no se hizo`,
  denied: 'tu configuración no lo permite, así que no se hizo',
  failed: (why: string) => `falló (${why})`,
  noReport: 'Resumen hecho con los resultados reales (el modelo no dio el suyo):',
} as const;

/** «Tu curso tiene las semanas del 1 al 14.» — `range` is the course's own sentence (weekRange). */
const weeksInWords = (range: string) => `Tu curso tiene las semanas ${range}.`;

/** The planner's words back when a request is not work to do, or not clear enough (tú). */
export const ASK = {
  hello: '¡Hola! Dime en una frase qué quieres preparar, por ejemplo «prepara la semana 1», o escribe /ayuda para ver todo lo que sé hacer.',
  thanks: '¡De nada! Aquí estoy si necesitas algo más.',
  searchInChat: (query: string) => `Para buscar «${query}» en tus notas, escríbemelo en el chat: «¿qué tengo sobre ${query}?».`,
  command: (name: string) => `Eso es una orden del chat: escribe /${name}.`,
  noSuchWeek: (week: number, range: string) => `No existe la semana ${week}. ${weeksInWords(range)} ¿Cuál quieres? Por ejemplo: «prepara la semana 1».`,
  whichWeek: (range: string) => `¿Qué semana quieres preparar? ${weeksInWords(range)} Por ejemplo: «prepara la semana 1».`,
  whichWeekFor: (what: 'portada' | 'narracion', range: string) =>
    what === 'portada'
      ? `¿De qué semana quieres la portada? ${weeksInWords(range)} Por ejemplo: «rehaz la portada de la semana 1».`
      : `¿De qué semana quieres la narración? ${weeksInWords(range)} Por ejemplo: «narra la semana 1».`,
  whichNote: '¿De qué nota o tema quieres las tarjetas? Por ejemplo: «tarjetas de la nota 5», «tarjetas de la semana 2» o el tema con tus palabras.',
  whatToSearch: '¿Qué busco en tus notas? Dime el tema con tus palabras, por ejemplo: «¿qué tengo sobre …?» con lo que estés estudiando.',
  /** A statement of study content where a request was expected (the bot offers to keep it as a note). */
  statement: (week: number) => `Eso parece algo para estudiar, no un encargo. Si querías pedirme algo, dímelo en una frase, por ejemplo «prepara la semana ${week}».`,
  unclear: `¿Qué quieres hacer? Puedo preparar una semana, rehacer la portada, narrarla, hacer tarjetas o buscar en tus notas. Por ejemplo: «prepara la semana 1». Escribe /ayuda para ver más ejemplos.`,
} as const;

export const CHECKPOINT = {
  missing: (file: string) => `No hay ninguna ejecución que reanudar (no existe ${file}). Empieza una nueva sin --reanudar.`,
  corrupt: (file: string, why: string) =>
    `El punto de control ${file} está dañado (${why}); puede haberse cortado a mitad de escritura. No se reanuda para no repetir efectos: bórralo (con los demás archivos de la carpeta de esa ejecución) para empezar de nuevo, o restáuralo de una copia.`,
  badVersion: (file: string, v: unknown, known: readonly number[]) =>
    `El punto de control ${file} tiene la versión ${JSON.stringify(v)}, que este programa no conoce en ese archivo (solo ${known.length === 1 ? `la ${known[0]}` : `${known.slice(0, -1).map((k) => `la ${k}`).join(', ')} y la ${known.at(-1)}`}). Actualiza el programa o bórralo para empezar de nuevo.`,
  badShape: (file: string, why: string) => `El punto de control ${file} no tiene la forma esperada (${why}). Bórralo para empezar de nuevo.`,
  journalCorrupt: (file: string, line: number) =>
    `El diario de efectos ${file} tiene la línea ${line} dañada; no se reanuda para no repetir efectos. Revisa el archivo a mano.`,
  /** An unfinished run whose checkpoint cannot be read, in the list of runs to resume (its text). */
  damagedText: (why: string) => `(punto de control dañado: ${why})`,
  /** What is wrong in a run's file, inside badShape. */
  notObject: 'no es un objeto',
  unknownDelivery: 'el archivo tiene un campo que no se conoce («delivery»)',
  wrongFields: (fields: readonly string[]) => `faltan o están mal: ${fields.join(', ')}`,
} as const;

/** The local planner's own words before each of its turns (the run's transcript shows them). */
export const LOCAL_TURNS = {
  search: (what: string) => `Busco ${what}.`,
  closestNote: (query: string) => `la nota que más se parece a «${query}»`,
  weekNotes: (title: string) => `las notas de ${title}`,
  together: 'Pido a la vez lo que no depende entre sí.',
  usage: 'Registro el uso aproximado.',
} as const;

export const CLI = {
  usage: 'Uso: npm run -s cuaderno -- preparar "<petición>" [--reanudar | --descartar] [--max-iteraciones N] [--presupuesto N]',
  missingText: 'Falta la petición, por ejemplo: preparar "prepara la semana 3"',
  badInt: (flag: string, raw: string | undefined) => `${flag} espera un entero positivo, recibió «${raw ?? ''}».`,
  unknownFlag: (flag: string) => `Opción desconocida: ${flag}`,
  approvedAnswer: (yes: boolean) => (yes ? 'sí' : 'no'),
  unfinished: (runId: string, text: string, at: string) => `Hay una ejecución sin terminar (${runId}, «${text}», ${at}). Usa --reanudar para continuarla.`,
  /** A new request while one is unfinished: nothing is discarded without the owner's word (docs/design.md §7). */
  unfinishedChoose: (text: string, at: string) =>
    `Hay una preparación sin terminar («${text}», ${at}) y no la descarto sin tu permiso. ` +
    'Usa --reanudar para continuarla, o --descartar para tirarla y empezar la nueva petición.',
  bothResumeAndDiscard: 'Usa --reanudar o --descartar, no los dos.',
  discarded: (text: string) => `Descartada la preparación sin terminar «${text}».`,
  resuming: (runId: string) => `Reanudando ${runId}…`,
  iteration: (n: number, call: string, result: string) => `[${n}] ${call} -> ${result}`,
  stopLine: (reason: string, iterations: number, tokens: number, cost: string) =>
    `Parada: ${reason} | iteraciones: ${iterations} | texto leído y escrito: ${tokens} fragmentos | coste: ${cost} USD`,
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

const NARRATE_TOY = 'Mientras tanto puedo narrarla con una voz sintética: pídemelo de nuevo sin pedir tu voz.';
const COVER_MOCKUP = 'Mientras tanto puedo hacer la portada como un dibujo en este ordenador: pídemela de nuevo sin pedir la tarjeta gráfica.';
/**
 * Who changes the bot's setup: whoever runs it — in single-owner mode that is usually the student,
 * on their own computer, so the sentence never sends them to ask someone else.
 */
const WHO_RUNS = 'quien pone en marcha el bot (si eres tú, la guía de instalación explica cómo)';

const KNOWN_REASONS: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => OwnerReason]> = [
  [/consentimiento registrado y no hay uno válido/, () => ({
    text: `falta tu consentimiento para usar tu voz: lo registra ${WHO_RUNS}.`,
    hint: NARRATE_TOY,
    short: 'falta tu consentimiento de voz',
  })],
  [/consentimiento de voz del titular caducó el ([\d-]+)/, (m) => ({
    text: `tu consentimiento de voz caducó el ${m[1]}: lo renueva ${WHO_RUNS}.`,
    hint: NARRATE_TOY,
    short: `tu consentimiento de voz caducó el ${m[1]}`,
  })],
  [/falta XTTS_URL/, () => ({
    text: `tu voz se genera en un servidor de voz que no está configurado: lo configura ${WHO_RUNS}.`,
    hint: NARRATE_TOY,
    short: 'falta configurar el servidor de voz',
  })],
  [/falta FLUX_URL/, () => ({
    text: `la imagen con la tarjeta gráfica necesita un servidor de imágenes que no está configurado: lo configura ${WHO_RUNS}.`,
    hint: COVER_MOCKUP,
    short: 'falta configurar el servidor de imágenes',
  })],
  [/No se puede conectar con el servidor de (\S+) en \S+?\.(?:\s|$)/, (m) => {
    const server = SERVER_WORDS[m[1] ?? ''] ?? 'del motor';
    const hint = m[1] === 'flux' ? COVER_MOCKUP : m[1] === 'xtts' ? NARRATE_TOY : undefined;
    return {
      text: `no puedo conectar con el servidor ${server}: que esté encendido y bien configurado lo comprueba ${WHO_RUNS}.`,
      ...(hint ? { hint } : {}),
      short: `no conecta con el servidor ${server}`,
    };
  }],
];

/** The engines' servers in words (their codenames are the tools' arguments). */
const SERVER_WORDS: Readonly<Record<string, string>> = Object.freeze({ flux: 'de imágenes', xtts: 'de voz' });

/**
 * Model-facing wording → owner-facing wording: tú, no tool ids or arguments, no server paths or
 * file names, no settings' names, no engine codenames. A reason no rule knows still reads plainly.
 */
export function plainWords(text: string): string {
  return text
    // Absolute server paths mean nothing in a chat; nor do file names.
    .replace(/(^|[\s(;«"])\/(?!\/)(?:[^\s;:()«»"/]+\/)+([^\s;:()«»"/]+)/g, '$1$2')
    .replace(/[\w.-]+\.(?:json|png|wav|mp3|csv|txt)\b/g, 'un archivo del cuaderno')
    .replace(/motor:\s*"juguete"/g, 'la voz sintética')
    .replace(/motor:\s*"xtts"/g, 'tu propia voz')
    .replace(/maqueta:\s*true/g, 'el dibujo en este ordenador')
    .replace(/maqueta:\s*false/g, 'la imagen con la tarjeta gráfica')
    .replace(/\b(buscar_notas|crear_tarjetas|proponer_tarjetas|generar_portada|narrar_resumen|registrar_uso)\b/g, (id: string) => `«${toolInWords(id)}»`)
    .replace(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b/g, 'la configuración del bot')
    .replace(/\b(?:el )?motor (?:de (?:imagen|voz) )?en (?:GPU|CPU) \((flux|xtts|juguete|espeak|maqueta)\)/gi, (_, e: string) => `el servidor ${SERVER_WORDS[e.toLowerCase()] ?? 'del motor'}`)
    .replace(/\b(?:el )?(?:motor|servidor de) (flux|xtts)\b/gi, (_, e: string) => `el servidor ${SERVER_WORDS[e.toLowerCase()]!}`)
    .replace(/\b(?:el )?motor (juguete|espeak)\b/gi, 'la voz sintética')
    .replace(/\b(?:el )?motor maqueta\b/gi, 'el dibujo en este ordenador')
    .replace(/\bFLUX(?:\.1 schnell)?\b/g, 'la tarjeta gráfica')
    .replace(/\bXTTS(?:-v2)?\b/g, 'tu voz')
    .replace(/\bGPU\b/g, 'tarjeta gráfica')
    .replace(/\bCPU\b/g, 'este ordenador')
    .replace(/\bo pida al titular que (configure|revise|registre|renueve)\b/g, (_, v: string) => `o ${{ configure: 'configura', revise: 'revisa', registre: 'registra', renueve: 'renueva' }[v]}`)
    .replace(/\bvoz del titular\b/g, 'tu voz')
    .replace(/\b(U|u)se\b/g, '$1sa')
    .replace(/\b(I|i)nténtelo\b/g, '$1nténtalo')
    .replace(/\b(R|r)evise\b/g, '$1evisa');
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

/**
 * The few words of the one-line report («Narración: no se hizo — …»), without a final period, and
 * starting in lower case as words after a dash do (an acronym keeps its capitals).
 */
function shortForOwner(raw: string): string {
  return ownerReason(raw).short.replace(/[.]+$/, '').replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase());
}
