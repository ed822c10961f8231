/**
 * A course change as one commit (docs/design.md §2). Replacing or editing the course touches three
 * files — the notes' weeks, the cards' weeks, the course — and a process killed between them left
 * notes without their week beside the old course. So the whole change is first written as ONE
 * record, `curso.cambio.json` (atomically: that write is the commit), then applied: deletions, the
 * notes' and cards' weeks, the course, one audit entry; then the record is removed. Every step sets
 * absolute values, so applying again changes nothing twice. A process killed before the record is
 * whole changed nothing; one killed after it is finished forward by the next opening of the notebook
 * (`finishCourseChange`, from openNotebook). The audit entry is written at least once (a kill
 * between it and the record's removal writes it again on the way forward, with the same `clave`).
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { StateFileError } from '../errors.js';
import { STATE } from '../strings/console.js';
import { COURSE_CHANGED_EVENT } from './auditEvents.js';
import { DurableDocument, type DocumentFormat } from './document.js';
import { checkCourse, COURSE_STATE_VERSION, courseDocument } from './courseFile.js';
import type { CourseChange, Notebook } from './types.js';

export type { CourseChange };

export const COURSE_CHANGE_FILE = 'curso.cambio.json';
const VERSION = 1;

interface ChangeRecord extends CourseChange {
  version: typeof VERSION;
  clave: string;
  fecha: string;
}

type Parts = Pick<Notebook, 'notes' | 'cards' | 'course' | 'audit'>;

/**
 * The record as a durable document without a lock (one process commits it, the next opening
 * finishes it): null while there is none; a damaged one is refused with its own sentence.
 */
const RECORD_FORMAT: DocumentFormat<ChangeRecord | null> = {
  version: VERSION,
  empty: () => null,
  check: (data) => {
    const record = checked(data);
    return record ? { ok: true, value: record } : { ok: false, problem: '' };
  },
  // The one version is the check's: a record of any other is damaged like any broken record.
  versionOf: () => VERSION,
  recovery: '',
  refuse: (file) => () => new StateFileError('CORRUPT_STATE', file, STATE.courseChangeCorrupt(file)),
  serialize: (record) => `${JSON.stringify(record)}\n`,
};

/** Commits `change` (one atomic write) and applies it. Throws like the store does; a kill is finished by the next open. */
export async function commitCourseChange(nb: Parts, file: string, change: CourseChange): Promise<void> {
  const { version: _v, ...curso } = courseDocument(change.curso);
  const record: ChangeRecord = { version: VERSION, clave: randomBytes(8).toString('hex'), fecha: new Date().toISOString(), ...change, curso };
  await new DurableDocument(file, RECORD_FORMAT).replace(record);
  await apply(nb, file, record);
}

/** A change committed by a process that was killed before it finished: applied now. False when there was none. */
export async function finishCourseChange(nb: Parts, file: string): Promise<boolean> {
  const record = await new DurableDocument(file, RECORD_FORMAT).current();
  if (!record) return false;
  await apply(nb, file, record);
  return true;
}

async function apply(nb: Parts, file: string, r: ChangeRecord): Promise<void> {
  const own = <T>(m: Record<number, T>, id: number): T | undefined => (Object.hasOwn(m, id) ? m[id] : undefined);
  for (const id of r.borrar.tarjetas) await nb.cards.remove(id);
  if (r.borrar.notas.length > 0) await nb.notes.removeMany(r.borrar.notas);
  if (Object.keys(r.notas).length > 0) await nb.notes.setWeeks((n) => own(r.notas, n.id));
  if (Object.keys(r.tarjetas).length > 0) await nb.cards.setWeeks((c) => own(r.tarjetas, c.id));
  await nb.course.write(r.curso);
  await nb.audit.append({
    timestamp: new Date().toISOString(),
    event: COURSE_CHANGED_EVENT,
    clave: r.clave,
    semanas: r.curso.semanas.length,
    notas_movidas: Object.keys(r.notas).length,
    tarjetas_movidas: Object.keys(r.tarjetas).length,
    notas_borradas: r.borrar.notas.length,
    tarjetas_borradas: r.borrar.tarjetas.length,
  });
  await rm(file, { force: true });
}

const isId = (k: string) => /^\d{1,9}$/.test(k);
const isWeek = (v: unknown) => v === null || (Number.isSafeInteger(v) && (v as number) >= 1);
const isIdList = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => Number.isSafeInteger(x) && x >= 1);
const isWeekMap = (v: unknown): v is Record<number, number | null> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.entries(v).every(([k, w]) => isId(k) && isWeek(w));

/** The record `data` is, checked; undefined when it is not a whole record. */
function checked(data: unknown): ChangeRecord | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const r = data as Partial<ChangeRecord>;
  if (r.version !== VERSION || typeof r.clave !== 'string' || typeof r.fecha !== 'string') return undefined;
  if (!isWeekMap(r.notas) || !isWeekMap(r.tarjetas) || !r.borrar || !isIdList(r.borrar.notas) || !isIdList(r.borrar.tarjetas)) return undefined;
  const course = checkCourse({ version: COURSE_STATE_VERSION, ...(r.curso as object) });
  return course.ok ? ({ ...r, curso: course.value } as ChangeRecord) : undefined;
}
