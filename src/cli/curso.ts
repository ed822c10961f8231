/**
 * `cuaderno curso [--json]`, `curso importar ARCHIVO [--forzar]`, `curso semana N "TÍTULO"`: the
 * owner's course (`curso.json` in the data folder — a student's own folder in class mode; without
 * it, the demo course). Importing never deletes the student's own: weeks that would vanish with
 * notes or cards stop the import (exit 2, naming them) unless `--forzar`, which leaves those notes
 * without a week. Replacing the demo course takes the demo's example notes (still as shipped) away.
 */
import { readFile } from 'node:fs/promises';
import type { CliIO } from './common.js';
import { exampleNoteIds, openNotebook, type Notebook } from '../store/index.js';
import { COURSE_LINES as L } from '../strings/console.js';
import { MAX_WEEKS, MAX_WEEK_TITLE, weekOfNote, type Course } from '../domain/course/course.js';
import { parseSyllabusText } from '../domain/course/syllabus.js';
import { migrateNoteWeeks, readCourse } from '../tools/index.js';
import { CliMisuse, EXIT, parseFlags, withConfig } from './common.js';
import { MISUSE, READ_FAILURE, USAGE as USAGES } from '../strings/cli.js';

const USAGE = USAGES.curso;

export async function run(argv: string[], io: CliIO): Promise<number> {
  return withConfig(io, async (config) => {
    const { values, positionals } = parseFlags(argv, { json: { type: 'boolean' }, forzar: { type: 'boolean' } }, USAGE);
    const [verb, ...rest] = positionals;
    const misuse = (extra?: string) => new CliMisuse(extra ? MISUSE.withUsage(MISUSE.unexpected(extra), USAGE) : MISUSE.usageOnly(USAGE));
    const nb = await openNotebook(config.dataDir, { prices: config.prices, keysDir: config.keysDir });
    if (verb === undefined) {
      if (values.forzar) throw misuse('--forzar');
      return show(nb, io, values.json === true);
    }
    if (values.json) throw misuse('--json');
    if (verb === 'importar') {
      if (rest.length !== 1) throw misuse(rest[1]);
      return importCourse(nb, io, rest[0]!, values.forzar === true);
    }
    if (verb === 'semana') {
      if (rest.length !== 2 || values.forzar) throw misuse(rest[2] ?? (values.forzar ? '--forzar' : undefined));
      return setWeek(nb, io, rest[0]!, rest[1]!);
    }
    throw misuse(verb);
  });
}

/**
 * `curso --json` prints exactly `{titulo, semanas: [{numero, titulo, inicio}]}`, with `"sin_clase": true`
 * added only on a week without class; without it, a readable list.
 */
async function show(nb: Notebook, io: CliIO, json: boolean): Promise<number> {
  const own = await nb.course.read();
  const course = own ?? (await readCourse(nb));
  if (json) {
    io.stdout.write(`${JSON.stringify({ titulo: course.titulo, semanas: course.semanas.map((w) => ({ numero: w.numero, titulo: w.titulo, inicio: w.inicio, ...(w.sin_clase ? { sin_clase: true } : {}) })) })}\n`);
  } else {
    io.stdout.write(`${[L.header(course.titulo, course.semanas.length, own === null), ...course.semanas.map((w) => L.week(w.numero, w.titulo, w.inicio, w.sin_clase === true))].join('\n')}\n`);
  }
  return EXIT.ok;
}

async function importCourse(nb: Notebook, io: CliIO, file: string, force: boolean): Promise<number> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    io.stderr.write(`${L.unreadable(code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES' ? READ_FAILURE[code] : (code ?? READ_FAILURE.other))}\n`);
    return EXIT.misuse;
  }
  if (text.includes('\u0000')) {
    io.stderr.write(`${L.badSyllabus(READ_FAILURE.notText)}\n`);
    return EXIT.misuse;
  }
  const parsed = parseSyllabusText(text, { now: new Date() });
  if (!parsed.ok) {
    // The parser's sentence is whole: what is wrong and what to do.
    io.stderr.write(`${parsed.problem}\n`);
    return EXIT.misuse;
  }
  const code = await replaceCourse(nb, io, parsed.course, force);
  // What the parser was unsure of is said, not hidden: the student fixes it with `curso semana N`.
  if (code === EXIT.ok) for (const d of parsed.course.dudas ?? []) io.stdout.write(`${d.pregunta}\n`);
  return code;
}

/**
 * Replaces the course. Notes still without a week (a version-1 notes file) first take their week in
 * the course they were written under; then notes and cards of weeks the new course lacks stop it,
 * unless `force`, which leaves those notes without a week.
 */
async function replaceCourse(nb: Notebook, io: CliIO, next: Course, force: boolean): Promise<number> {
  const replacingDemo = (await nb.course.read()) === null;
  const current = await readCourse(nb);
  const all = await migrateNoteWeeks(nb, current);
  const allCards = await nb.cards.list();
  // Replacing the demo course: its example notes still as shipped go, with their cards (as in the
  // chat, course-chat.ts) — kept, they would be carded and searched as the student's own weeks.
  const example = replacingDemo ? await exampleNoteIds(all) : new Set<number>();
  const exampleCards = allCards.filter((c) => example.has(c.id_nota));
  const notes = all.filter((n) => !example.has(n.id));
  const kept = new Set(next.semanas.map((w) => w.numero));
  const gone = (w: number | null | undefined): w is number => typeof w === 'number' && !kept.has(w);
  const orphanNotes = notes.filter((n) => gone(weekOfNote(current, n)));
  const orphanCards = allCards.filter((c) => !example.has(c.id_nota) && gone(c.semana));
  if ((orphanNotes.length > 0 || orphanCards.length > 0) && !force) {
    const weeks = [...new Set([...orphanNotes.map((n) => weekOfNote(current, n)!), ...orphanCards.map((c) => c.semana!)])].sort((a, b) => a - b);
    io.stderr.write(`${L.wouldOrphan(weeks, orphanNotes.map((n) => n.id), orphanCards.map((c) => c.id))}\n`);
    return EXIT.misuse;
  }
  // One commit: the example notes and cards gone, the orphans without a week and the new course —
  // after a kill, all of it (finished by the next opening) or none of it.
  await nb.changeCourse({
    curso: next,
    notas: Object.fromEntries(orphanNotes.map((n) => [n.id, null])),
    tarjetas: {},
    borrar: { notas: [...example], tarjetas: exampleCards.map((c) => c.id) },
  });
  io.stdout.write(`${L.imported(next.titulo, next.semanas.length, orphanNotes.length)}\n`);
  if (example.size > 0) io.stdout.write(`${L.examplesRemoved(example.size, exampleCards.length)}\n`);
  return EXIT.ok;
}

/** Adds week N (just after the last) or renames it; the notes keep their week number. */
async function setWeek(nb: Notebook, io: CliIO, rawNumber: string, rawTitle: string): Promise<number> {
  const current = await readCourse(nb);
  const max = Math.min(MAX_WEEKS, current.semanas.length + 1);
  const n = /^\d{1,3}$/.test(rawNumber.trim()) ? Number(rawNumber.trim()) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > max) {
    io.stderr.write(`${L.badWeekNumber(rawNumber, max)}\n`);
    return EXIT.misuse;
  }
  const title = rawTitle.replace(/\s+/g, ' ').trim();
  if (!title || Array.from(title).length > MAX_WEEK_TITLE) {
    io.stderr.write(`${L.badWeekTitle(MAX_WEEK_TITLE)}\n`);
    return EXIT.misuse;
  }
  // The notes written before notes carried their week take it from the course they were written under.
  await migrateNoteWeeks(nb, current);
  const added = n > current.semanas.length;
  const semanas = added
    ? [...current.semanas, { numero: n, titulo: title, inicio: null, terminos: [] }]
    : current.semanas.map((w) => (w.numero === n ? { ...w, titulo: title } : w));
  await nb.changeCourse({ curso: { titulo: current.titulo, semanas: structuredClone(semanas) }, notas: {}, tarjetas: {}, borrar: { notas: [], tarjetas: [] } });
  io.stdout.write(`${L.weekSaved(n, title, added)}\n`);
  return EXIT.ok;
}
