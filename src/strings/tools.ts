/**
 * Tools as the owner reads them: each tool's name in words and the words for the choices an owner
 * can change at approval. Tool ids never reach the owner (docs/design.md §36); the model keeps them
 * (model.ts).
 */
import { own } from '../lib/own.js';
import { showValue } from './model.js';

/** Each tool's name in words, for people (approvals, reports). The model keeps the ids. */
const TOOL_WORDS: Readonly<Record<string, string>> = Object.freeze({
  buscar_notas: 'buscar en tus notas',
  crear_tarjetas: 'crear tarjetas de repaso',
  proponer_tarjetas: 'proponerte tarjetas de repaso',
  generar_portada: 'generar la portada de la semana',
  narrar_resumen: 'narrar el resumen de la semana',
  registrar_uso: 'registrar el uso del modelo',
});

/** The tool's name in words ("generar la portada de la semana"); unknown tools keep their id. */
export function toolInWords(tool: string): string {
  return own(TOOL_WORDS, tool) ?? String(tool);
}

/**
 * One call in words, with what it is about, so two calls of one tool in a run never read the same:
 * «crear tarjetas de repaso de la nota 5», «generar la portada de la semana 3». An input without
 * its note or week (a refused call keeps none) reads as the tool alone.
 */
export function callInWords(tool: string, input: Readonly<Record<string, unknown>> | undefined): string {
  const words = toolInWords(tool);
  const note = input?.id_nota;
  if (tool === 'crear_tarjetas' && Number.isSafeInteger(note)) return `${words} de la nota ${String(note)}`;
  const week = input?.semana;
  if ((tool === 'generar_portada' || tool === 'narrar_resumen') && Number.isSafeInteger(week)) return `${words} ${String(week)}`;
  return words;
}

/**
 * The words for each value of an owner-changeable field (ToolDefinition.ownerChoices), as the
 * approval buttons and the terminal show them. Which values exist comes from the schema.
 */
const CHOICE_WORDS: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.freeze({
  'generar_portada.maqueta': { true: 'el dibujo hecho en el ordenador', false: 'la imagen hecha con la tarjeta gráfica' },
  'narrar_resumen.motor': { juguete: 'la voz sintética', xtts: 'tu propia voz' },
});

/**
 * Each tool's call as the run's final summary names it: the thing made or looked up for the owner,
 * one line each ("Portada", not its sub-steps). Bookkeeping tools have none (tools/stages/catalogue.ts
 * says which tools the owner reads about).
 */
const SUMMARY_WORDS: Readonly<Record<string, string>> = Object.freeze({
  buscar_notas: 'Búsqueda en tus notas',
  crear_tarjetas: 'Tarjetas de repaso',
  proponer_tarjetas: 'Tarjetas propuestas para que las revises',
  generar_portada: 'Portada',
  narrar_resumen: 'Narración',
});

/** The summary line's name of a tool's call ("Tarjetas de repaso"); an unknown tool reads as its words. */
export function summaryInWords(tool: string): string {
  return own(SUMMARY_WORDS, tool) ?? toolInWords(tool);
}

/** An alternative's words ("voz sintética"); an unknown value keeps its JSON. */
export function choiceInWords(tool: string, field: string, value: unknown): string {
  const words = own(CHOICE_WORDS, `${tool}.${field}`);
  return (words && own(words, String(value))) ?? `${field}=${showValue(value)}`;
}


/** A stage's label with the note its call is about: «Crear tarjetas (nota 5)». */
export function stageOfNote(label: string, note: number): string {
  return `${label} (nota ${note})`;
}

/** The stage a label of stageOfNote names («Crear tarjetas» of «Crear tarjetas (nota 5)»), or undefined. */
export function stageOfNoteBase(label: string): string | undefined {
  return /^(.+) \(nota \d+\)$/.exec(label)?.[1];
}

/**
 * One line for a stage run note by note: «Crear tarjetas: 7 de 10 notas leídas» — notes read, so
 * that «10 de 10» beside a report of «7 nuevas» (cards) never reads as cards lost.
 */
export function stageOfNotes(label: string, settled: number, total: number): string {
  return `${label}: ${settled} de ${total} notas leídas`;
}

/**
 * Each stage's label as the owner reads it in the progress message, /estado and the chart, keyed
 * by the stage's id (StageSpec.name). Words of what is being done, not of how ("Idea de la portada",
 * not "Prompt de portada").
 */
export const STAGE_LABELS = Object.freeze({
  'notas.busqueda': 'Recuperar notas',
  'tarjetas.crear': 'Crear tarjetas',
  'narracion.guion': 'Guion del pódcast',
  'portada.prompt': 'Idea de la portada',
  'portada.imagen': 'Portada',
  'portada.titulo': 'Título de la portada',
  'portada.critica': 'Revisión de la portada',
  'portada.procedencia': 'Guardar la portada',
  'narracion.voz': 'Narración',
  'narracion.marca': 'Marca de agua',
  'narracion.codificar': 'Codificar el episodio',
  'uso.registro': 'Registrar uso',
} as const);

/** A call's arguments as the approval lists them, one line each (the choices have their own words in chat.S). */
export const ARG_LINES = Object.freeze({
  week: (week: string, topic?: string) => `• Semana ${week}${topic ? ` (${topic})` : ''}`,
  voice: (value: string) => `• Voz: ${value}`,
  note: (id: string) => `• Nota nº ${id}`,
  search: (query: string) => `• Búsqueda: «${query}»`,
  results: (k: string) => `• Resultados: ${k}`,
  other: (key: string, value: string) => `• ${key}: ${value}`,
});
