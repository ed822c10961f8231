/**
 * The lines the program writes to its console about its own work — a chat message it could not
 * edit, a job it could not resume, a fault in its own code — for the person running the bot
 * (docs/design.md §36). In Spanish like the rest of the console (console.ts): that person is
 * often the student. Each line says what could not be done; the error that follows it says why.
 * This module imports nothing, so any layer (lib/ included) may take its words.
 */

/** `[bot] <line> <error>`: something the bot could not do while serving a chat. */
export const LOG = Object.freeze({
  reasonQuestionClose: 'no se pudo cerrar la pregunta del motivo',
  approvalEdit: 'no se pudo editar el mensaje de aprobación',
  expiryRecord: 'no se pudo registrar la caducidad',
  reasonThanks: 'no se pudo agradecer el motivo',
  cardProposalEdit: 'no se pudo actualizar la propuesta de tarjetas',
  classCourseTo: (id: number) => `no se pudo dar el curso a ${id}`,
  classQuizTo: (id: number) => `no se pudo mandar el test de la clase a ${id}`,
  classResultsOf: (id: number) => `no se pudieron leer los resultados de ${id}`,
  classCourse: 'no se pudo dar el curso de la clase',
  classSpendOf: (id: number) => `no se pudo leer el gasto de ${id}`,
  classAction: 'acción de la clase fallida',
  noteSave: 'no se pudo guardar la nota',
  lostRunNotice: 'aviso de trabajo perdido',
  runFailed: (runId: string) => `el trabajo ${runId} falló`,
  runForget: 'no se pudo olvidar el trabajo',
  runDelivered: (runId: string) => `no se pudo anotar lo entregado del trabajo ${runId}`,
  oldStatusRemove: 'no se pudo retirar el mensaje de estado anterior',
  approvalShow: 'no se pudo mostrar una aprobación',
  gpuQueue: 'no se pudo leer la cola de imágenes y voces',
  monthSpend: 'no se pudo leer el gasto del mes',
  usageLog: 'no se pudo leer el registro de uso',
  courseChange: 'no se pudo cambiar el curso',
  courseSave: 'no se pudo guardar el curso',
  send: (what: string) => `no se pudo enviar ${what}`,
  fileText: 'el texto del archivo',
  episode: 'el pódcast',
  deleteWebhook: 'deleteWebhook falló',
  setCommands: 'setMyCommands falló',
  sentNote: 'no se pudo anotar el envío',
  erase: 'no se pudieron borrar los datos',
  update: (id: number) => `error atendiendo la actualización ${id}`,
  workerPool: 'no se pudieron preparar los hilos de trabajo',
  firstUse: 'no se pudo preparar la primera lectura',
  questionClose: 'no se pudo cerrar la pregunta',
  pasteSave: 'no se pudo guardar el texto pegado',
  pasteOfferDelete: 'no se pudo borrar la oferta anterior del texto pegado',
  notesRead: 'no se pudieron leer las notas',
  noFilePath: 'el servidor no dio la ruta del archivo',
  photoGroupReply: 'material: respuesta de un grupo de fotos',
  photoGroup: 'material: grupo de fotos',
  photoGroupDisk: 'material: grupo de fotos en disco',
  photoGroupsResume: 'material: no se pudieron reanudar los grupos de fotos',
  photoGroupUnreadable: (name: string) => `material: grupo de fotos ilegible (${name}), se descarta`,
  rereadFinish: 'material: no se pudo terminar una relectura',
  originalSave: 'material: no se pudo guardar el archivo original',
  noteOrCardChange: 'no se pudo cambiar la nota o la tarjeta',
  runsResume: 'no se pudieron reanudar los trabajos pendientes',
  progressEdit: 'no se pudo actualizar el mensaje de progreso',
  chatAction: 'no se pudo enviar la acción de chat',
  quizPrepare: 'no se pudo preparar el test',
  reminderWishClose: 'no se pudo cerrar la propuesta de recordatorio',
  zoneQuestionClose: 'no se pudo cerrar la pregunta de la zona horaria',
  reminderSend: 'no se pudo enviar el recordatorio',
  proposalCount: 'no se pudo leer la cuenta de tarjetas propuestas',
  ankiExport: 'no se pudo exportar el mazo a Anki',
  cardEdit: 'no se pudo editar el mensaje de la tarjeta',
  undoneAnswerEdit: 'no se pudo corregir el mensaje de la respuesta deshecha',
  closingSave: 'no se pudo guardar cómo terminó el trabajo',
  afterRun: 'no se pudo mostrar lo que espera tras el trabajo',
  fileDeliver: 'no se pudo entregar un archivo',
  voiceTranscribe: 'no se pudo transcribir una nota de voz',
  voiceBacklog: 'no se pudieron transcribir las notas de voz guardadas',
  // Asking the model, when the program can do without it.
  classifyAsk: 'no se pudo preguntar al modelo qué pide el mensaje',
  explainAsk: 'no se pudo pedir al modelo una explicación de los pasajes',
  quizAsk: 'no se pudo pedir al modelo las preguntas del test',
  quizBroken: (why: string) => `el test que propuso el modelo no cumple las reglas (${why}); se hace sin modelo`,
  // A reader that runs apart (a thread, a child process) and stopped.
  ocrEnded: (how: string) => `OCR: el proceso lector terminó (${how})`,
  pdfEnded: (how: string) => `PDF: el hilo lector terminó (${how})`,
  /** The local chat server's own error, answered to the page. */
  webchatInternal: '[webchat] error interno',
});

/**
 * A fault in the program itself (a caller broke a rule of the code): nobody can fix it from the
 * chat; the console shows it so it can be reported.
 */
export const FAULT = Object.freeze({
  rereadWithoutPlan: 'una relectura sin plan',
  unknownJob: (name: string) => `función de trabajo desconocida: ${name}`,
  unknownReaderJob: (kind: string) => `trabajo desconocido del hilo lector: ${kind}`,
  stageWithoutFiles: (stage: string) => `la etapa ${stage} no declara los archivos que usa: no puede correr en otro proceso`,
  stageWithoutRun: (stage: string) => `la etapa ${stage} no tiene función`,
  keyTask: (task: string) => `Nombre de tarea no válido para la clave: "${task}"`,
  keyWeek: (year: unknown, week: unknown) => `Año o semana no válidos para la clave: ${String(year)}, ${String(week)}`,
  keyTitle: (tag: string) => `Marca de título no válida para la clave: "${tag}"`,
  keyVersion: (version: unknown) => `Versión no válida: ${String(version)}`,
  idempotencyKey: (key: string) => `Clave de idempotencia no válida: "${key}"`,
  noStageRunner: 'al despachador no se le dio con qué ejecutar etapas',
  buttonKind: (kind: string) => `el tipo de botón ${kind}: la versión más nueva de los datos debe saber escribirlos`,
  classNeedsTeacher: 'el modo clase necesita el id del profesor (el primer id permitido) y `openUser`',
  rasterSize: (width: number, height: number) => `el tamaño de una imagen debe ser de enteros positivos; llegó ${width}×${height}`,
  neverRan: (n: number) => `listSchedule: ${n} tareas no llegaron a ejecutarse (¿un carril con 0 huecos?)`,
  /** A tool definition that breaks the rules every tool keeps (tools/registry.ts), with each rule broken. */
  toolShape: (tool: string, problems: readonly string[]) => `Herramienta ${tool}: ${problems.join('; ')}`,
  toolName: 'el nombre debe ir en snake_case',
  toolStrict: 'strict debe ser true',
  toolSchema: 'input_schema debe ser un objeto con additionalProperties: false',
  toolRequired: 'todas las propiedades deben ser obligatorias',
  toolDescription: 'la descripción debe decir qué hace, qué devuelve, cuándo usarla y con qué condiciones',
  toolDryRun: 'una herramienta con efectos necesita dryRun (es lo que muestran la aprobación y --simulacro)',
});

/** What a value too deep to copy, or unreadable, becomes in a record (the audit log, a copy). */
export const PLACEHOLDER = Object.freeze({
  nested: (levels: number) => `[anidado a más de ${levels} niveles]`,
  unreadable: (why: string) => `[no se pudo leer: ${why}]`,
});
