/**
 * Every Spanish sentence the bot says, in one place so it can be reviewed and translated.
 * Plain text only: the bot never sends parse_mode, so nothing here (nor model text) needs escaping.
 */

export const BUTTONS = Object.freeze({
  approve: '✅ Aprobar',
  reject: '❌ Rechazar',
  /** An alternative the schema allows, e.g. "🔄 Mejor con voz sintética" (approved with that change). */
  approveWith: (choice: string) => `🔄 Mejor con ${choice}`,
});

/** Commands registered with setMyCommands (name without slash → description shown by Telegram). */
export const COMMANDS: ReadonlyArray<{ command: string; description: string }> = Object.freeze([
  { command: 'ayuda', description: 'Qué hago y ejemplos' },
  { command: 'semana', description: 'Prepara la semana N sin modelo (0 tokens): /semana 3' },
  { command: 'estado', description: 'Qué está en marcha, aprobaciones pendientes y presupuesto' },
  { command: 'cancelar', description: 'Detiene el trabajo en marcha' },
  { command: 'gasto', description: 'Tokens y coste de este mes frente al presupuesto' },
  { command: 'notas', description: 'Lista tus notas' },
  { command: 'nota', description: 'Añade una nota: /nota música: texto' },
]);

export const S = Object.freeze({
  stranger: (userId: number) =>
    `Este cuaderno es privado y solo atiende a su dueño. (Tu id de Telegram es ${userId}; si el cuaderno es tuyo, añádelo a ALLOWED_USER_IDS.)`,
  start: (name: string) =>
    `Hola, ${name}. Soy tu Cuaderno Vivo: escríbeme en una frase qué quieres y preparo tu semana de estudio — tarjetas, portada y un pódcast narrado — pidiéndote permiso antes de lo que deja huella.\n\n` +
    HELP_BODY,
  help: () => HELP_BODY,

  busy: (text: string, elapsedS: number) =>
    `Ya estoy trabajando en «${text}» (desde hace ${elapsedS} s). Espera a que termine o escribe /cancelar para detenerlo.`,
  budgetSpent: (spent: number, budget: number) =>
    `El presupuesto de este mes está agotado (${usd(spent)} de ${usd(budget)}), así que no empiezo trabajos con el modelo. /semana N sigue funcionando porque no gasta tokens; o sube PRESUPUESTO_MENSUAL_USD.`,
  started: (text: string) => `⏳ Empiezo: «${text}»`,
  resumed: (text: string) => `🔁 Reanudo tras un reinicio: «${text}». Lo ya hecho no se repite.`,
  statusSuperseded: (text: string) => `⏸ «${text}»: me reinicié a mitad; sigo en un mensaje nuevo más abajo.`,
  lostRun: (text: string) =>
    `El trabajo «${text}» ya no estaba pendiente al reiniciar. Si no te llegó el resultado, pídelo de nuevo: lo ya generado no se repite.`,
  runFailed: () =>
    'Algo falló dentro del trabajo y tuve que pararlo. Lo que ya estaba hecho se conserva; inténtalo de nuevo y, si se repite, revisa el registro del servidor.',
  handlerFailed: () => 'No pude atender ese mensaje por un error interno. Inténtalo de nuevo en un momento.',
  unknownCommand: () => 'No conozco esa orden. Escribe /ayuda para ver lo que sé hacer.',
  emptyText: () => 'Escríbeme en una frase qué quieres, por ejemplo «prepare la semana 3».',
  greeting: (name: string) =>
    `¡Hola${name ? `, ${name}` : ''}! Dime en una frase qué quieres preparar, por ejemplo «prepare la semana 3», o escribe /ayuda para ver todo lo que sé hacer.`,
  tooLong: (length: number, max: number) =>
    `Ese mensaje es demasiado largo (${length} caracteres; el máximo es ${max}). Resúmelo en una frase; si es una nota, guárdala con /nota.`,

  cancelling: () => 'Cancelando… Te digo enseguida qué había terminado.',
  nothingToCancel: () => 'No hay nada en marcha que cancelar.',

  weekUsage: () => 'Indica la semana con un número del 1 al 4 (1 estadística, 2 python, 3 historia del arte, 4 música), por ejemplo: /semana 3',
  weekOutOfRange: (week: string) => `No existe la semana ${week}: el cuaderno tiene las semanas 1 a 4. Prueba, por ejemplo, /semana 3`,
  weekText: (week: number) => `/semana ${week}`,

  noteUsage: () => 'Escribe la nota tras la orden, por ejemplo: /nota música: el contrapunto combina melodías independientes.',
  noteTooShort: (min: number) => `La nota es demasiado corta: escribe al menos ${min} caracteres, por ejemplo /nota música: el contrapunto combina melodías independientes.`,
  noteTooLong: (length: number, max: number) =>
    `La nota es demasiado larga (${length} caracteres; el máximo es ${max}), así que no la he guardado. Divídela en varias /nota más cortas.`,
  noteSaved: (id: number, tema: string) => `Nota ${id} guardada (tema: ${tema}).`,
  noteFailed: () => 'No pude guardar la nota; no se ha perdido nada. Inténtalo de nuevo en un momento.',
  notesEmpty: () => 'Tu cuaderno no tiene notas todavía. Añade una con /nota.',
  notesHeader: (n: number) => `Tus notas (${n}):`,
  notesFailed: () => 'No pude leer las notas ahora mismo. Inténtalo de nuevo en un momento.',

  spend: (tokens: number, spent: number, budget: number) => {
    const left = Math.max(0, budget - spent);
    return `Este mes: ${tokens.toLocaleString('es-ES')} tokens, ${usd(spent)} de ${usd(budget)} (quedan ${usd(left)}).` +
      (spent >= budget ? '\nEl presupuesto está agotado: no empiezo trabajos con el modelo hasta el mes que viene.' : '');
  },
  spendFailed: () => 'No pude leer el registro de uso ahora mismo. Inténtalo de nuevo en un momento.',

  statusIdle: () => 'No hay nada en marcha.',
  statusRun: (text: string, elapsedS: number) => `En marcha: «${text}» (desde hace ${elapsedS} s).`,
  statusTasks: 'Tareas:',
  statusApprovals: (n: number) => (n === 0 ? 'Sin aprobaciones pendientes.' : `Aprobaciones pendientes: ${n}`),
  statusBudget: (spent: number, budget: number) => `Presupuesto del mes: quedan ${usd(Math.max(0, budget - spent))} de ${usd(budget)}.`,

  // Approvals
  approvalTitle: (toolInWords: string) => `🔐 Necesito tu permiso: ${toolInWords}`,
  approvalArgs: 'Con estos datos:',
  approvalPreview: 'Qué hará:',
  approvalWrites: (paths: string) => `• Escribirá: ${paths}`,
  approvalEngine: (engine: string, lane?: string) => `• Motor: ${engine}${lane ? ` (${lane === 'gpu' ? 'GPU' : 'CPU'})` : ''}`,
  approvalEstimate: (s: number) => `• Tiempo estimado: ~${s} s`,
  approvalCached: (cached: boolean) =>
    cached ? '• Ya está hecho (en caché): no se generará nada nuevo' : '• No está en caché: se generará ahora',
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
  tapAlready: () => 'Ya estaba decidido.',
  tapNotOwner: () => 'Solo quien pidió este trabajo puede decidir.',
  tapStale: () => 'Este botón ya no sirve: el trabajo terminó o el bot se reinició. Pide el trabajo de nuevo si hace falta.',
  waitingApproval: '⏸ Esperando tu aprobación…',

  // Progress and delivery
  /** Starts the header of a run still in progress (format.ts tells running from finished by it). */
  progressRunningMark: '⏳',
  progressHeader: (text: string) => `⏳ «${text}»`,
  progressDone: (text: string) => `✅ Terminado: «${text}»`,
  progressCancelled: (text: string) => `🚫 Cancelado: «${text}»`,
  progressStopped: (text: string) => `⚠️ Detenido: «${text}»`,
  progressNoTasks: 'Pensando qué hacer…',
  progressLine: (done: number, total: number, elapsedS: number) => `${done}/${total} · ${elapsedS} s`,
  reportHeader: '📋 Informe',
  notDoneHeader: 'No se hizo:',
  cancelledFinished: (labels: string[]) =>
    labels.length === 0 ? 'Cancelado. No había terminado ninguna tarea.' : `Cancelado. Ya estaba terminado: ${labels.join(', ')}.`,
  stopDetail: (detail: string) => `Motivo de la parada: ${detail}`,
  costLine: (input: number, output: number, cost: number) =>
    `Tokens: ${input.toLocaleString('es-ES')} de entrada + ${output.toLocaleString('es-ES')} de salida · coste ${usd(cost)}`,
  ganttCaption: 'Cronograma del trabajo (la ruta crítica resaltada)',
  ganttTitle: 'Cronograma del trabajo',
  coverCaption: (title: string, engine?: string) => `Portada · ${title}${engine ? ` — motor ${engine}` : ''}`,
  audioTitle: (title: string) => `Pódcast · ${title}`,
  audioPerformer: 'Cuaderno Vivo (voz generada por IA)',
  wavCaption: 'El audio original en WAV.',
  deliveryFailed: (what: string) => `No pude enviarte ${what}; el archivo sigue guardado en el cuaderno. Pídelo de nuevo más tarde.`,
});

const HELP_BODY =
  'Ejemplos:\n' +
  '• prepare la semana 3\n' +
  '• solo tarjetas de la nota que más se parezca a lo del cubismo\n' +
  '• rehaga la portada de la semana 2, la de ayer no me gustó\n' +
  '• narre la semana 4 con el motor juguete\n\n' +
  'Antes de generar una portada o narrar con tu voz te pido permiso con botones [✅ Aprobar] [❌ Rechazar].\n\n' +
  'Órdenes:\n' +
  '/semana N — la semana N paso a paso, sin modelo y sin gastar tokens\n' +
  '/estado — qué está en marcha y qué espera tu permiso\n' +
  '/cancelar — detiene el trabajo en marcha\n' +
  '/gasto — tokens y coste de este mes\n' +
  '/notas — tus notas · /nota tema: texto — añade una';

/** "0,0123 USD": four decimals because one run costs cents. */
export function usd(x: number): string {
  return `${x.toLocaleString('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 4 })} USD`;
}
