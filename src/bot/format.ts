/**
 * Pure text builders for the chat: the approval message (tool in words, arguments in plain Spanish,
 * the dry-run preview), the progress message (task marks, bar, elapsed time) and Telegram's limits.
 * No I/O here, so every line the owner reads is testable without a bot.
 */
import type { PendingApproval } from '../agent/run-file.js';
import type { TaskEvent } from '../scheduler/events.js';
import { hasWeek, weekTopic, type Course } from '../domain/course/course.js';
import { ARG_LINES, callInWords, stageOfNoteBase, stageOfNotes, toolInWords } from '../strings/tools.js';
import { ownerReason, plainWords } from '../strings/agent.js';
import { S } from '../strings/chat.js';
import { MESSAGE_MAX_CHARS } from '../lib/paste-parts.js';
import { fitMessage, splitMessage } from '../lib/message-pack.js';
import { chatActionOf, toolRole } from '../tools/stages/catalogue.js';
import { withoutCue } from '../domain/cards/build.js';
import { clozeSentence } from '../domain/study/idea-cards.js';
import type { CallOutcome } from '../agent/types.js';

/** Telegram Bot API limits (characters): a message text and a media caption. */
export const TELEGRAM_TEXT_MAX = MESSAGE_MAX_CHARS;
export const TELEGRAM_CAPTION_MAX = 1024;

export { toolInWords };

/** One plain-Spanish line per argument; known arguments are explained, others shown as values. */
export function argsInWords(args: Record<string, unknown>, course?: Course): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(args)) {
    switch (key) {
      case 'semana': {
        const topic = course && typeof value === 'number' && hasWeek(course, value) ? weekTopic(course, value) : undefined;
        lines.push(ARG_LINES.week(String(value), topic));
        break;
      }
      case 'maqueta':
        lines.push(value === true ? S.argDrawing : S.argGpuImage);
        break;
      case 'motor':
        lines.push(value === 'xtts' ? S.argOwnVoice : value === 'juguete' ? S.argSyntheticVoice : ARG_LINES.voice(String(value)));
        break;
      case 'id_nota':
        lines.push(ARG_LINES.note(String(value)));
        break;
      case 'consulta':
        lines.push(ARG_LINES.search(String(value)));
        break;
      case 'k':
        lines.push(ARG_LINES.results(String(value)));
        break;
      default:
        lines.push(ARG_LINES.other(key, typeof value === 'string' ? value : JSON.stringify(value)));
    }
  }
  return lines;
}

/** What the approval message shows of the run's own pending approval (run.json): one shape, no copy. */
export type ApprovalShown = Pick<PendingApproval, 'tool'> & { proposal: Pick<PendingApproval['proposal'], 'args' | 'preview'> };

/** The whole approval message: what, with which data, what it will do, and the expiry. */
export function approvalText(pending: ApprovalShown, opts: { timeoutS: number; course?: Course; lastNo?: string }): string {
  const req = { tool: pending.tool, args: pending.proposal.args };
  const p = pending.proposal.preview;
  // What the owner reads is what will happen, in words: no engine names, no file paths (the model's
  // dry-run summary names both, so it is used only for a tool without its own sentence).
  const week = typeof req.args.semana === 'number' ? req.args.semana : undefined;
  const what = S.approvalWhat(req.tool, week, p.notes) ?? plainWords(p.summary);
  const lines = [S.approvalTitle(callInWords(req.tool, req.args)), '', S.approvalArgs, ...argsInWords(req.args, opts.course), '', S.approvalPreview, what];
  if (p.estimateS !== undefined) lines.push(S.approvalEstimate(Math.max(1, Math.round(p.estimateS))));
  lines.push(S.approvalCached(p.cached));
  // The reason of the owner's last no to this very thing: seen to be remembered, and to be weighed.
  if (opts.lastNo) lines.push(S.approvalLastNo(opts.lastNo));
  lines.push(...problemLines(p.problems ?? []));
  lines.push('', approvalFooter(opts.timeoutS));
  return fitMessage(lines.join('\n'));
}

/** The approval's last line while it waits: what happens without an answer. */
function approvalFooter(timeoutS: number): string {
  return S.approvalExpires(Math.max(1, Math.round(timeoutS / 60)));
}

/**
 * The approval's text once answered (`sent` is approvalText's): the lines that only make sense
 * while it waits — the «I need your permission» heading, «not done yet: I will do it once you approve» and what
 * happens without an answer — are put in the past or dropped, so the message reads as what was
 * asked, and the decision under it.
 */
export function answeredApprovalText(sent: string, timeoutS: number): string {
  const footer = `\n\n${approvalFooter(timeoutS)}`;
  const notYet = `\n${S.approvalCached(false)}`;
  const body = (sent.endsWith(footer) ? sent.slice(0, -footer.length) : sent).replace(notYet, '');
  const asking = S.approvalTitle('');
  return body.startsWith(asking) ? S.approvalAsked(body.slice(asking.length)) : body;
}

/**
 * The dry run's problems (written by the tools for the model) as the owner reads them: what is
 * missing and what to do, each hint once, no tool arguments or server paths.
 */
export function problemLines(problems: readonly string[]): string[] {
  if (problems.length === 0) return [];
  const reasons = problems.map(ownerReason);
  const hints = [...new Set(reasons.map((r) => r.hint).filter((h): h is string => h !== undefined))];
  return ['', S.approvalProblemsHeader, ...reasons.map((r) => S.approvalProblem(capitalize(r.text))), ...hints];
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// ── progress ────────────────────────────────────────────────────────────────────────────────

export type TaskState = 'pendiente' | 'en_curso' | 'hecha' | 'fallida' | 'cancelada';
export interface TaskView {
  taskId: string;
  label: string;
  state: TaskState;
  attempt: number;
  lane?: 'cpu' | 'gpu';
  /** When its current attempt started, ms on the run's clock (the ETA counts what is left of it). */
  startedAt?: number;
}

/** Folds one executor event into the ordered task list (a new list; first-seen order is kept). */
export function applyTaskEvent(tasks: readonly TaskView[], e: TaskEvent): TaskView[] {
  const next = tasks.map((t) => ({ ...t }));
  let t = next.find((x) => x.taskId === e.taskId);
  if (!t) {
    t = { taskId: e.taskId, label: e.label, state: 'pendiente', attempt: 1, lane: e.lane };
    next.push(t);
  }
  switch (e.type) {
    case 'queued': break;
    case 'started': t.state = 'en_curso'; t.attempt = e.attempt; t.startedAt = e.t; break;
    case 'retried': t.state = 'en_curso'; t.attempt = e.attempt; break;
    case 'finished': t.state = 'hecha'; break;
    case 'failed': t.state = 'fallida'; break;
    case 'cancelled': t.state = 'cancelada'; break;
  }
  return next;
}

const MARKS: Readonly<Record<TaskState, string>> = Object.freeze({
  pendiente: '⬜', en_curso: '🔄', hecha: '✅', fallida: '❌', cancelada: '🚫',
});

/** `▓▓▓░░░░░░░` with `width` cells. */
export function progressBar(done: number, total: number, width = 10): string {
  const filled = total <= 0 ? 0 : Math.round((Math.min(done, total) / total) * width);
  return '▓'.repeat(filled) + '░'.repeat(width - filled);
}

/** What a run in progress adds: the calls waiting for the owner (by name) and the work's ETA. */
export interface ProgressExtra {
  waiting?: readonly string[];
  etaS?: number;
  /** Seconds the waiting calls will take once the owner answers (not counted in `etaS`). */
  etaAfterAnswerS?: number;
}

/** A stage run note by note shows as one line from this many notes up (ten lines were too long on a phone). */
const NOTE_LINES_FOLDED = 3;

/**
 * One line per task, in order; a stage run note by note («Crear tarjetas (nota 5)», …) is one line at
 * the place of its first task, counting its notes done, marked as the group stands: failed if one
 * failed, done when all are, running while any runs or some are done, waiting when none started.
 */
export function taskLines(tasks: readonly TaskView[]): string[] {
  const groups = new Map<string, TaskView[]>();
  for (const t of tasks) {
    const base = stageOfNoteBase(t.label);
    if (base !== undefined) groups.set(base, [...(groups.get(base) ?? []), t]);
  }
  const lines: string[] = [];
  const shown = new Set<string>();
  for (const t of tasks) {
    const base = stageOfNoteBase(t.label);
    const group = base !== undefined ? groups.get(base)! : undefined;
    if (base === undefined || group!.length < NOTE_LINES_FOLDED) {
      lines.push(`${MARKS[t.state]} ${t.label}${t.attempt > 1 && t.state === 'en_curso' ? ` (intento ${t.attempt})` : ''}`);
      continue;
    }
    if (shown.has(base)) continue;
    shown.add(base);
    const settled = group!.filter((g) => g.state !== 'pendiente' && g.state !== 'en_curso').length;
    const state: TaskState = group!.some((g) => g.state === 'fallida') ? 'fallida'
      : group!.every((g) => g.state === 'hecha') ? 'hecha'
        : group!.every((g) => g.state === 'cancelada' || g.state === 'hecha') && group!.some((g) => g.state === 'cancelada') ? 'cancelada'
          : group!.every((g) => g.state === 'pendiente') ? 'pendiente' : 'en_curso';
    lines.push(`${MARKS[state]} ${stageOfNotes(base, settled, group!.length)}`);
  }
  return lines;
}

/**
 * The status message body: header, one line per task, bar with count and elapsed seconds; while the
 * run works, what waits for the owner (apart: it is not work), what runs and is queued, and the ETA.
 */
export function renderProgress(header: string, tasks: readonly TaskView[], elapsedMs: number, note?: string, extra?: ProgressExtra): string {
  const lines = [header];
  const waiting = extra?.waiting ?? [];
  if (tasks.length === 0) {
    // Nothing scheduled (yet): no empty 0/0 bar; once the run is over the header says it all.
    if (header.startsWith(S.progressRunningMark) && waiting.length === 0) lines.push(S.progressNoTasks);
    for (const w of waiting) lines.push(S.progressWaitingFor(w));
    if (note) lines.push(note);
    return fitMessage(lines.join('\n'));
  }
  lines.push(...taskLines(tasks));
  for (const w of waiting) lines.push(S.progressWaitingFor(w));
  const settled = tasks.filter((t) => t.state !== 'pendiente' && t.state !== 'en_curso').length;
  // A call waiting for the owner is work not done yet: the bar is never full while something waits.
  const total = tasks.length + waiting.length;
  lines.push(`${progressBar(settled, total)} ${S.progressLine(settled, total, Math.round(elapsedMs / 1000))}`);
  if (extra) {
    const running = tasks.filter((t) => t.state === 'en_curso').length;
    const queued = tasks.filter((t) => t.state === 'pendiente').length;
    lines.push(S.progressCounts(running, queued, waiting.length));
    if (extra.etaS !== undefined && running + queued > 0) lines.push(S.progressEta(Math.max(1, Math.round(extra.etaS))));
    if (extra.etaAfterAnswerS !== undefined && waiting.length > 0) lines.push(S.progressEtaAfterAnswer(Math.max(1, Math.round(extra.etaAfterAnswerS))));
  }
  if (note) lines.push(note);
  return fitMessage(lines.join('\n'));
}

// ── the run's last state ────────────────────────────────────────────────────────────────────

/** How one thing the run was asked for ended (the cancelled run's «ya estaba terminado» reads the made ones). */
export type SummaryState = 'hecha' | 'ya_estaba' | 'no_aprobada' | 'caducada' | 'cancelada' | 'fallida';
export interface SummaryLine {
  tool: string;
  state: SummaryState;
}

/**
 * The run's last state as a person reads it: one line per thing made or looked up for the owner
 * (by tool, in call order), never the pipeline's stages nor its bookkeeping (the catalogue's tool
 * role says which). A tool made at least once is made; otherwise its last no (or failure) stands.
 * `nothingMade` says why a run made nothing: every call that would have made something was not
 * approved (rejected, or left to expire). Everything comes from the calls' typed outcomes.
 */
export function summarizeCalls(calls: readonly CallOutcome[]): { lines: SummaryLine[]; nothingMade?: 'rechazado' | 'expirado' } {
  const lines: SummaryLine[] = [];
  for (const c of calls) {
    if (toolRole(c.tool) === 'interno' || c.kind === 'simulacro') continue;
    const state = callState(c);
    const line = lines.find((l) => l.tool === c.tool);
    if (!line) lines.push({ tool: c.tool, state });
    else if (line.state !== 'hecha' && !(line.state === 'ya_estaba' && state !== 'hecha')) line.state = state;
  }
  const makers = calls.filter((c) => toolRole(c.tool) === 'hecho' && c.kind !== 'simulacro');
  if (makers.length === 0 || !makers.every((c) => c.kind === 'rechazado' && c.notApproved !== 'cancelado')) return { lines };
  return { lines, nothingMade: makers.every((c) => c.notApproved === 'expirado') ? 'expirado' : 'rechazado' };
}

function callState(c: CallOutcome): SummaryState {
  if (c.kind === 'ok') return 'hecha';
  // A repeat answered from what was made before: it is not «✅ made» (the report says so too).
  if (c.kind === 'cache') return 'ya_estaba';
  if (c.kind !== 'rechazado') return 'fallida';
  return c.notApproved === 'expirado' ? 'caducada' : c.notApproved === 'cancelado' ? 'cancelada' : 'no_aprobada';
}

/**
 * The chat action a running stage shows ("sending a photo…", "recording audio…"): the stage
 * catalogue's, by the task's catalogue id (`portada.imagen#2@1` → `portada.imagen`).
 */
export function chatActionFor(taskId: string): 'upload_photo' | 'record_voice' | undefined {
  return chatActionOf(stageIdOf(taskId));
}

/** `portada.imagen#2@3` → `portada.imagen`: the catalogue id under the run's numbering. */
export function stageIdOf(taskId: string): string {
  return taskId.split(/[#@]/)[0]!;
}

/**
 * Seconds of work left: each call's remaining chain of stages (what is left of a running one, the
 * whole of a queued one, by `estimateMs`), bounded below by each lane's remaining work over its
 * slots. Calls still waiting for the owner are not in `tasks` yet: they are not counted.
 */
export function etaSeconds(tasks: readonly TaskView[], nowMs: number, estimateMs: (stageId: string) => number, lanes: { cpu: number; gpu: number }): number {
  const chains = new Map<string, number>();
  const work = { cpu: 0, gpu: 0 };
  for (const t of tasks) {
    if (t.state !== 'pendiente' && t.state !== 'en_curso') continue;
    const id = stageIdOf(t.taskId);
    const est = estimateMs(id);
    const left = t.state === 'en_curso' ? Math.max(0, est - (nowMs - (t.startedAt ?? nowMs))) : est;
    const call = `${id.split('.')[0]}${t.taskId.slice(id.length)}`;
    chains.set(call, (chains.get(call) ?? 0) + left);
    work[t.lane ?? 'cpu'] += left;
  }
  const chain = Math.max(0, ...chains.values());
  return Math.max(chain, work.cpu / Math.max(1, lanes.cpu), work.gpu / Math.max(1, lanes.gpu)) / 1000;
}

// ── limits ──────────────────────────────────────────────────────────────────────────────────

/** Cuts to `max` characters (code points are not split), ending with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, max - 1).join('') + '…';
}

/**
 * What names a card in a question about it («¿Borrar la tarjeta 2 (…)?»): its question without the
 * context cue and, for a cloze, without «Completa la frase: «…»» around its sentence — the words
 * that tell one card from another come first (the caller cuts it at a word).
 */
export function cardGist(pregunta: string): string {
  const plain = withoutCue({ pregunta }).pregunta;
  return clozeSentence(plain) ?? plain;
}

/**
 * Cuts to `max` characters keeping `marker` in view: a cloze's blank sits anywhere in its sentence,
 * and cut from the start the deck's lines of one paragraph's clozes were all the same words up to
 * «…». The start is kept when the marker fits; else «…» and a window around it. Either way the cut
 * falls between words («…prema Central»); only a word longer than
 * half the room is cut inside, as a plain truncation would.
 */
export function truncateAround(text: string, marker: string, max: number): string {
  const at = text.indexOf(marker);
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  if (at < 0 || Array.from(text.slice(0, at + marker.length)).length <= max - 1) return `${wordsUpTo(chars, 0, max - 1, 0)}…`;
  const markerAt = Array.from(text.slice(0, at)).length;
  const markerEnd = markerAt + Array.from(marker).length;
  const before = Math.floor((max - 2 - Array.from(marker).length) / 2);
  let start = Math.max(0, markerAt - before);
  // Start at a word: past the space after the cut word, never past the marker.
  if (start > 0 && chars[start - 1] !== ' ') {
    const space = chars.indexOf(' ', start);
    if (space >= 0 && space < markerAt) start = space + 1;
  }
  const end = start + max - 2;
  if (end >= chars.length) return `…${chars.slice(start).join('')}`;
  return `…${wordsUpTo(chars, start, end, markerEnd)}…`;
}

/** chars[from, to) ending at a word (at the last space past `keep`), the cut word dropped; a lone long word is cut inside. */
function wordsUpTo(chars: readonly string[], from: number, to: number, keep: number): string {
  const head = chars.slice(from, to);
  if (chars[to] === ' ') return head.join('').trimEnd();
  const space = head.lastIndexOf(' ');
  const cut = from + space >= Math.max(keep, from + head.length * 0.5) ? head.slice(0, space) : head;
  return cut.join('').replace(/[\s,;:·–—-]+$/u, '');
}

/**
 * Splits a long text into messages Telegram accepts (lib/message-pack.ts, the one rule), preferring
 * paragraph, then line, then word boundaries, so a report never fails on Telegram's 4096 limit.
 */
export function splitText(text: string, max = TELEGRAM_TEXT_MAX): string[] {
  return splitMessage(text, max);
}

/**
 * A caption within Telegram's 1,024 and the rest of the text as messages within 4,096, both cut on
 * paragraph boundaries first: a long caption is never cut short, its rest follows the file.
 */
export function captionAndRest(text: string): { caption: string; rest: string[] } {
  const [caption = ''] = splitText(text, TELEGRAM_CAPTION_MAX);
  // The caption is a prefix of the trimmed text: the rest is split again at the message limit.
  const rest = text.trim().slice(caption.length).trim();
  return { caption, rest: rest ? splitText(rest) : [] };
}

/** "14:05" in the server's time zone, for "Aprobado por Ana a las 14:05". */
export function clockTime(d: Date): string {
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/**
 * «21:40» of `d` in `zone` (the student's, kept with the question that was asked): the time a person
 * reads beside their own clock. A zone this system does not know (a hand-edited state, a zone database
 * without it) reads as the process's own clock rather than failing the tap that shows it.
 */
export function clockTimeIn(d: Date, zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
  } catch {
    return clockTime(d);
  }
}

