/**
 * LocalPlanner (`CUADERNO_MODELO=local`, the default without an API key): a deterministic offline
 * planner that behaves like a model — it reads the owner's request (the first user message; never
 * the notes, which are data), proposes independent calls in one turn, asks back when the request is
 * unclear, and ends with the five-line report built from the real tool results.
 *
 * It is stateless over the conversation (what it has already proposed is read from the messages,
 * what came of it from the run's typed ledger — never from the rendered text), so a run resumed
 * after a crash continues exactly where it was. Engines default to the CPU ones
 * (maqueta / juguete) so it works on a fresh machine. `usage` is estimated at ~4 chars/token so
 * budgets and cost behave as with a real model.
 */
import { createHash } from 'node:crypto';
import { DEFAULT_ORCHESTRATOR_MODEL, type ModelName } from '../../config.js';
import { weekQuery, weekTitle, type Course } from '../../domain/course/course.js';
import { DEMO_COURSE } from '../../domain/course/demo.js';
import { interpret, needsNotes, type PlanIntent } from '../intent.js';
import { S } from '../../strings/chat.js';
import { LOCAL_TURNS } from '../../strings/agent.js';
import type { ToolResult } from '../../tools/contract.js';
import { own } from '../../lib/own.js';
import { buildReport, callRecord, notDone, type CallRecord } from '../report.js';
import { noteIdsOf } from '../../tools/reports/buscar_notas.js';
import { WEEK_SEARCH_K } from '../../scheduler/week.js';
import { estimateContentTokens, estimateRequestTokens } from './estimate.js';
import type { ContentBlock, MessageParam, Model, ModelRequest, ModelResponse, ToolUseBlock } from './types.js';
import { ESTIMATED_TASK_PREFIX, type RefusalReason } from '../../store/index.js';
import { honourReasons } from './honour.js';

export interface Proposal {
  name: string;
  input: Record<string, unknown>;
}

export interface LocalPlannerOptions {
  /** Plan this instead of reading the request (the deterministic week workflow). */
  intent?: PlanIntent;
  /** No model runs at all: usage is zero (the deterministic workflow costs no tokens). */
  free?: boolean;
  label?: string;
  /** The owner's course: which weeks exist and what a week's search asks for (default the demo course). */
  course?: Course;
  /**
   * The ids of the notes the student filed under a week (their `semana`), read when the plan is
   * made. A week's cards are one call per such note, not only per search hit: the search ranks by
   * words, and a note of week 12 that shares none with the week's title is still week 12's.
   */
  weekNotes?: (week: number) => Promise<readonly number[]>;
}

export class LocalPlanner implements Model {
  readonly label: string;
  readonly pricedAs: ModelName = DEFAULT_ORCHESTRATOR_MODEL;
  readonly usageIsEstimate = true;
  private readonly salt: string;

  /** `seed` (the run id) makes tool_use ids unique per run and stable across a resume. */
  constructor(seed = 'local', private readonly opts: LocalPlannerOptions = {}) {
    this.salt = createHash('sha256').update(seed).digest('hex').slice(0, 10);
    this.label = opts.label ?? 'local';
  }

  async create(request: ModelRequest): Promise<ModelResponse> {
    const content = await this.decide(request.messages, request.results ?? {}, request.reasons ?? []);
    const hasCalls = content.some((b) => b.type === 'tool_use');
    const usage = this.opts.free
      ? { input_tokens: 0, output_tokens: 0 }
      : { input_tokens: estimateRequestTokens(request), output_tokens: estimateContentTokens(content) };
    return { content, stop_reason: hasCalls ? 'tool_use' : 'end_turn', usage };
  }

  async countTokens(request: ModelRequest): Promise<number> {
    return this.opts.free ? 0 : estimateRequestTokens(request);
  }

  private async decide(messages: readonly MessageParam[], results: Readonly<Record<string, ToolResult>>, reasons: readonly RefusalReason[]): Promise<ContentBlock[]> {
    // The request and, after a question back, the owner's answers: "haz la portada" + "la 3".
    const text = messages.flatMap((m) => (m.role === 'user' && typeof m.content === 'string' ? [m.content] : [])).join(' ');
    const course = this.opts.course ?? DEMO_COURSE;
    const intent = this.opts.intent ?? interpret(text, course);
    if (intent.kind === 'pregunta') return [{ type: 'text', text: intent.question }];

    const seen = seenCalls(messages, results);
    const answered = answeredCalls(messages);
    const turn = messages.filter((m) => m.role === 'assistant').length;
    const called = (name: string) => answered.includes(name);
    const needsSearch = intent.actions.tarjetas && intent.noteId === undefined;
    const mainDone = ['crear_tarjetas', 'generar_portada', 'narrar_resumen'].some(called);
    // The week's own notes, read until the main turn is made (undefined where the planner cannot read them).
    const filed = !mainDone && intent.week && intent.query === undefined && intent.noteId === undefined ? await this.opts.weekNotes?.(intent.week) : undefined;
    // A week with no notes yet: what needs them is said not doable before anything is asked or run.
    const missing = needsNotes(intent.actions);
    if (intent.week && filed?.length === 0 && answered.length === 0 && missing.length > 0) {
      return [{ type: 'text', text: S.emptyWeek(intent.week, weekTitle(course, intent.week), missing, intent.actions.portada ? 'palabras' : undefined) }];
    }

    if (needsSearch && !called('buscar_notas')) {
      const query = intent.query ?? (intent.week ? weekQuery(course, intent.week) : '');
      const k = intent.query ? 1 : WEEK_SEARCH_K;
      const what = intent.query ? LOCAL_TURNS.closestNote(query) : LOCAL_TURNS.weekNotes(weekTitle(course, intent.week ?? 0));
      return this.turn(turn, LOCAL_TURNS.search(what), [{ name: 'buscar_notas', input: { consulta: query, k } }]);
    }
    if (!mainDone) {
      // What the owner said when they refused the same thing before is honoured where it can be.
      const calls = honourReasons(mainCalls(intent, seen, filed), reasons);
      if (calls.length > 0) return this.turn(turn, LOCAL_TURNS.together, calls);
    }
    if (!called('registrar_uso')) {
      const { input, output } = this.opts.free ? { input: 0, output: 0 } : approximateUsage(messages);
      // Labelled as an estimate: this planner costs nothing, its figures only model a real run.
      const tarea = `${ESTIMATED_TASK_PREFIX}${intent.week ? `semana-${intent.week}` : 'tarjetas'}`;
      return this.turn(turn, LOCAL_TURNS.usage, [
        { name: 'registrar_uso', input: { tarea, modelo: this.pricedAs, tokens_entrada: input, tokens_salida: output } },
      ]);
    }
    // This planner is never billed: its report has no usage line (the closing's cost line says 0).
    return [{ type: 'text', text: buildReport(seen, course, { week: intent.week, query: intent.query, billed: false }) }];
  }

  private turn(turn: number, say: string, calls: Proposal[]): ContentBlock[] {
    const blocks: ContentBlock[] = [{ type: 'text', text: say }];
    calls.forEach((c, i) => blocks.push({ type: 'tool_use', id: `toolu_local_${this.salt}_${turn}_${i}`, name: c.name, input: c.input }));
    return blocks;
  }
}

/**
 * The calls of the main turn, together: cards, cover and narration. The cards of a week are one call
 * per note filed under the week (`filed`), the search's best hits first, and never a note of another
 * week that shares its words; only where the week's notes cannot be read (`filed` undefined) does
 * the week's search decide. A request about one note («la nota que más se parezca a…», «la nota 8»)
 * cards that note only.
 */
export function mainCalls(intent: PlanIntent, seen: readonly CallRecord[], filed: readonly number[] | undefined): Proposal[] {
  const out: Proposal[] = [];
  if (intent.actions.tarjetas) {
    const search = seen.find((c) => c.name === 'buscar_notas' && !notDone(c.result));
    const found = search ? noteIdsOf(search.result.data) : [];
    const ofWeek = filed ? [...found.filter((id) => filed.includes(id)), ...filed.filter((id) => !found.includes(id))] : found;
    const notes = intent.noteId !== undefined ? [intent.noteId] : intent.query === undefined ? ofWeek : found.slice(0, 1);
    for (const id of notes) out.push({ name: 'crear_tarjetas', input: { id_nota: id } });
  }
  if (intent.actions.portada && intent.week) out.push({ name: 'generar_portada', input: { semana: intent.week, maqueta: intent.maqueta } });
  if (intent.actions.narracion && intent.week) out.push({ name: 'narrar_resumen', input: { semana: intent.week, motor: intent.motor } });
  return out;
}

/**
 * Every tool_use so far that has its result, paired with that result from the run's typed ledger
 * (ModelRequest.results), in call order. A call answered without a typed result on record (a run
 * begun by an old version whose journal lost it) is left out: its name still counts as called.
 */
export function seenCalls(messages: readonly MessageParam[], results: Readonly<Record<string, ToolResult>>): CallRecord[] {
  const out: CallRecord[] = [];
  for (const m of messages) {
    if (m.role !== 'assistant') continue;
    for (const b of m.content) {
      if (b.type !== 'tool_use') continue;
      const result = own(results, (b as ToolUseBlock).id);
      if (result) out.push(callRecord(b.name, b.input, result));
    }
  }
  return out;
}

/** Names of the tool_use blocks that have a tool_result in the conversation, in call order. */
function answeredCalls(messages: readonly MessageParam[]): string[] {
  const answered = new Set<string>();
  for (const m of messages) if (m.role === 'user' && typeof m.content !== 'string') for (const b of m.content) if (b.type === 'tool_result') answered.add(b.tool_use_id);
  return messages.flatMap((m) => (m.role === 'assistant' ? m.content.flatMap((b) => (b.type === 'tool_use' && answered.has(b.id) ? [b.name] : [])) : []));
}

/** What the run has cost so far, as a model would guess it from the conversation length. */
function approximateUsage(messages: readonly MessageParam[]): { input: number; output: number } {
  let input = 0;
  let output = 0;
  messages.forEach((m, i) => {
    if (m.role === 'assistant') {
      input += estimateRequestTokens({ system: '', tools: [], messages: messages.slice(0, i) as MessageParam[] });
      output += estimateContentTokens(m.content);
    }
  });
  return { input, output };
}
