/** docs/design.md §6 idempotency keys of the week's side effects (the cover, the narration). */
import { CuadernoError } from '../errors.js';
import { DEMO_COURSE } from '../domain/course/demo.js';
import { MAX_WEEKS, titleHash, type Course } from '../domain/course/course.js';
import { fold } from '../lib/fold.js';
import { FAULT } from '../strings/log.js';

/**
 * The docs/design.md §6 key `{task}-{year}-S{week}`, plus `-v{n}` for a deliberate redo (n ≥ 2; 1 or
 * undefined means the original). `task` carries every argument that changes the output — the
 * engine and the voice: `portada-maqueta`, `narracion-xtts-ana` — so one engine's result never
 * answers for another's. Too wide (no year) would return last year's cover; too narrow (with the
 * time) would kill idempotency — hence exactly these parts.
 */
export function idempotencyKey(task: string, year: number, week: number, version?: number, titleTag?: string): string {
  if (!/^[a-z0-9_]+(-[a-z0-9_]+)*$/i.test(task)) throw new CuadernoError('VALIDATION', FAULT.keyTask(task), { field: 'task' });
  if (!Number.isInteger(year) || !Number.isInteger(week) || week < 1 || week > MAX_WEEKS) {
    throw new CuadernoError('VALIDATION', FAULT.keyWeek(year, week), { field: 'week' });
  }
  if (titleTag !== undefined && !/^[a-f0-9]{6}$/.test(titleTag)) throw new CuadernoError('VALIDATION', FAULT.keyTitle(titleTag), { field: 'week' });
  const base = `${task}-${year}-S${week}${titleTag ? `-t${titleTag}` : ''}`;
  if (version === undefined || version === 1) return base;
  if (!Number.isInteger(version) || version < 1) throw new CuadernoError('VALIDATION', FAULT.keyVersion(version), { field: 'version' });
  return `${base}-v${version}`;
}

/** A name (a voice from the consent file) made safe as one key part: lower case, [a-z0-9_]. */
export function keyPart(name: string): string {
  return fold(name).replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 40) || 'sin_nombre';
}

/**
 * The title part of a week's key: `titleHash` of the week's title, so renaming a week or replacing
 * the course never answers with the cover or episode of the old title (`portada-maqueta-2026-S12-t3fa2b1`).
 *
 * Upgrade rule: a week whose number and title are the demo course's gets no title part. Every key
 * written before courses existed was for exactly those weeks and titles, so an existing install's
 * stored covers and episodes keep their keys and are found again after the upgrade — nothing is made
 * twice — while any other title (a renamed demo week included) changes the key.
 */
export function weekTitleTag(course: Course, week: number): string | undefined {
  const title = course.semanas.find((w) => w.numero === week)?.titulo;
  if (title === undefined) return undefined;
  const demo = DEMO_COURSE.semanas.find((w) => w.numero === week)?.titulo;
  return demo !== undefined && demo === title.trim() ? undefined : titleHash(title);
}
