/**
 * Every kind of inline button the bot sends, declared once: its wire format (prefix, codec) and who
 * may press it. Keyboards write their `callback_data` only through `format` here; the gate (gate.ts)
 * decodes every tap with `decodeCallback` before any handler runs, refuses data no kind reads, and
 * checks the presser against the kind's role. Handlers read their tap with the same `parse`.
 *
 * Versioned: each kind lists its wire versions, newest first. `format` writes the newest; `parse`
 * reads every version still listed, because a button keeps its data in messages sent long ago and is
 * tapped after restarts (the chart's `gt:<run>` is the first version of today's `cl:g:<run>`). A
 * change of format is a new version on top, never an edit of one in place.
 *
 * Hand-written rather than a callback-data library: the formats on the wire predate this module and
 * vary in shape within one prefix (`ap:<id>:<hash>:s` beside `ap:<id>:n`), which a one-schema-per-
 * prefix packer cannot read back.
 */
import { GRADES, type Grade } from '../store/index.js';
import { ID, kind, match, type ButtonKind, type PressRole } from './callback-kind.js';
import { note, noteCard, reminderWish, reread, zone } from './callbacks-notebook.js';

export { CALLBACK_DATA_MAX_BYTES, formatIfFits, type ButtonKind, type PressRole, type Wire } from './callback-kind.js';
export type { NoteTap, ZoneTap, NoteCardTap, ReminderTap, RereadTap } from './callbacks-notebook.js';

// ── the kinds ─────────────────────────────────────────────────────────────────────────────────

export interface ApprovalTap {
  approvalId: string;
  approved: boolean;
  /** Args hash the button approves (absent on a no). */
  hash?: string;
}

/** [✅ Aprobar] / [❌ Rechazar]: `ap:<id>:<hash>:s` (sí, these exact arguments) / `ap:<id>:n`. */
const approval = kind<ApprovalTap>({
  name: 'aprobación',
  role: 'requester',
  wires: [{
    version: 1,
    prefix: 'ap',
    format: (t) => (t.approved ? `ap:${t.approvalId}:${t.hash ?? ''}:s` : `ap:${t.approvalId}:n`),
    parse(data) {
      const yes = match(new RegExp(`^ap:(${ID}{1,40}):([0-9a-f]{1,20}):s$`))(data);
      if (yes) return { approvalId: yes[1]!, approved: true, hash: yes[2]! };
      const no = match(new RegExp(`^ap:(${ID}{1,40}):n$`))(data);
      return no ? { approvalId: no[1]!, approved: false } : undefined;
    },
  }],
});

/** [Seguir sin motivo] under a no: `sm:<approvalId>`. */
const noReason = kind<string>({
  name: 'sin motivo',
  role: 'requester',
  wires: [{ version: 1, prefix: 'sm', format: (id) => `sm:${id}`, parse: (d) => match(new RegExp(`^sm:(${ID}{1,40})$`))(d)?.[1] }],
});

/**
 * What a quick-reply button asks for: a week's work (`p` prepare, `c` cover, `r` redo the cover,
 * `n` narrate, `v` narrate again, `t` cards of the week's topic), or a bare command.
 */
export type QuickAction = 'p' | 'c' | 'r' | 'n' | 'v' | 't';
export type QuickTap = { kind: 'semana'; action: QuickAction; week: number } | { kind: 'orden'; name: 'notas' | 'ayuda' };

/** `qr:p:3`, `qr:o:notas`. */
const quick = kind<QuickTap>({
  name: 'respuesta rápida',
  role: 'requester',
  wires: [{
    version: 1,
    prefix: 'qr',
    format: (t) => (t.kind === 'semana' ? `qr:${t.action}:${t.week}` : `qr:o:${t.name}`),
    parse(data) {
      // Any week number a course can have (a 14-week course's «Semana 12» was read as a stale button).
      const m = /^qr:(?:([pcrnvt]):([1-9]\d{0,2})|o:(notas|ayuda))$/.exec(data);
      if (!m) return undefined;
      if (m[3]) return { kind: 'orden', name: m[3] as 'notas' | 'ayuda' };
      return { kind: 'semana', action: m[1] as QuickAction, week: Number(m[2]) };
    },
  }],
});

/** [Descargar WAV] under an episode: `wav:3`. The notebook's file, for anyone who uses it. */
const wav = kind<number>({
  name: 'descargar WAV',
  role: 'member',
  wires: [{ version: 1, prefix: 'wav', format: (w) => `wav:${w}`, parse: (d) => { const m = /^wav:([1-9]\d{0,2})$/.exec(d); return m ? Number(m[1]) : undefined; } }],
});

/** [Guardar como nota] under the answer to a too-long message: `pg:<paste id>`. */
const paste = kind<string>({
  name: 'guardar texto pegado',
  role: 'requester',
  wires: [{ version: 1, prefix: 'pg', format: (id) => `pg:${id}`, parse: (d) => match(new RegExp(`^pg:(${ID}{1,40})$`))(d)?.[1] }],
});

/** [Sigue con ese] [Descártalo] under «ya estoy trabajando en…»: `ob:<k|d>:<runId>`. */
const busy = kind<{ discard: boolean; runId: string }>({
  name: 'trabajo en curso',
  role: 'requester',
  wires: [{
    version: 1,
    prefix: 'ob',
    format: (t) => `ob:${t.discard ? 'd' : 'k'}:${t.runId}`,
    parse: (d) => { const m = match(new RegExp(`^ob:([kd]):(${ID}{1,60})$`))(d); return m ? { discard: m[1] === 'd', runId: m[2]! } : undefined; },
  }],
});

/**
 * [🃏 Tarjetas] [📊 Cronograma] under a run's closing message: `cl:t:<runId>` / `cl:g:<runId>`;
 * version 1, under reports sent before the closing message, was [Ver cronograma] `gt:<runId>`.
 */
const closing = kind<{ what: 'tarjetas' | 'cronograma'; runId: string }>({
  name: 'cierre de un trabajo',
  role: 'member',
  wires: [
    {
      version: 2,
      prefix: 'cl',
      format: (t) => `cl:${t.what === 'tarjetas' ? 't' : 'g'}:${t.runId}`,
      parse: (d) => { const m = match(new RegExp(`^cl:([tg]):(${ID}{1,60})$`))(d); return m ? { what: m[1] === 't' ? 'tarjetas' : 'cronograma', runId: m[2]! } : undefined; },
    },
    { version: 1, prefix: 'gt', parse: (d) => { const id = match(new RegExp(`^gt:(${ID}{1,60})$`))(d)?.[1]; return id ? { what: 'cronograma', runId: id } : undefined; } },
  ],
});

export type ImportAction = { kind: 'guardar' | 'semana' | 'descartar'; key: string } | { kind: 'elegir'; key: string; week: number | null };
const IMPORT_LETTER = { guardar: 'g', semana: 'w', descartar: 'x', elegir: 's' } as const;

/** An import's proposal: `imp:<g|w|x>:<key>`, and `imp:s:<key>:<week>` (0: no week). */
const importMaterial = kind<ImportAction>({
  name: 'importación',
  role: 'requester',
  wires: [{
    version: 1,
    prefix: 'imp',
    format: (a) => `imp:${IMPORT_LETTER[a.kind]}:${a.key}${a.kind === 'elegir' ? `:${a.week ?? 0}` : ''}`,
    parse(data) {
      const m = /^imp:([gwxs]):([0-9a-f]{8,64})(?::(\d{1,3}))?$/.exec(data);
      if (!m) return undefined;
      const key = m[2]!;
      switch (m[1]) {
        case 'g': return { kind: 'guardar', key };
        case 'w': return { kind: 'semana', key };
        case 'x': return { kind: 'descartar', key };
        default: return m[3] === undefined ? undefined : { kind: 'elegir', key, week: Number(m[3]) === 0 ? null : Number(m[3]) };
      }
    },
  }],
});

/**
 * A pending course change: `cu:<op>:<key>[:<week>]` — u use, c change a week, x discard, m move the
 * notes to a week, n leave them without one, d delete them (asks again), D delete them, k keep all.
 * What replaces the course or deletes notes is the notebook's owner's; the rest the requester's.
 */
export type CourseOp = 'u' | 'c' | 'x' | 'm' | 'n' | 'd' | 'D' | 'k';
export interface CourseTap { op: CourseOp; key: string; week?: number }
const course = kind<CourseTap>({
  name: 'cambio de curso',
  role: (t) => ('umndD'.includes(t.op) ? 'owner' : 'requester'),
  wires: [{
    version: 1,
    prefix: 'cu',
    format: (t) => `cu:${t.op}:${t.key}${t.week === undefined ? '' : `:${t.week}`}`,
    parse(data) {
      const m = /^cu:([ucxmndDk]):([0-9a-f]{16})(?::(\d{1,2}))?$/.exec(data);
      if (!m) return undefined;
      const op = m[1] as CourseOp;
      if ((op === 'm') !== (m[3] !== undefined)) return undefined;
      return { op, key: m[2]!, ...(m[3] !== undefined ? { week: Number(m[3]) } : {}) };
    },
  }],
});

/** The guess corrected: `rt:m:<course key>` a proposed syllabus is material; `rt:t:<import key>` material is a syllabus. */
const reroute = kind<{ to: 'material' | 'temario'; key: string }>({
  name: 'corregir la suposición',
  role: 'requester',
  wires: [{
    version: 1,
    prefix: 'rt',
    format: (t) => `rt:${t.to === 'material' ? 'm' : 't'}:${t.key}`,
    parse: (d) => { const m = /^rt:([mt]):([0-9a-f]{8,64})$/.exec(d); return m ? { to: m[1] === 'm' ? 'material' : 'temario', key: m[2]! } : undefined; },
  }],
});

/** [🎙️ Transcribir ahora] under a kept memo: `voz:<short key>`. */
const voice = kind<string>({
  name: 'transcribir',
  role: 'requester',
  wires: [{ version: 1, prefix: 'voz', format: (k) => `voz:${k}`, parse: (d) => /^voz:([0-9a-f]{8,64})$/.exec(d)?.[1] }],
});

export type ProposalTap = { kind: 'a' | 'e' | 'd'; key: string; i: number } | { kind: 'g'; key: string };

/** Cards a model proposed: `tp:<a|e|d>:<batch>:<i>` per card, `tp:g:<batch>` saves. */
const cardProposal = kind<ProposalTap>({
  name: 'tarjetas propuestas',
  role: 'requester',
  wires: [{
    version: 1,
    prefix: 'tp',
    format: (t) => (t.kind === 'g' ? `tp:g:${t.key}` : `tp:${t.kind}:${t.key}:${t.i}`),
    parse(data) {
      const m = /^tp:([aedg]):([0-9a-f]{8,32})(?::(\d{1,2}))?$/.exec(data);
      if (!m) return undefined;
      if (m[1] === 'g') return m[3] === undefined ? { kind: 'g', key: m[2]! } : undefined;
      return m[3] === undefined ? undefined : { kind: m[1] as 'a' | 'e' | 'd', key: m[2]!, i: Number(m[3]) };
    },
  }],
});

export type ReviewTap =
  | { kind: 'start' }
  | { kind: 'reveal'; card: number; count: number }
  | { kind: 'rate'; card: number; count: number; grade: Grade }
  | { kind: 'undo' }
  | { kind: 'end' }
  | { kind: 'suspend'; card: number }
  | { kind: 'edit'; card: number }
  | { kind: 'removeAsk'; card: number }
  | { kind: 'remove'; card: number }
  | { kind: 'keep'; card: number }
  | { kind: 'page'; page: number };

/** The review's buttons: `rv:<what>[:…]` (a rating carries the card's answer count when shown). */
const review = kind<ReviewTap>({
  name: 'repaso',
  role: 'requester',
  wires: [{ version: 1, prefix: 'rv', format: encodeReviewTap, parse: parseReviewTap }],
});

function encodeReviewTap(t: ReviewTap): string {
  switch (t.kind) {
    case 'start': return 'rv:go';
    case 'reveal': return `rv:s:${t.card}:${t.count}`;
    case 'rate': return `rv:r:${t.card}:${t.count}:${t.grade}`;
    case 'undo': return 'rv:u';
    case 'end': return 'rv:x';
    case 'suspend': return `rv:p:${t.card}`;
    case 'edit': return `rv:e:${t.card}`;
    case 'removeAsk': return `rv:d:${t.card}`;
    case 'remove': return `rv:dd:${t.card}`;
    case 'keep': return `rv:k:${t.card}`;
    case 'page': return `rv:pg:${t.page}`;
  }
}

function parseReviewTap(data: string): ReviewTap | undefined {
  const [p, what, a, b, c] = data.split(':');
  if (p !== 'rv') return undefined;
  const n = (s: string | undefined) => (s !== undefined && /^\d{1,9}$/.test(s) ? Number(s) : NaN);
  const ok = (...xs: number[]) => xs.every(Number.isSafeInteger);
  switch (what) {
    case 'go': return { kind: 'start' };
    case 'u': return { kind: 'undo' };
    case 'x': return { kind: 'end' };
    case 's': return ok(n(a), n(b)) ? { kind: 'reveal', card: n(a), count: n(b) } : undefined;
    case 'r': return ok(n(a), n(b)) && GRADES.includes(n(c) as Grade) ? { kind: 'rate', card: n(a), count: n(b), grade: n(c) as Grade } : undefined;
    case 'p': return ok(n(a)) ? { kind: 'suspend', card: n(a) } : undefined;
    case 'e': return ok(n(a)) ? { kind: 'edit', card: n(a) } : undefined;
    case 'd': return ok(n(a)) ? { kind: 'removeAsk', card: n(a) } : undefined;
    case 'dd': return ok(n(a)) ? { kind: 'remove', card: n(a) } : undefined;
    case 'k': return ok(n(a)) ? { kind: 'keep', card: n(a) } : undefined;
    case 'pg': return ok(n(a)) ? { kind: 'page', page: n(a) } : undefined;
    default: return undefined;
  }
}

/** «¿Borrar todos tus datos?»: `bd:si:<id>` deletes, `bd:no:<id>` keeps; the id is who asked. */
const erase = kind<{ confirm: boolean; by: number }>({
  name: 'borrar mis datos',
  role: (t) => (t.confirm ? 'owner' : 'member'),
  subject: (t) => t.by,
  wires: [{
    version: 1,
    prefix: 'bd',
    format: (t) => `bd:${t.confirm ? 'si' : 'no'}:${t.by}`,
    parse: (d) => { const m = /^bd:(si|no):(\d{1,16})$/.exec(d); return m ? { confirm: m[1] === 'si', by: Number(m[2]) } : undefined; },
  }],
});

/** The teacher's list: `cl:quitar:<student>`, `cl:quitar_si:<student>`; `cl:no:<id>` keeps (the id is whose). */
export type ClassTap = { action: 'quitar' | 'quitar_si'; student: number } | { action: 'no'; by: number };
const classStudent = kind<ClassTap>({
  name: 'quitar de la clase',
  role: (t) => (t.action === 'no' ? 'member' : 'teacher'),
  subject: (t) => (t.action === 'no' ? t.by : undefined),
  wires: [{
    version: 1,
    prefix: 'cl',
    format: (t) => (t.action === 'no' ? `cl:no:${t.by}` : `cl:${t.action}:${t.student}`),
    parse: (d) => {
      const m = /^cl:(quitar|quitar_si|no):(\d+)$/.exec(d);
      if (!m) return undefined;
      return m[1] === 'no' ? { action: 'no', by: Number(m[2]) } : { action: m[1] as 'quitar' | 'quitar_si', student: Number(m[2]) };
    },
  }],
});

/** The buttons under /start: `st:c` (the course), `st:m` (how to send material), `st:w` (which week). */
export type StartTap = 'curso' | 'material' | 'semana';
const START_CODES: Readonly<Record<StartTap, string>> = Object.freeze({ curso: 'c', material: 'm', semana: 'w' });
const start = kind<StartTap>({
  name: 'primer minuto',
  role: 'member',
  wires: [{
    version: 1,
    prefix: 'st',
    format: (t) => `st:${START_CODES[t]}`,
    parse: (d) => (Object.keys(START_CODES) as StartTap[]).find((t) => d === `st:${START_CODES[t]}`),
  }],
});

/** The score of a quiz: `qz:r:<quiz id>` reviews the ones missed (the quiz's person only). */
const quiz = kind<{ quiz: string }>({
  name: 'test',
  role: 'requester',
  wires: [{
    version: 1,
    prefix: 'qz',
    format: (t) => `qz:r:${t.quiz}`,
    parse: (d) => { const m = /^qz:r:([0-9a-f-]{8,36})$/.exec(d); return m ? { quiz: m[1]! } : undefined; },
  }],
});

/** [🃏 Tarjetas de la nota de este pasaje] under an answer that quotes a passage: `ps:<note id>`, the passage's note. */
const passageCards = kind<number>({
  name: 'tarjetas de un pasaje',
  role: 'requester',
  wires: [{ version: 1, prefix: 'ps', format: (id) => `ps:${id}`, parse: (d) => { const m = /^ps:([1-9]\d{0,8})$/.exec(d); return m ? Number(m[1]) : undefined; } }],
});

/** The registry: every button the bot makes, by kind. */
export const CALLBACKS = {
  approval, noReason, quick, wav, paste, busy, closing, importMaterial, course, reroute, voice, cardProposal, review, erase, classStudent, start, quiz, passageCards,
  note, noteCard,
  // issue 46: the student's clock and the reminder asked in words
  zone, reminderWish,
  reread, // «Leer de nuevo» (issue 43 §7)
} as const;

export type CallbackKindName = keyof typeof CALLBACKS;

/** A tap read by the registry: its kind and its data, and who may press it. */
export interface DecodedTap {
  readonly kind: CallbackKindName;
  readonly role: PressRole;
  /** The one person the data names, if it names one. */
  readonly subject?: number;
}

/** Which declared kind `data` is, or undefined: the gate refuses data no kind reads. */
export function decodeCallback(data: string | undefined): DecodedTap | undefined {
  for (const [name, k] of Object.entries(CALLBACKS) as Array<[CallbackKindName, ButtonKind<unknown>]>) {
    const tap = k.parse(data);
    if (tap === undefined) continue;
    const subject = k.subject?.(tap);
    return { kind: name, role: k.role(tap), ...(subject !== undefined ? { subject } : {}) };
  }
  return undefined;
}
