/**
 * What the store found wrong in a state file or a value it was asked to write, for the person
 * running the bot (console.ts re-exports it: these are console lines). Imports nothing.
 */

export const STORE_PROBLEMS = Object.freeze({
  // --- the audit log ---
  entryNotObject: 'la entrada no es un objeto JSON',
  auditCut: (file: string, bytes: number, aside: string) =>
    `Registro de auditoría: la última línea de ${file} estaba cortada (${bytes} bytes, probablemente porque el programa se paró de golpe); la he movido a ${aside} y sigo en una línea nueva.`,
  auditLine: (file: string, n: number) =>
    `El archivo ${file} está dañado: la línea ${n} no es JSON válido. No se ha modificado; ` +
    'si se cortó a mitad de una escritura, borra esa línea (el resto del registro sigue siendo válido).',
  // --- CSV (the usage log) ---
  openQuotes: (line: number) => `comillas sin cerrar en la línea ${line}`,
  afterQuotes: (line: number) => `texto después de las comillas que cierran un campo en la línea ${line}`,
  header: (columns: string) => `la primera línea debería ser la cabecera "${columns}"`,
  columns: (line: number, found: number, width: number) => `la línea ${line} tiene ${found} columnas en vez de ${width}`,
  date: (line: number, raw: string) => `la línea ${line} tiene una fecha no válida ("${raw}")`,
  numbers: (line: number) => `la línea ${line} tiene tokens o coste que no son números`,
  origin: (line: number, raw: string, known: readonly string[]) => `la línea ${line} tiene un origen desconocido ("${raw}"; válidos: ${known.join(', ')})`,
  cutLine: (line: number) => `la línea ${line} está cortada (le falta el final)`,
  longLine: (line: number) => `la línea ${line} es demasiado larga para ser una fila`,
  noPrice: (model: string, known: readonly string[]) => `No hay precio para el modelo "${model}"; modelos con precio: ${known.join(', ')}.`,
  badOrigin: (raw: string) => `Origen de uso no válido: "${raw}"`,
  notCount: (field: string, raw: string) => `${field} debe ser un entero no negativo; se recibió ${raw}.`,
  // --- the lock, the notes, the class ---
  busy: (file: string) => `El archivo ${file} está ocupado por otro proceso de Cuaderno Vivo desde hace demasiado; vuelve a intentarlo en unos segundos.`,
  noSeed: (seed: string) => `no existe y no se encontró la copia de las notas de ejemplo (${seed})`,
  vanished: 'desapareció mientras se creaba',
  userId: (raw: string) => `Id de usuario no válido: ${raw}`,
  notJsonObject: 'no es un objeto JSON',
  classVersion: (found: string, expected: number) => `versión desconocida ${found} (se esperaba ${expected})`,
  students: '«students» debe ser una lista de {id, name, joinedAt}',
  invites: '«invites» debe ser una lista de {code, createdAt, expiresAt}',
  classFix: 'si lo borras, la clase empieza vacía y cada alumno tendrá que volver a entrar con una invitación (los cuadernos de cada alumno se conservan).',
  classBusy: (dataDir: string) => `Otra copia de Cuaderno Vivo está usando ya esta carpeta de datos (${dataDir}). Ciérrala antes de pasar al modo clase.`,
  // --- the review state ---
  reviewShape: 'debería ser un objeto JSON con "version", "tarjetas" y "registro"',
  reviewVersion: (found: string, known: number) => `tiene la versión ${found} y este programa solo entiende la ${known}`,
  objectField: (field: string) => `"${field}" debería ser un objeto`,
  listField: (field: string) => `"${field}" debería ser una lista`,
  reviewEntry: (n: number, grades: readonly string[]) => `la entrada ${n} del registro no tiene id_tarjeta, calificacion (${grades.join(', ')}) y fecha`,
  reviewFix: 'si lo borras, las tarjetas vuelven a estar nuevas y se pierde el historial de repasos.',
  // --- the cards proposed and not yet saved ---
  proposalsShape: (version: number) => `se esperaba {"version": ${version}, "lotes": [...]}`,
  proposalsFix: 'si lo borras, se pierden las tarjetas propuestas que aún no guardaste.',
});
