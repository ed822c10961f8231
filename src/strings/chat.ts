/**
 * Every Spanish sentence the bot says, in one place so it can be reviewed and translated.
 * Plain text only: the bot never sends parse_mode, so nothing here (nor model text) needs escaping.
 */
import type { UsageMonth } from '../store/index.js';
import { ended, listed } from './list.js';

/** Most characters of a week's title on its button (a phone's row holds about this many). */
export const WEEK_BUTTON_TITLE_CHARS = 32;

export const BUTTONS = Object.freeze({
  approve: '✅ Aprobar',
  reject: '❌ Rechazar',
  week: (n: number) => `Semana ${n}`,
  /** A week by its number and its title in the course, short enough for a phone's button. */
  weekTitled: (n: number, title: string) => {
    const t = `${title.charAt(0).toUpperCase()}${title.slice(1)}`;
    return `${n} · ${Array.from(t).length > WEEK_BUTTON_TITLE_CHARS ? `${Array.from(t).slice(0, WEEK_BUTTON_TITLE_CHARS - 1).join('').trimEnd()}…` : t}`;
  },
  myNotes: '📚 Mis notas',
  help: '❓ Ayuda',
  /** Under an episode: its original, uncompressed audio file (the student need not know «WAV»). */
  downloadWav: '⬇️ Descargar el audio original',
  saveAsNote: '📝 Guardar como nota',
  /** Under a run's closing message: the run's cards and its chart, each sent only when tapped. */
  cards: '🃏 Tarjetas',
  chart: '📊 Cronograma',
  keepRun: '▶️ Sigue con ese',
  discardRun: '🗑 Descártalo',
  removeStudent: (name: string) => `🚪 Quitar a ${name}`,
  confirmRemoveStudent: (name: string) => `🗑 Sí, quitar a ${name} y borrar todo lo suyo`,
  confirmDeleteMine: '🗑 Sí, bórralo todo',
  keepIt: '↩️ No, déjalo',
  /** An alternative the schema allows, e.g. "🔄 Mejor con voz sintética" (approved with that change). */
  approveWith: (choice: string) => `🔄 Mejor con ${choice}`,
  redoCover: '🔄 Hazme otra portada',
  redoNarration: '🔄 Vuelve a narrarla',
  /** Under «this week has no notes yet»: the one part that needs none, alone. */
  coverOnly: '🎨 Haz solo la portada',
  /** Under a rejected approval while its optional reason is asked for: go on without giving one. */
  noReason: '➡️ Seguir sin motivo',
});

/**
 * Who reads the command list: the single owner (no class mode), a student, or the teacher.
 * A command's `who` says where it applies: absent = everyone in every mode; `clase` = everyone in
 * class mode; `profesor` = the teacher in class mode.
 */
export type Audience = 'dueño' | 'alumno' | 'profesor';

/**
 * Every command the bot understands, one line each: registered with setMyCommands (Telegram's
 * menu) and listed by /ayuda from this one table, in the order a student uses them — preparing and
 * studying first, the bookkeeping and the card-by-card edits after. `usage` is how /ayuda writes it.
 */
export const COMMANDS: ReadonlyArray<{ command: string; usage: string; description: string; who?: 'clase' | 'profesor' }> = Object.freeze([
  { command: 'start', usage: '/start', description: 'Saludo y ejemplos para empezar' },
  { command: 'ayuda', usage: '/ayuda', description: 'Qué sé hacer, con ejemplos' },
  { command: 'semana', usage: '/semana N', description: 'Prepara la semana N paso a paso, sin modelo y sin coste' },
  { command: 'repasar', usage: '/repasar', description: 'Repasa las tarjetas que tocan hoy, una a una' },
  { command: 'quiz', usage: '/quiz N', description: 'Un test de la semana N con preguntas de tus notas; lo que falles vuelve a tu repaso' },
  { command: 'notas', usage: '/notas', description: 'Lista tus notas' },
  { command: 'nota', usage: '/nota tema: texto', description: 'Añade una nota a tu cuaderno' },
  { command: 'material', usage: '/material', description: 'Lo que me has mandado; si algo se leyó mal, lo leo de nuevo' },
  { command: 'curso', usage: '/curso', description: 'Tu curso, semana a semana; pega tu temario para cambiarlo' },
  { command: 'tarjetas', usage: '/tarjetas', description: 'Tu mazo de tarjetas por semana y nota' },
  { command: 'exportar', usage: '/exportar', description: 'Tu mazo y tu historial como archivo para Anki' },
  { command: 'recordatorios', usage: '/recordatorios 20:00', description: 'Un aviso al día a esa hora si tienes tarjetas; para quitarlo, escribe /recordatorios no' },
  { command: 'estado', usage: '/estado', description: 'Qué está en marcha y qué espera tu permiso' },
  { command: 'cancelar', usage: '/cancelar', description: 'Detiene el trabajo en marcha' },
  { command: 'gasto', usage: '/gasto', description: 'Lo que llevas gastado este mes frente al presupuesto' },
  { command: 'cronograma', usage: '/cronograma', description: 'El cronograma del último trabajo' },
  { command: 'wav', usage: '/wav N', description: 'Te manda el audio original de la semana N, sin comprimir' },
  { command: 'editar', usage: '/editar N pregunta | respuesta', description: 'Cambia el texto de la tarjeta N' },
  { command: 'suspender', usage: '/suspender N', description: 'Deja la tarjeta N fuera del repaso' },
  { command: 'reactivar', usage: '/reactivar N', description: 'Vuelve a poner en el repaso la tarjeta N' },
  { command: 'borrar', usage: '/borrar N', description: 'Borra la tarjeta N' },
  { command: 'retirar_voz', usage: '/retirar_voz', description: 'Retira tu permiso para narrar con tu propia voz', who: 'clase' },
  { command: 'borrar_mis_datos', usage: '/borrar_mis_datos', description: 'Borra tu cuaderno y todo lo tuyo (te pido confirmación antes)' },
  { command: 'invitar', usage: '/invitar', description: 'Un enlace para que tus alumnos entren en la clase', who: 'profesor' },
  { command: 'resultados', usage: '/resultados', description: 'Cómo va el último test de la clase, pregunta a pregunta (sin nombres)', who: 'profesor' },
  { command: 'alumnos', usage: '/alumnos', description: 'Tus alumnos y lo que ha gastado cada uno este mes; desde ahí puedes quitar a uno', who: 'profesor' },
]);

/** The commands `audience` may use, in table order (for /ayuda and the command menu). */
export function commandsFor(audience: Audience): ReadonlyArray<{ command: string; usage: string; description: string }> {
  return COMMANDS.filter((c) => c.who === undefined || (c.who === 'clase' && audience !== 'dueño') || (c.who === 'profesor' && audience === 'profesor'));
}

/**
 * A rough duration in seconds, in words: «un segundo», «unos 20 s», «un minuto», «unos 3 min».
 * An estimate of one unit is said as one («unos 1 s» is not Spanish), and `one` tells the caller
 * to put its verb in the singular («Queda un minuto», «Quedan unos 3 min»).
 */
function about(seconds: number): { text: string; one: boolean } {
  const s = Math.round(seconds);
  if (s < 60) return s <= 1 ? { text: 'un segundo', one: true } : { text: `unos ${s} s`, one: false };
  const min = Math.round(s / 60);
  return min === 1 ? { text: 'un minuto', one: true } : { text: `unos ${min} min`, one: false };
}

export const S = Object.freeze({
  // --- receiving updates (server log, not chat) ---
  conflictLine: (retries: number) =>
    `Otra copia de este bot está recibiendo mensajes con el mismo token de Telegram; lo vuelvo a intentar ${retries} veces con esperas crecientes.`,
  conflictGaveUp: () =>
    'Cierro Cuaderno Vivo: otra copia del bot sigue usando el mismo token de Telegram. Detén la otra copia (o usa otro bot) y vuelve a arrancar.',
  tokenRevoked: () => 'Cierro Cuaderno Vivo: Telegram ya no acepta el token del bot. Pide uno nuevo a @BotFather y vuelve a arrancar.',
  pollingFailed: (why: string) => `Cierro Cuaderno Vivo: no puedo seguir recibiendo mensajes de Telegram (${why}).`,
  stranger: (userId: number) =>
    `Este cuaderno es privado: solo atiende a la persona a la que pertenece. (Tu número de Telegram es ${userId}; si el cuaderno es tuyo, pide a quien administra el bot que añada ese número a las personas permitidas.)`,
  help: (audience: Audience = 'dueño', course?: HelpCourse) => helpBody(audience, course),

  // --- class mode ---
  classStranger: () => 'Este cuaderno es de una clase: para entrar, abre el enlace de invitación que te dé tu profesor.',
  joinInvalid: () => 'Ese enlace de invitación no sirve. Pide a tu profesor uno nuevo.',
  joinExpired: () => 'Ese enlace de invitación ya caducó. Pide a tu profesor uno nuevo.',
  teacherOnly: () => 'Eso solo puede hacerlo quien da la clase.',
  /** `replaced`: an earlier link was still open, and stops working now. */
  inviteLink: (link: string, days: number, replaced: boolean) =>
    `Comparte este enlace con tus alumnos:\n${link}\n\nSirve durante ${days} días para todos los que lo abran${replaced ? '; el enlace que diste antes ya no sirve' : ''}. Cada alumno tendrá un cuaderno y un presupuesto propios; los ves con /alumnos. Para cerrarlo sin dar otro, escribe /invitar revocar.`,
  invitesRevoked: (open: number) =>
    open > 0
      ? 'Listo: el enlace de invitación ya no sirve. Quien ya está en la clase sigue dentro; para invitar a alguien más, escribe /invitar.'
      : 'No había ningún enlace de invitación abierto. Para dar uno, escribe /invitar.',
  studentsEmpty: () => 'Todavía no hay alumnos en la clase. Invítalos con /invitar.',
  studentsHeader: (n: number, budget: number) => `Tus alumnos (${n}) y lo que ha gastado cada uno este mes (el límite es ${usd(budget)} por alumno):`,
  studentLine: (name: string, spent: number | undefined) => `• ${name} — ${spent === undefined ? 'no pude leer su gasto' : usd(spent)}`,
  removeStudentAsk: (name: string) =>
    `¿Quitar a ${name} de la clase? Dejará de poder usar el bot y se borrarán el cuaderno, las tarjetas y los trabajos de ${name}. No se puede deshacer.`,
  studentRemoved: (name: string) => `${name} ya no está en la clase. He borrado el cuaderno, las tarjetas y los trabajos de ${name}.`,
  studentGone: () => 'Ese alumno ya no estaba en la clase.',
  keptAll: () => 'De acuerdo, no he borrado nada.',
  voiceRevoked: () => 'Hecho: he retirado tu permiso de voz. Ya no narraré con tu propia voz; la voz sintética sigue disponible.',
  voiceNone: () => 'No tenías ningún permiso de voz guardado, así que no hay nada que retirar.',
  classActionFailed: () => 'No pude hacerlo por un error interno; no se ha borrado nada a medias. Inténtalo de nuevo en un momento.',

  busy: (text: string, elapsedS: number) =>
    `Todavía tengo a medias «${text}» (lo empecé hace ${elapsedS} s). ¿Sigo con ese, o lo descarto? Si lo descartas (también con /cancelar), lo ya hecho se conserva y luego me pides lo nuevo.`,
  /** A request that found another run going: discarding that one starts this one, nothing to type again. */
  busyThen: (text: string, elapsedS: number, next: string) =>
    `Todavía tengo a medias «${text}» (lo empecé hace ${elapsedS} s). ¿Sigo con ese, o lo descarto? Si lo descartas con el botón, lo ya hecho se conserva y empiezo «${next}» (con /cancelar solo lo paro).`,
  keptRun: (text: string) => `▶️ Sigo con «${text}».`,
  budgetSpent: (spent: number, budget: number) =>
    `El presupuesto de este mes está agotado (${usd(spent)} de ${usd(budget)}), así que no empiezo trabajos con el modelo. /semana N sigue funcionando porque no cuesta nada. Si necesitas más, el presupuesto del mes lo sube quien pone en marcha el bot (si eres tú, la guía de instalación explica cómo).`,
  started: (text: string) => `⏳ Empiezo: «${text}»`,
  resumed: (text: string) => `🔁 Reanudo tras un reinicio: «${text}». Lo ya hecho no se repite.`,
  statusSuperseded: (text: string) => `⏸ «${text}»: me reinicié a mitad; sigo en un mensaje nuevo más abajo.`,
  lostRun: (text: string) =>
    `El trabajo «${text}» ya no estaba pendiente al reiniciar. Si no te llegó el resultado, pídelo de nuevo: lo ya generado no se repite.`,
  runFailed: () =>
    'Algo falló dentro del trabajo y tuve que pararlo. Lo que ya estaba hecho se conserva; inténtalo de nuevo y, si se repite, revisa el registro del servidor.',
  handlerFailed: () => 'No pude atender ese mensaje por un error interno. Inténtalo de nuevo en un momento.',
  unknownCommand: () => 'No conozco esa orden. Escribe /ayuda para ver lo que sé hacer.',
  emptyText: () => 'Escríbeme en una frase qué quieres, por ejemplo «prepara la semana 1».',
  tooLong: (length: number, max: number) =>
    `Ese mensaje es demasiado largo (${length} caracteres; el máximo es ${max}). Resúmelo en una frase; si es una nota, guárdala con /nota.`,

  thanks: () => '¡De nada! Aquí estoy si necesitas algo más.',
  /** A request understood but not yet done from a sentence: the command that does it, or a plain «todavía no». */
  notYet: (what: 'repaso' | 'exportar' | 'recordatorio' | 'borrar_datos' | 'curso' | 'importar', reminder: { hora?: string; apagar?: boolean } = {}) =>
    ({
      repaso: 'Para repasar tus tarjetas, escribe /repasar.',
      exportar: 'Para llevarte el mazo a Anki, escribe /exportar.',
      recordatorio: reminder.apagar
        ? 'Para quitar el aviso de repaso, escribe /recordatorios no.'
        : `Para el aviso diario de repaso, escribe /recordatorios ${reminder.hora ?? '20:00'}${reminder.hora ? '' : ' (con tu hora)'}.`,
      borrar_datos: 'Todavía no puedo borrar tus datos desde una frase; pronto podrás pedírmelo así.',
      curso: 'Todavía no puedo cambiar el curso desde una frase; pronto podrás pedírmelo así.',
      importar: 'Todavía no puedo importar archivos. Para guardar una nota, escribe /nota tema: texto.',
    })[what],
  smallTalk: () =>
    'Aquí estoy, con tu cuaderno abierto. Preparo tu semana de estudio, busco en tus notas y hago tarjetas de repaso. Prueba «prepara lo de esta semana» o pregúntame «¿qué tengo sobre…?» con un tema de tus notas.',
  quickChosen: (question: string, choice: string) => `${question}\n\n→ ${choice}`,
  quickText: (action: 'p' | 'c' | 'r' | 'n' | 'v' | 't', week: number) =>
    ({ p: `prepara la semana ${week}`, c: `haz la portada de la semana ${week}`, r: `rehaz la portada de la semana ${week}`,
      n: `narra la semana ${week}`, v: `vuelve a narrar la semana ${week}`, t: `tarjetas de la semana ${week}` })[action],
  pasteOffer: (length: number, max: number, parts: number) =>
    (parts > 1
      ? `Me llegó un texto largo en ${parts} partes (${length.toLocaleString('es-ES')} caracteres en total).`
      : `Me llegó un texto largo (${length.toLocaleString('es-ES')} caracteres).`) +
    ` ¿Son apuntes para estudiar? Puedo guardarlo como nota. Si querías pedirme algo, basta una frase (hasta ${max.toLocaleString('es-ES')} caracteres).`,
  /** A short text that is study content, not a request: offered as a note, with the request it was not. */
  statementOffer: (week: number) =>
    `Eso parece algo para estudiar, no un encargo. ¿Lo guardo en tu cuaderno como nota? Si querías pedirme algo, dímelo en una frase, por ejemplo «prepara la semana ${week}».`,
  /** An earlier offer of a paste that went on below it (when it could not be deleted). */
  pasteOfferMoved: () => '⬇️ Te respondo abajo, después del texto entero.',
  pasteSaved: (ids: readonly number[]) =>
    ids.length === 1 ? `📝 Guardado como nota ${ids[0]}.` : `📝 Guardado en ${ids.length} notas: ${ids.join(', ')}.`,
  pasteGone: () => 'Ese texto ya no lo tengo (lo guardaste ya o me reinicié). Pégalo de nuevo si hace falta.',
  cancelling: () => 'Cancelando… Te digo enseguida qué había terminado.',
  nothingToCancel: () => 'No hay nada en marcha que cancelar.',

  /** `range`: the course's own sentence («del 1 al 14»); `weeks`: «1 membranas, 2 mitosis, …». */
  weekUsage: (range: string, weeks: string) => `Indica la semana con un número ${range} (${weeks}), por ejemplo: /semana 1`,
  weekOutOfRange: (week: string, range: string) => `No existe la semana ${week}: tu curso tiene las semanas ${range}. Prueba, por ejemplo, /semana 1`,
  weekText: (week: number) => `/semana ${week}`,
  /**
   * Work asked of a week with no notes yet (`title`: «Semana 2 · Genética»), said before anything
   * runs: what cannot be made (`missing`: cards, narration), how to add notes, and — when a cover was
   * asked for too — that it can be made now from the week's title alone: by the button under this
   * message (`cover: 'boton'`) or by asking for it (`'palabras'`, where there are no buttons).
   */
  emptyWeek: (week: number, title: string, missing: readonly ('tarjetas' | 'narracion')[], cover?: 'boton' | 'palabras') => {
    const what = missing.map((m) => (m === 'tarjetas' ? 'las tarjetas' : 'la narración')).join(' ni ');
    const add = `${ended(title, ':')} todavía no tiene notas, así que no puedo hacer ${what}. Mándame tus apuntes de esa semana (un PDF, una foto de las páginas o un texto, o pégalos aquí) y vuelve a pedírmelo.`;
    if (!cover) return add;
    return `${add} La portada sí puedo hacerla ya, solo con el título de la semana: ${cover === 'boton' ? 'toca el botón si la quieres' : `pídemela sola, por ejemplo «haz la portada de la semana ${week}»`}.`;
  },

  noteUsage: () => 'Escribe la nota tras la orden, por ejemplo: /nota mitosis: la célula copia el ADN y se divide en dos hijas.',
  noteTooShort: (min: number) => `La nota es demasiado corta: escribe al menos ${min} caracteres, por ejemplo /nota mitosis: la célula copia el ADN y se divide en dos hijas.`,
  noteTooLong: (length: number, max: number) =>
    `La nota es demasiado larga (${length} caracteres; el máximo es ${max}), así que no la he guardado. Divídela en varias /nota más cortas.`,
  /** `week`: the course's week it went to, in words («Semana 2 · Oferta y demanda»); null: none fits. */
  noteSaved: (id: number, tema: string, week?: string | null) =>
    `Nota ${id} guardada (tema: ${tema})${week === undefined ? '' : week === null ? ', sin semana: ninguna de tu curso habla de eso' : `, en la ${week.charAt(0).toLowerCase()}${week.slice(1)}`}.`,
  noteFailed: () => 'No pude guardar la nota; no se ha perdido nada. Inténtalo de nuevo en un momento.',

  /**
   * `/gasto`: the month's spend, labelled as the month (a run's closing message says that run's):
   * what the budget counts (measured in each model call) first, in money and in the words the
   * assistant read and wrote (wordsOfTokens); that offline work is free, and the model's own notes, apart.
   */
  spend: (m: UsageMonth, budget: number) => {
    const spent = m.billedUsd;
    const left = Math.max(0, budget - spent);
    return `📅 Gasto de este mes (todos tus trabajos): ${usd(spent)} de ${usd(budget)} (te quedan ${usd(left)}).` +
      (m.billedTokens > 0 ? ` Es lo que ha costado que el asistente leyera y escribiera ${wordsInWords(m.billedTokens)}.` : ' Este mes no has usado el asistente de pago.') +
      (spent >= budget ? '\nEl presupuesto está agotado: no empiezo trabajos con el modelo hasta el mes que viene.' : '') +
      // Offline there is no assistant reading or writing: no count of words to give, only that it is free.
      (m.estimatedTokens > 0 ? '\nLo que preparé sin conexión este mes no te cuesta nada: sin conexión no uso el asistente de pago.' : '') +
      // The model's own notes are counted, not priced: one money figure per month (the billed one).
      // Offline (nothing billed) they are the planner's imitation of a model: nothing to tell.
      (m.modelNotes.rows > 0 && m.billedTokens > 0 ? `\nAdemás, el asistente apuntó lo que gastó ${m.modelNotes.rows === 1 ? 'una vez' : `${m.modelNotes.rows} veces`} (solo como referencia: lo que cuenta es la cifra de arriba).` : '');
  },
  spendFailed: () => 'No pude leer el registro de uso ahora mismo. Inténtalo de nuevo en un momento.',
  /** The log is damaged (or a folder sits in its place): retrying will not help, the console says how to fix it. */
  spendDamaged: () => 'No puedo leer tu registro de gastos: donde debería estar hay otra cosa. La consola del bot dice cómo arreglarlo; tus notas y tarjetas no se han tocado.',

  statusIdle: () => 'No hay nada en marcha.',
  /** /estado of a run at work; `workS` leaves out the time it waited for you (that is not work). */
  statusRun: (text: string, workS: number) => `En marcha: «${text}» (llevo ${workS} s de trabajo).`,
  /** /estado of a run that only waits for your answer: nothing moves until you answer. */
  statusRunWaiting: (text: string, workS: number) =>
    `⏸ Esperando tu respuesta: «${text}». Hasta que respondas no hago nada (llevo ${workS} s de trabajo; el rato que espero no cuenta).`,
  statusTasks: 'Tareas:',
  statusNoTasks: '• todavía ninguna: estoy pensando qué hacer',
  /** One task of /estado: its mark, its name and where it stands. */
  statusTask: (t: { label: string; state: 'pendiente' | 'en_curso' | 'hecha' | 'fallida' | 'cancelada'; attempt: number }) =>
    ({
      pendiente: `⬜ ${t.label} — en cola`,
      en_curso: `🔄 ${t.label} — en marcha${t.attempt > 1 ? ` (intento ${t.attempt})` : ''}`,
      hecha: `✅ ${t.label} — hecha`,
      fallida: `❌ ${t.label} — falló`,
      cancelada: `🚫 ${t.label} — cancelada`,
    })[t.state],
  /** What the run waits for now. */
  statusWaits: (w: { kind: 'aprobacion'; what: string } | { kind: 'tarea'; what: string } | { kind: 'nada' }) =>
    w.kind === 'aprobacion' ? `⏸ Espera tu permiso para ${w.what} (los botones están más arriba).`
      : w.kind === 'tarea' ? `⏳ Espera a que termine: ${w.what}.`
        : '⏳ Espera al siguiente paso: enseguida sigo.',
  statusApprovals: (n: number) => (n === 0 ? 'Sin aprobaciones pendientes.' : `Aprobaciones pendientes: ${n}`),
  statusBudget: (spent: number, budget: number) => `Presupuesto del mes: quedan ${usd(Math.max(0, budget - spent))} de ${usd(budget)}.`,

  // Approvals
  approvalTitle: (toolInWords: string) => `🔐 Necesito tu permiso: ${toolInWords}`,
  /** The same heading once answered (the decision is written under it). */
  approvalAsked: (toolInWords: string) => `🔐 Te pedí permiso para ${toolInWords}`,
  approvalArgs: 'Con estos datos:',
  approvalPreview: 'Qué haré:',
  /**
   * The sentence for a tool the owner approves; undefined = use the dry run's own summary. `notes`:
   * how many of the week's notes it works from (a cover of a week with none is drawn from its title).
   */
  approvalWhat: (tool: string, week: number | undefined, notes?: number): string | undefined =>
    tool === 'generar_portada'
      ? notes === 0
        ? `Haré la portada de la semana ${week ?? '?'} solo con el título de la semana, porque aún no tiene notas, y te la mandaré aquí.`
        : `Haré la portada de la semana ${week ?? '?'} y te la mandaré aquí.`
      : tool === 'narrar_resumen' ? `Escribiré un guion corto de la semana ${week ?? '?'}, lo narraré con la voz elegida y te mandaré el audio aquí.`
        : undefined,
  approvalEstimate: (s: number) => `• Tardará ${about(s).text}`,
  approvalLastNo: (why: string) => `• La última vez me dijiste que no: «${why}»`,
  approvalCached: (cached: boolean) =>
    cached ? '• Ya está hecho: te lo mando sin repetirlo' : '• Aún no está hecho: lo haré cuando lo apruebes',
  argDrawing: '• Imagen: un dibujo hecho en este ordenador (sin tarjeta gráfica)',
  argGpuImage: '• Imagen: una imagen generada con la tarjeta gráfica',
  argOwnVoice: '• Voz: tu propia voz (necesita tu consentimiento)',
  argSyntheticVoice: '• Voz: una voz sintética (no es la tuya)',
  approvalProblemsHeader: '⚠️ Así no va a salir, aunque lo apruebes:',
  approvalProblem: (p: string) => `• ${p}`,
  approvalExpires: (minutes: number) => `Si no respondes en ${minutes} min, cuenta como rechazo.`,
  decidedApproved: (by: string, at: string) => `✅ Aprobado por ${by} a las ${at}.`,
  decidedChanged: (by: string, at: string, change: string) => `✅ Aprobado con cambios por ${by} a las ${at}: ${change}.`,
  decidedRejected: (by: string, at: string) => `❌ Rechazado por ${by} a las ${at}.`,
  decidedExpired: () => '⌛ Caducó sin respuesta: cuenta como rechazo.',
  decidedCancelled: () => '🚫 Cancelada: el trabajo se detuvo antes de decidir.',
  tapApproved: () => 'Aprobado ✅',
  tapRejected: () => 'Rechazado ❌',
  tapNotOwner: () => 'Solo quien pidió este trabajo puede decidir.',
  tapNotYours: () => 'Este botón es de otra persona o ya no sirve.',
  tapStale: () => 'Este botón ya no sirve: el trabajo terminó o el bot se reinició. Pide el trabajo de nuevo si hace falta.',
  waitingApproval: '⏸ Esperando tu aprobación…',
  waitingAnswer: '💬 Esperando tu respuesta: tu próximo mensaje aquí es la respuesta.',
  // The optional reason for a no (asked with force_reply; only a reply to that message counts)
  reasonAsk: () => `¿Por qué lo rechazas? Respóndeme a este mensaje con el motivo y lo tendré en cuenta. Es opcional: si prefieres no decirlo, pulsa «${BUTTONS.noReason}» o escríbeme otra cosa.`,
  reasonPlaceholder: 'El motivo (opcional)',
  decidedRejectedWhy: (by: string, at: string, why: string) => `❌ Rechazado por ${by} a las ${at}. Motivo: «${why}».`,
  decidedRejectedAsking: (by: string, at: string) => `❌ Rechazado por ${by} a las ${at}. Te pregunto el motivo abajo (es opcional).`,
  reasonThanks: () => 'Gracias, lo tengo en cuenta.',
  /** A no to a cover whose reason asks for another one: this one is not made; the button under it proposes it again. */
  reasonAnotherCover: (week: number) => `Vale, esa portada no la hago. ¿Te propongo otra para la semana ${week}? Toca «${BUTTONS.redoCover}» y te la enseño antes de hacerla.`,
  /** The reason question once closed: what came of it, instead of how to answer it. */
  reasonAskAnswered: (why: string) => `Te pregunté por qué lo rechazabas. Tu motivo: «${why}».`,
  reasonAskSkipped: () => 'Te pregunté por qué lo rechazabas; seguí sin motivo.',
  tapNoReason: () => 'Sigo sin motivo.',

  // Progress and delivery
  /** Starts the header of a run still in progress (format.ts tells running from finished by it). */
  progressRunningMark: '⏳',
  progressHeader: (text: string) => `⏳ «${text}»`,
  /** Header while the run only waits for your answer (its time does not count as work). */
  progressPaused: (text: string) => `⏸ «${text}»: en pausa hasta que respondas`,
  /**
   * Header while the run waits only for the optional reason of a no (`what`: the refused calls in
   * words): what it waits for and how to go on without it — «en pausa hasta que respondas» over a
   * finished week read as stuck.
   */
  progressPausedForReason: (text: string, what: readonly string[]) =>
    `⏸ «${text}»: solo espero tu motivo para no ${listed(what)}. Es opcional: pulsa «${BUTTONS.noReason}» o escríbeme otra cosa, y sigo.`,
  progressDone: (text: string) => `✅ Terminado: «${text}»`,
  /** The end of a run that made nothing because every call that would have made something was not approved. */
  progressNothingDone: (text: string, why: 'rechazado' | 'expirado') =>
    why === 'rechazado'
      ? `🚫 «${text}»: no he hecho nada, porque lo rechazaste.`
      : `⌛ «${text}»: no he hecho nada, porque no respondiste a tiempo (cuenta como rechazo).`,
  /** The closing message's time at work, without the time spent waiting for your answers. */
  summaryWorkTime: (s: number, waited: boolean) => `⏱ ${s} s de trabajo${waited ? ' (sin contar lo que esperé tus respuestas)' : ''}`,
  progressCancelled: (text: string) => `🚫 Cancelado: «${text}»`,
  progressStopped: (text: string) => `⚠️ Detenido: «${text}»`,
  progressNoTasks: 'Pensando qué hacer…',
  /** Status header when the run only asked something back: no job ran, so nothing "finished". */
  progressQuestion: (text: string) => `💬 «${text}»: antes de empezar necesito que me aclares algo (te lo pregunto abajo).`,
  /** The brief cost of a question, only when a real model was paid for it. */
  questionCost: (cost: number) => `(esta pregunta ha costado ${usd(cost)})`,
  progressLine: (done: number, total: number, elapsedS: number) => `${done}/${total} · ${elapsedS} s`,
  /** A call that waits for the owner's answer: shown apart from the work, never counted as work. */
  progressWaitingFor: (what: string) => `⏸ ${what.charAt(0).toUpperCase()}${what.slice(1)}: espera tu respuesta`,
  /** What the work is doing now; the waits for you are named apart (they are not work, and the bar does not count them done). */
  progressCounts: (running: number, queued: number, waiting: number) =>
    [`${running} en marcha`, `${queued} en cola`, ...(waiting > 0 ? [`${waiting} ${waiting === 1 ? 'espera' : 'esperan'} tu respuesta`] : [])].join(' · '),
  /** Time left for the work already started, from how long each step has taken on this computer. */
  /** How long the calls that wait for the owner will take once answered. */
  progressEtaAfterAnswer: (s: number) => `⏱ Cuando respondas: ${about(s).text} más`,
  progressEta: (s: number) => `⏱ ${about(s).one ? 'Queda' : 'Quedan'} ${about(s).text} de trabajo (calculado con lo que tarda cada paso en este equipo)`,
  reportHeader: '📋 Informe',
  /** The closing message's first line: the request it answers, in the owner's words. */
  closingHeader: (text: string) => `📋 Informe · «${text}»`,
  /** The closing message's lines of what the run made (or found made before: a repeat makes nothing). */
  made: (label: string) => `✅ ${label}`,
  /** The run's cards as its card list counts them (`total`), the new ones said apart when some were already in the deck. */
  madeCards: (label: string, n: number, total = n) => (total > n ? `✅ ${label}: ${total} (${n === 1 ? '1 nueva' : `${n} nuevas`})` : `✅ ${label}: ${n === 1 ? '1 nueva' : `${n} nuevas`}`),
  madeBefore: (label: string) => `↩️ ${label}: ya la tenías; no la he vuelto a hacer`,
  madeCardsBefore: (label: string) => `↩️ ${label}: ya las tenías; no las he duplicado`,
  notDoneHeader: 'No se hizo:',
  cancelledFinished: (labels: string[]) =>
    labels.length === 0 ? 'Cancelado. No había terminado ninguna tarea.' : `Cancelado. Ya estaba terminado: ${labels.join(', ')}.`,
  stopDetail: (detail: string) => `Motivo de la parada: ${detail}`,
  /**
   * The closing message's one cost line: what this run spent, from the same rows and function as
   * /gasto (`spend`), so the figures always agree; the month's total is /gasto's. Offline it costs
   * nothing and the line says it is an estimate (the month's estimated text is in /gasto). Short:
   * on a phone the cover must stay on screen above the closing message.
   */
  runCost: (m: UsageMonth) =>
    m.billedTokens > 0 || m.billedUsd > 0
      ? `💵 Coste de este trabajo: ${usd(m.billedUsd)} (el asistente leyó y escribió ${wordsInWords(m.billedTokens)}). Lo que llevas este mes te lo dice /gasto.`
      : m.estimatedTokens > 0
        ? `💵 Coste de este trabajo: ${usd(0)} (estimación: sin conexión no se cobra nada).`
        : `💵 Coste de este trabajo: ${usd(0)}: no hizo falta el modelo.`,
  /** The status message's last words once the closing message (below) says what was made. */
  progressSeeClosing: 'el resumen va abajo',
  /** [🃏 Tarjetas] of a run whose cards are gone (deleted since) or that made none. */
  closingNoCards: () => 'Este trabajo no dejó tarjetas que enseñarte (o las has borrado después). Tu mazo entero está en /tarjetas.',
  ganttCaption: 'Cronograma del trabajo (con borde rojo, lo que marcó la duración)',
  ganttTitle: 'Cronograma del trabajo',
  coverCaption: (title: string) => `Portada · ${title}`,
  coverUntitled: 'tu semana',
  /**
   * The episode's caption, one short line (its title and performer already name the week and say the
   * voice is generated): on a phone the cover above must stay on screen with the closing message.
   */
  audioCaption: (title: string | undefined) => (title ? 'Resumen narrado con voz de IA' : 'Resumen narrado de tu semana con voz de IA'),
  /** A repeat: the item exists, so one reply to the message that carried it, nothing re-sent. */
  alreadySent: (kind: 'imagen' | 'audio', week: number | undefined) =>
    kind === 'imagen'
      ? `↩️ La portada${week ? ` de la semana ${week}` : ''} ya la tienes: es esta. No la he vuelto a hacer; si quieres otra, pulsa el botón.`
      : `↩️ La narración${week ? ` de la semana ${week}` : ''} ya la tienes: es esta. No la he vuelto a hacer; si quieres otra, pulsa el botón.`,
  audioTitle: (title: string) => `Pódcast · ${title}`,
  audioPerformer: 'Cuaderno Vivo (voz generada por IA)',
  wavCaption: (week: number) => `El audio original de la semana ${week}, sin comprimir: la mejor calidad, en un archivo más grande.`,
  wavMissing: (week: number) => `Todavía no hay narración de la semana ${week}. Pídela con «narra la semana ${week}».`,
  wavUsage: (range: string) => `Indica la semana con un número ${range}, por ejemplo: /wav 1`,
  ganttNone: () => 'Todavía no hay ningún trabajo reciente que mostrar. Cuando termine uno, te enseño el cronograma.',
  deliveryFailed: (what: string) => `No pude enviarte ${what}; el archivo sigue guardado en el cuaderno. Pídelo de nuevo más tarde.`,
});

/**
 * The owner's own course as the help's examples name it (the caller picks the weeks and the key
 * terms from `curso.json`); absent, the examples are the demo course's.
 */
export interface HelpCourse {
  prepare: number;
  redo: number;
  narrate: number;
  /** Key terms of the owner's weeks, the most typical first; may be empty. */
  terms: readonly string[];
}

const DEMO_EXAMPLES = [
  'prepara la semana 3',
  'solo tarjetas de la nota que más se parezca a lo del cubismo',
  'rehaz la portada de la semana 2, la de ayer no me gustó',
  'narra la semana 4',
  '¿qué tengo sobre el impresionismo?',
];

function examplesFor(course?: HelpCourse): string[] {
  if (!course) return DEMO_EXAMPLES;
  const [cards, search = cards] = course.terms.length > 1 ? [course.terms[1], course.terms[0]] : course.terms;
  return [
    `prepara la semana ${course.prepare}`,
    ...(cards ? [`solo tarjetas de la nota sobre ${cards}`] : []),
    `rehaz la portada de la semana ${course.redo}, la de ayer no me gustó`,
    `narra la semana ${course.narrate}`,
    ...(search ? [`¿qué tengo sobre ${search}?`] : []),
  ];
}

const helpBody = (audience: Audience, course?: HelpCourse) =>
  'Ejemplos:\n' +
  examplesFor(course).map((e) => `• ${e}\n`).join('') + '\n' +
  'Antes de hacer una portada o una narración te pido permiso con botones [✅ Aprobar] [❌ Rechazar].\n\n' +
  'Órdenes:\n' +
  commandsFor(audience).map((c) => `${c.usage} — ${c.description.charAt(0).toLowerCase()}${c.description.slice(1)}`).join('\n');

/** "0,0123 USD": four decimals because one run costs cents. */
/**
 * How many words a count of the model's text units is, roughly (Spanish runs about ¾ of a word
 * per unit), said to two significant figures: a person reads «unas 8.300 palabras», never the
 * unit the model is billed in.
 */
export const WORDS_PER_TOKEN = 0.75;
export function wordsOfTokens(tokens: number): number {
  const w = tokens * WORDS_PER_TOKEN;
  if (w < 1) return tokens > 0 ? 1 : 0;
  const step = 10 ** Math.max(0, Math.floor(Math.log10(w)) - 1);
  return Math.round(w / step) * step;
}
/** «unas 8.300 palabras», «una palabra». */
export function wordsInWords(tokens: number): string {
  const w = wordsOfTokens(tokens);
  return w === 1 ? 'una palabra' : `unas ${w.toLocaleString('es-ES')} palabras`;
}

export function usd(x: number): string {
  return `${x.toLocaleString('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 4 })} USD`;
}

/**
 * The GPU queue shared by a class (BullMQ on Redis, workers on other machines), as the chat and the
 * `cuaderno cola` command say it. No product names: "las máquinas de imágenes y voces".
 */
export const QUEUE = Object.freeze({
  /** The one sentence the chat says while the queue cannot be reached (runs wait, nothing is lost). */
  unreachable: () =>
    'Ahora mismo no llego a las máquinas que hacen las imágenes y las voces; tu trabajo espera y sigue solo en cuanto vuelvan.',
  /** Back after `unreachable`. */
  reachable: () => 'Ya vuelvo a llegar a las máquinas de imágenes y voces; sigo con tu trabajo.',
  /** `/estado`: a waiting GPU job, e.g. "posición 4 · ~2 min". */
  position: (position: number, etaMs: number) => `posición ${position} · ~${etaMinutes(etaMs)} min`,
  /** `/estado`: the job is on a machine now. */
  running: () => 'en marcha en una máquina de imágenes y voces',
  // --- `npm run -s cuaderno -- cola` ---
  cliInProcess: () => 'Sin cola compartida: el trabajo de imágenes y voces corre dentro del bot (un solo proceso).',
  cliQueue: (name: string, counts: Readonly<Record<string, number>>) =>
    `Cola ${name}: ${counts.waiting ?? 0} esperando, ${counts.active ?? 0} en marcha, ${counts.completed ?? 0} terminados sin recoger, ${counts.failed ?? 0} fallidos.`,
  cliWorkers: (n: number) => (n === 0 ? 'Ningún trabajador conectado: los trabajos esperan hasta que arranque uno.' : `Trabajadores conectados: ${n}`),
  cliWorker: (name: string, addr: string) => `  • ${name} (${addr})`,
  cliStudentsHeader: () => 'Por estudiante (empezados en total · esperando · en marcha):',
  cliStudent: (student: string, started: number, waiting: number, active: number) => `  • ${student}: ${started} · ${waiting} · ${active}`,
  cliNoJobs: () => 'No hay trabajos en la cola.',
});

/** Whole minutes for an ETA, at least 1 ("~1 min" rather than "~0 min"). */
export function etaMinutes(ms: number): number {
  return Math.max(1, Math.round(ms / 60_000));
}
