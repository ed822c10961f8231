/**
 * What the `cuaderno` CLI prints for the person at the terminal: its usage lines, the words of a
 * misused command, and the reports of `plan` and `simular`. Like the console (console.ts), these
 * may name a flag, a setting or the machine's CPU and GPU: that is what this person types and
 * tunes. Its JSON outputs are for scripts and keep their field names.
 */

/** A subcommand's synopsis (flags and placeholders, no sentence): shared by its help and its misuse. */
export const USAGE = Object.freeze({
  curso: 'curso [--json] | curso importar ARCHIVO [--forzar] | curso semana N "TÍTULO"',
  preparar: 'preparar "<petición>" [--reanudar | --descartar] [--max-iteraciones N] [--presupuesto N]',
});

export const MISUSE = Object.freeze({
  /** `usage` follows on its own line. */
  withUsage: (line: string, usage: string) => `${line}\nUso: npm run -s cuaderno -- ${usage}`,
  usageOnly: (usage: string) => `Uso: npm run -s cuaderno -- ${usage}`,
  auditNeedsCheck: 'Falta --verificar (o sobra un argumento).',
  apkgFile: 'Indica un archivo que termine en .apkg.',
  unexpected: (arg: string) => `Argumento inesperado: ${arg}`,
  unknownSubcommand: (name: string) => `Subcomando desconocido: ${name}`,
  unexpectedJson: (arg: string) => `Argumento inesperado: ${arg} (¿faltan comillas alrededor del JSON?)`,
  argsNotJson: (why: string) => `Los argumentos no son JSON válido (${why}). Ejemplo: '{"consulta":"impresionismo","k":2}'`,
  missingFile: 'Falta el archivo.',
  badInstant: (raw: string) => `Fecha no válida en --ahora: «${raw}». Usa ISO 8601 con zona, por ejemplo 2026-11-30T20:00:00Z.`,
  notCardId: (raw: string) => `«${raw}» no es un id de tarjeta (un entero positivo).`,
  unknownGrade: (word: string, words: readonly string[]) => `Calificación desconocida: «${word}». Usa una de: ${words.join(', ')}.`,
  noCard: (id: number) => `No existe la tarjeta ${id}; mira las que hay con \`npm run -s cuaderno -- tarjetas\`.`,
});

/** Why `curso importar` could not read the file, by the system's error code. */
export const READ_FAILURE = Object.freeze({
  ENOENT: 'no existe',
  EISDIR: 'es una carpeta',
  EACCES: 'no tengo permiso',
  other: 'error de lectura',
  notText: 'no es un archivo de texto',
});

/** A command that writes, pointed at a class's data folder (one notebook per person) instead of one notebook. */
export const classRoot = (dir: string, example: string) =>
  `${dir} es la carpeta de una clase, con un cuaderno por persona: indica el de una con CUADERNO_DATA_DIR=${example}/<id>`;

export const NOTES_LINES = Object.freeze({
  none: 'El cuaderno no tiene notas.',
});

/** `preparar`'s terminal approval when the input ends before an answer. */
export const PREPARAR = Object.freeze({
  noAnswer: '(sin respuesta: no)',
});

/**
 * docs/design.md §5's names of the week's seven tasks, as `plan` and `simular` list them (the chat
 * names the stages in its own words: tools.STAGE_LABELS).
 */
export const WEEK_TASKS = Object.freeze({
  T1: 'Recuperar notas', T2: 'Crear tarjetas', T3: 'Guion del pódcast', T4: 'Prompt de portada', T5: 'Portada', T6: 'Narración', T7: 'Informe semanal',
} as const);

/** `plan`: a flag out of range, the Gantt chart's title and the turn's stages. */
export const PLAN = Object.freeze({
  badGpu: (raw: string | undefined) => `--gpu debe ser un entero positivo (número de GPU), no "${raw}".`,
  badCpu: (raw: string | undefined) => `--cpu debe ser un entero positivo (huecos de CPU), no "${raw}".`,
  ganttTitle: (ofGraphFile: boolean, gpu: number) => `${ofGraphFile ? 'Plan del grafo' : 'Plan de la semana'} · ${gpu} GPU`,
  order: (ids: readonly string[]) => `Orden (Kahn): ${ids.join(' ')}`,
  levels: 'Niveles:',
  /** The table's headings, in its columns' order. */
  columns: Object.freeze({ task: 'Tarea', lane: 'Carril', length: 'Duración', start: 'Inicio', end: 'Fin', slack: 'Holgura' }),
  critical: '  ◀ crítica',
  criticalPath: (path: readonly string[], length: string) => `Ruta crítica: ${path.join(' → ')} = ${length}`,
  weekLength: 'Duración de la semana:',
  sequential: 'secuencial',
  idealParallel: 'paralelo ideal',
  saving: (pct: string) => `(ahorro ${pct} %)`,
  withGpus: (gpu: number) => `con ${gpu} GPU${gpu === 1 ? '' : 's'}`,
  byLevels: 'nivel a nivel',
  stagesHead: (turn: number, cpu: number, gpu: number) =>
    `Etapas del turno ${turn} (tarjetas, portada y narración a la vez), como las ejecuta el trabajo en ${cpu} CPU y ${gpu} GPU:`,
  atStart: 'al empezar el turno',
  after: (deps: readonly string[]) => `tras ${deps.join(', ')}`,
  turnCritical: (path: readonly string[], length: string) => `Ruta crítica del turno: ${path.join(' → ')}; el turno dura ${length} en esos carriles`,
});

/** `simular`: a flag out of range and the report's lines (figures come formatted). */
export const SIMULAR = Object.freeze({
  badWeeks: (raw: string | undefined) => `--semanas debe ser un entero entre 1 y 10000000, no "${raw}".`,
  badP: (raw: string | undefined) => `--p debe ser una probabilidad en [0, 1), no "${raw}".`,
  badSeed: (raw: string | undefined) => `--semilla debe ser un entero, no "${raw}".`,
  badLane: (flag: string, lane: string, raw: string | undefined) => `--${flag} debe ser un entero positivo (huecos de ${lane}), no "${raw}".`,
  badEngines: (raw: string) => `--motores debe ser cpu o gpu, no "${raw}".`,
  head: (weeks: number, p: number, seed: number) => `Simulación: ${weeks} semanas, p = ${p} por llamada, semilla ${seed} (reloj simulado)`,
  /** `cpu`: the CPU slots, or null for the reference experiment's one slot per task. */
  lanes: (cpu: number | null, gpu: number, gpuEngines: boolean) =>
    `Carriles: ${cpu === null ? 'un hueco de CPU por tarea (el experimento de referencia)' : `${cpu} CPU`} y ${gpu} GPU, con la prioridad del ejecutor; motores ${gpuEngines ? 'de GPU (imagen y voz comparten la GPU)' : 'de CPU (maqueta y voz sintética)'}`,
  complete: (done: number, weeks: number) => `Semanas completas: ${done} de ${weeks}`,
  latency: (p50: number, p95: number, max: number) => `Latencia de las semanas completas: p50 ${p50} s · p95 ${p95} s · máx ${max} s`,
  retryWait: (s: number) => `Espera total en reintentos: ${s} s`,
  errorsHead: 'Código  Ocurrencias  Definitivos',
  noneFinal: 'Ningún error reintentable llegó a ser definitivo.',
  someFinal: (codes: readonly string[]) => `Errores reintentables que agotaron los intentos: ${codes.join(', ')}.`,
  theoryFinal: (expected: string, attempts: number) => `(La teoría espera ${expected} tareas con los ${attempts} intentos fallidos por errores reintentables en esta simulación.)`,
  taskFailure: (verdict: string, failed: number, run: number) => `Fallo por tarea: ${verdict} (${failed} de ${run} tareas ejecutadas)`,
  weekFailure: (verdict: string) => `Fallo por semana: ${verdict}`,
  /** Percentages come formatted («10.00 %»), `diff` in points with its sign. */
  verdict: (observed: string, low: string, high: string, theory: string, diff: string, inside: boolean) =>
    `${observed} (IC 95 % ${low}–${high}); teoría ${theory}; diferencia ${diff} puntos → ${inside ? 'la teoría cae dentro del intervalo' : 'la teoría queda FUERA del intervalo'}`,
});

/** A task graph that cannot be planned (`plan --grafo`'s file, or the week's own): what is wrong in it. */
export const GRAPH = Object.freeze({
  notJson: (why: string) => `no es JSON válido (${why}).`,
  notObject: 'debe ser un objeto con una lista "tareas".',
  empty: 'la lista "tareas" está vacía.',
  nth: (n: number) => `la tarea n.º ${n}`,
  itemNotObject: (where: string) => `${where} no es un objeto.`,
  needsId: (where: string) => `${where} necesita un "id" de texto.`,
  nameNotText: (id: string) => `"nombre" de ${id} debe ser texto.`,
  badDuration: (id: string, found: string) => `"duracion" de ${id} debe ser un número mayor o igual que 0 (es ${found}).`,
  absent: 'ausente',
  depsNotList: (id: string) => `"deps" de ${id} debe ser una lista de ids.`,
  unknownLane: (id: string, lane: string) => `carril desconocido en ${id}: ${lane} (usa "cpu" o "gpu").`,
  // The same problems found in a graph built in code (scheduler/dag.ts), as whole sentences.
  noId: (n: number) => `La tarea n.º ${n} no tiene un id de texto.`,
  duplicateId: (id: string) => `Id de tarea duplicado: ${id}.`,
  durationOf: (id: string, found: string) => `La duración de ${id} debe ser un número mayor o igual que 0 (es ${found}).`,
  laneOf: (id: string, lane: string) => `Carril desconocido en ${id}: ${lane} (usa "cpu" o "gpu").`,
  depsOf: (id: string) => `Las dependencias de ${id} deben ser una lista de ids.`,
  missingDep: (id: string, dep: string) => `${id} depende de una tarea que no existe: ${dep}.`,
  repeatedDep: (id: string, dep: string) => `${id} repite la dependencia ${dep}.`,
  cycle: (path: string) => `El grafo tiene un ciclo: ${path}. Quita una de esas dependencias.`,
});
