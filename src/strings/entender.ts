/**
 * What only the model reads when the offline understanding is unsure of a message (agent/classify.ts):
 * the instruction of the one classification call and its tool's description. Still tú, still Spanish.
 */
export const ENTENDER = Object.freeze({
  system: (weeks: string) =>
    'Eres el lector de mensajes de Cuaderno Vivo, un bot que prepara la semana de estudio de una persona ' +
    `(portada, narración y tarjetas de cada semana del curso; semanas: ${weeks}). ` +
    'Lee el mensaje y llama una sola vez a la herramienta con lo que pide y los detalles que da. ' +
    'Si no está claro qué pide, elige «no_claro»: es mejor preguntar que adivinar.',
  toolDescription:
    'Dice qué pide el mensaje (intencion) y los detalles que da: la semana si la nombra (si no, vacía), la parte de la semana ' +
    '(portada o narracion) si pide solo una, las partes que deja fuera (sin), la voz y lo que busca entre las notas (consulta).',
});
