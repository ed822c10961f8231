/**
 * Pending changes of the owner's course (issue 25), one record a file under
 * `<data>/propuestas-curso/<clave>.json`, written atomically before the message with its buttons is
 * sent — as material imports keep theirs (domain/material/imports.ts) — so a tap after a restart or a
 * kill finds it. A record is the course as it would be after the change:
 *
 * - `temario`: a pasted or sent syllabus, with its text (to correct the guess: «Es material»);
 * - `quitar`: week `quitada` marked without class, the others keeping their numbers (the guide's
 *   numbering is how the teacher names weeks); with `renumerar`, removed and the later weeks one
 *   number down. Either way its notes and cards are asked about;
 * - `publicado`: the class's course offered to a student who already has one of their own.
 *
 * `base` is the hash of the course the change was made against: when the course changed meanwhile a
 * removal is refused rather than applied to the wrong weeks. Once decided, the record holds the
 * `plan` (every week as it will be, absolute) before anything is written, and `curso.json` is
 * written last: a kill in between leaves the change pending, and the same tap finishes it.
 * A record is a pending decision (store/decision.ts): its payload changes only while it is pending,
 * and it is decided once, through `decide` (a proposal read again as material is `sustituida`).
 * Each record is a durable document (store/record.ts): a record of version 1 is migrated on its
 * first read and written back, and a damaged one is refused with which file and how to recover.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { decide, stillPending, type PendingDecision, type Transition, type Verdict } from '../store/decision.js';
import { isPlainObject } from '../store/document.js';
import { RecordFile, type RecordFormat } from '../store/record.js';
import { STATE_PROBLEMS } from '../strings/console.js';
import type { Course } from '../domain/course/course.js';

export const COURSE_PROPOSALS_DIRNAME = 'propuestas-curso';
/** 2: the record is a pending decision (`asunto`, `estado` pendiente → aceptada | rechazada | …); 1 is read as 2. */
export const COURSE_PROPOSAL_VERSION = 2;
/** Hex digits of a proposal's key (what its buttons carry). */
export const COURSE_KEY_CHARS = 16;

export type CourseChangeKind = 'temario' | 'quitar' | 'publicado';

/** What to do with the notes and cards of weeks that go away. */
export type Orphans = { kind: 'mover'; to: number } | { kind: 'sin' } | { kind: 'borrar' };

/** A decided change, fixed before anything is written: each note's and card's week after it, and what goes. */
export interface CoursePlan {
  opcion: Orphans | null;
  /** Note id → its week after the change (only the notes whose week changes). */
  notas: Record<number, number | null>;
  /** Card id → its week after the change (only the cards whose week changes). */
  tarjetas: Record<number, number | null>;
  borrar: { notas: number[]; tarjetas: number[] };
  /**
   * A syllabus replacing the demo course: how many of `borrar` are the demo's example notes (still as
   * shipped) and their cards — they belong to the demo's weeks, not to the student's.
   */
  ejemplo?: { notas: number; tarjetas: number };
}

/** What a course proposal carries beside the common part of a decision. */
export interface CoursePayload {
  version: typeof COURSE_PROPOSAL_VERSION;
  tipo: CourseChangeKind;
  /** The course after the change. */
  curso: Course;
  /** courseHash of the course the change was computed against. */
  base: string;
  /** `quitar`: the week that goes out of the plan. */
  quitada?: number;
  /** `quitar`: false marks it without class; true (or absent, in older records) removes it and moves the later ones down one. */
  renumerar?: boolean;
  /** `temario`: the questions about lines the parser was unsure of, shown with the proposal. */
  dudas?: Array<{ semana: number; pregunta: string }>;
  /** `temario`: the text it was read from. */
  texto?: string;
  /** Set when the owner decided, before the first write (a repeated tap applies the same plan). */
  plan?: CoursePlan;
}

export type CourseProposal = PendingDecision<'curso', CoursePayload>;

/** A record of version 1 (`estado` pendiente | hecha | descartada) as version 2. */
function upgrade(old: unknown): unknown {
  const data = old as { estado?: unknown };
  const estado = data.estado === 'hecha' ? 'aceptada' : data.estado === 'descartada' ? 'rechazada' : 'pendiente';
  return { ...(old as object), version: COURSE_PROPOSAL_VERSION, asunto: 'curso', estado };
}

const COURSE_PROPOSAL_FORMAT: RecordFormat<CourseProposal> = {
  version: COURSE_PROPOSAL_VERSION,
  empty: () => null,
  check: (data) => isPlainObject(data) && data.version === COURSE_PROPOSAL_VERSION && typeof data.clave === 'string' && data.asunto === 'curso' && typeof data.estado === 'string' && isPlainObject(data.curso)
    ? { ok: true, value: data as unknown as CourseProposal }
    : { ok: false, problem: STATE_PROBLEMS.courseProposalShape(COURSE_PROPOSAL_VERSION) },
  migrations: { 1: upgrade },
  // Only version 1 is migrated; any other value (or none) is the check's to name.
  versionOf: (raw) => (isPlainObject(raw) && raw.version === 1 ? 1 : COURSE_PROPOSAL_VERSION),
  recovery: STATE_PROBLEMS.courseProposalFix,
  lock: { kind: 'each-change' },
  serialize: (p) => `${JSON.stringify(p, null, 1)}\n`,
};

/** A short hash of a course's content: whether it is still the one a change was made against. */
export function courseHash(course: Course): string {
  return createHash('sha256').update(JSON.stringify({ titulo: course.titulo, semanas: course.semanas })).digest('hex').slice(0, 16);
}

export function createCourseProposals(dataDir: string) {
  const dir = path.join(dataDir, COURSE_PROPOSALS_DIRNAME);
  const fileOf = (key: string) => path.join(dir, `${key}.json`);
  // One durable document per key (cheap: a document reads its file only when asked).
  const recordOf = (key: string) => new RecordFile(fileOf(key), COURSE_PROPOSAL_FORMAT);

  async function find(key: string): Promise<CourseProposal | undefined> {
    if (!/^[0-9a-f]{16}$/.test(key)) return undefined;
    return recordOf(key).read();
  }
  /** Reads, changes and writes a record under its file lock; `p` undefined when it is gone. */
  const locked = <R>(key: string, fn: (p: CourseProposal | undefined) => { next?: CourseProposal; value: R }): Promise<R> =>
    /^[0-9a-f]{16}$/.test(key) ? recordOf(key).change(fn) : Promise.resolve(fn(undefined).value);

  return {
    find,
    async create(p: Omit<CoursePayload, 'version'>): Promise<CourseProposal> {
      await mkdir(dir, { recursive: true });
      const record: CourseProposal = { version: COURSE_PROPOSAL_VERSION, clave: randomBytes(COURSE_KEY_CHARS / 2).toString('hex'), asunto: 'curso', estado: 'pendiente', creada: new Date().toISOString(), ...p };
      await recordOf(record.clave).write(record);
      return record;
    },
    /** Changes a pending record's payload under its file lock; undefined when it is gone or decided. */
    async update(key: string, change: (p: CourseProposal) => CourseProposal): Promise<CourseProposal | undefined> {
      return locked(key, (p) => {
        if (!p || stillPending(p)) return { value: undefined };
        const next = change(structuredClone(p));
        return { next, value: next };
      });
    },
    /** Decides a record once (store/decision.ts): the refusal when it is gone or decided already. */
    async decide(key: string, to: Verdict, por?: string): Promise<Transition<CourseProposal>> {
      // The moment comes before the change (store/document.ts: no clock inside it).
      const at = new Date();
      return locked<Transition<CourseProposal>>(key, (p) => {
        const t = decide(p, to, at, por);
        return t.ok ? { next: t.next, value: t } : { value: t };
      });
    },
  };
}

export type CourseProposals = ReturnType<typeof createCourseProposals>;
