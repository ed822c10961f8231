/**
 * The model as a second reader: when a model is configured and the offline understanding is unsure
 * what a message is about (`ambiguo` with `bajaConfianza`), one cheap call with one strict tool —
 * its intent and its details as enums of this owner's course — reads it instead of guessing or
 * starting a whole run. The call is billed like any other (one usage row, `origen: facturado`).
 * An answer that does not fit the schema, or «no_claro», is `ambiguo`: the bot asks back with buttons.
 */
import type { Config } from '../config.js';
import { weekNumbers, type Course } from '../domain/course/course.js';
import type { UsageInput } from '../store/types.js';
import { ENTENDER } from '../strings/entender.js';
import { createModel, type Model, type ModelRequest, type ToolUseBlock } from './model/index.js';
import { estimateRequestTokens } from './model/estimate.js';
import { billedUsage } from './model/usage.js';
import type { Understood } from './understand.js';
import { LOG } from '../strings/log.js';

/** The tool the model must call. */
export const CLASSIFY_TOOL = 'entender_mensaje';
/** Output cap of the call: one small tool call. */
export const CLASSIFY_MAX_TOKENS = 200;
/** The usage row's task name. */
export const CLASSIFY_TASK = 'entender:mensaje';

const INTENTS = [
  'preparar', 'rehacer', 'narrar', 'buscar', 'tarjetas', 'repaso', 'exportar', 'recordatorio', 'borrar_datos', 'importar',
  'ayuda', 'estado', 'gasto', 'cancelar', 'notas', 'saludo', 'gracias', 'charla', 'no_claro',
] as const;
type Intent = (typeof INTENTS)[number];
const PARTS = ['portada', 'narracion', 'tarjetas'] as const;
const COMMANDS = new Set<Intent>(['ayuda', 'estado', 'gasto', 'cancelar', 'notas']);

/** The strict tool: every field required, enums from the owner's course. */
export function classifyTool(course: Course): ModelRequest['tools'][number] {
  return {
    name: CLASSIFY_TOOL,
    description: ENTENDER.toolDescription,
    strict: true,
    input_schema: {
      type: 'object',
      additionalProperties: false,
      required: ['intencion', 'semana', 'parte', 'sin', 'voz', 'consulta'],
      properties: {
        intencion: { type: 'string', enum: [...INTENTS] },
        semana: { anyOf: [{ type: 'integer', enum: weekNumbers(course) }, { type: 'null' }] },
        parte: { anyOf: [{ type: 'string', enum: ['portada', 'narracion'] }, { type: 'null' }] },
        sin: { type: 'array', items: { type: 'string', enum: [...PARTS] } },
        voz: { type: 'string', enum: ['mia', 'sintetica'] },
        consulta: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
    },
  };
}

export interface ModelClassifierDeps {
  model: () => Promise<Model>;
  usage: { append(input: UsageInput): Promise<unknown> };
}

/** Reads `text` with one model call; never throws for a bad answer (that is `ambiguo`), only for a failed call. */
export function createModelClassifier(deps: ModelClassifierDeps): (text: string, course: Course, signal?: AbortSignal) => Promise<Understood> {
  return async (text, course, signal) => {
    const model = await deps.model();
    const weeks = weekNumbers(course);
    const request: ModelRequest = {
      system: ENTENDER.system(weeks.join(', ')),
      tools: [classifyTool(course)],
      toolChoice: CLASSIFY_TOOL,
      messages: [{ role: 'user', content: text }],
      maxTokens: CLASSIFY_MAX_TOKENS,
    };
    const response = await model.create(request, signal);
    // An impossible count is billed at an upper estimate (model/usage.ts), never skipped.
    const billed = billedUsage(response.usage, { maxOutput: CLASSIFY_MAX_TOKENS, inputEstimate: estimateRequestTokens(request) });
    await deps.usage.append({ origen: 'facturado', tarea: CLASSIFY_TASK, modelo: model.pricedAs, tokens_entrada: billed.input, tokens_salida: billed.output });
    const call = response.content.find((b): b is ToolUseBlock => b.type === 'tool_use' && b.name === CLASSIFY_TOOL);
    return understoodFrom(call?.input, weeks);
  };
}

/** The tool's input as an Understood, checked against the schema again (the model's word is not trusted). */
export function understoodFrom(input: unknown, weeks: readonly number[]): Understood {
  const ambiguous: Understood = { intent: 'ambiguo' };
  if (typeof input !== 'object' || input === null) return ambiguous;
  const i = input as Record<string, unknown>;
  const intent = INTENTS.find((x) => x === i.intencion);
  if (!intent || intent === 'no_claro') return ambiguous;
  const semana = typeof i.semana === 'number' && weeks.includes(i.semana) ? i.semana : undefined;
  const parte = i.parte === 'portada' || i.parte === 'narracion' ? i.parte : undefined;
  const sin = Array.isArray(i.sin) ? [...new Set(i.sin.filter((p): p is (typeof PARTS)[number] => (PARTS as readonly unknown[]).includes(p)))].sort() : [];
  const voz = i.voz === 'mia' ? 'mia' : 'sintetica';
  const consulta = typeof i.consulta === 'string' ? i.consulta.trim().slice(0, 200) : '';
  if (COMMANDS.has(intent)) return { intent: 'orden', nombre: intent as Extract<Understood, { intent: 'orden' }>['nombre'] };
  switch (intent) {
    case 'saludo': case 'gracias': case 'charla': case 'repaso': case 'exportar': case 'borrar_datos': case 'importar':
      return { intent };
    case 'recordatorio':
      return { intent: 'recordatorio' };
    case 'buscar':
      return consulta ? { intent: 'buscar', consulta } : { intent: 'ambiguo', quiere: 'buscar' };
    case 'tarjetas':
      return semana === undefined ? { intent: 'ambiguo', quiere: 'tarjetas' } : { intent: 'preparar', semana, voz, redo: false, sin: ['narracion', 'portada'] };
    case 'narrar':
      return semana === undefined ? { intent: 'ambiguo', quiere: 'narracion' } : { intent: 'narrar', semana, voz };
    case 'rehacer':
      if (!parte) return ambiguous;
      return semana === undefined ? { intent: 'ambiguo', quiere: parte } : { intent: 'rehacer', que: parte, semana, voz, redo: true };
    default:
      return semana === undefined ? { intent: 'ambiguo', quiere: 'preparar' } : { intent: 'preparar', semana, voz, redo: false, ...(sin.length > 0 ? { sin } : {}) };
  }
}

/**
 * The bot's second reader for one owner: with a Claude model configured (not offline, not a
 * scripted model), the classification above with the owner's usage log, skipped once the month's
 * budget is spent; a failed call is logged and read as `ambiguo`. Undefined otherwise.
 */
export function modelReaderFor(
  config: Pick<Config, 'model' | 'anthropic' | 'limits'>,
  usage: ModelClassifierDeps['usage'] & { monthTotal(date: Date): Promise<number> },
  log: (message: string, error?: unknown) => void,
): ((text: string, course: Course) => Promise<Understood>) | undefined {
  if (config.model.kind !== 'anthropic') return undefined;
  let model: Promise<Model> | undefined;
  const classify = createModelClassifier({ model: () => (model ??= createModel(config, { runId: CLASSIFY_TASK })), usage });
  return async (text, course) => {
    try {
      if ((await usage.monthTotal(new Date())) >= config.limits.monthlyBudgetUsd) return { intent: 'ambiguo' };
      return await classify(text, course);
    } catch (e) {
      log(LOG.classifyAsk, e);
      return { intent: 'ambiguo' };
    }
  };
}
