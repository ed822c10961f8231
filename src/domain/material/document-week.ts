/**
 * One document, one week — pure (docs/design.md §2: the course is data). A lecture's notes all go to
 * the week the document itself names, found in this order:
 *
 * 1. a numbered label in its first page or its name — «Tema 5», «Unidad 5», «Lección 5» — matched
 *    against the weeks' TITLES (in a course where «Tema 5» is week 7, it is week 7), never a number alone;
 * 2. «semana 5»: a week titled so, else the course's week 5;
 * 3. a date in its first page that falls inside a dated week;
 * 4. its own title (its level-1 heading, its first line when a title, else its file's name — not its
 *    first section's heading) saying what a week's title says — before the words of its
 *    first page, whose everyday words («calor», «temperatura») may be another week's title;
 * 5. the words of a week's title in its first page;
 * 6. the week most of its sections are about (each note's own rule, as /nota's).
 *
 * A document whose headings carry labels of two or more weeks («Tema 5 …», «Tema 6 …») spans them:
 * each section goes to its own week. The answer says which week and why, for the proposal.
 */
import { closestWeek, hasWeek, weekForNewNote, weekOfDate, type Course } from '../course/course.js';
import { documentTitle, type NoteDraft } from './split.js';
import { fold } from '../../lib/fold.js';

/** Why the document's notes go to their week (rendered by strings/material.ts). */
export type WeekReason =
  | { kind: 'elegida' }
  | { kind: 'etiqueta'; etiqueta: string; donde: 'primera_pagina' | 'nombre' }
  | { kind: 'fecha'; fecha: string }
  | { kind: 'titulo' }
  /** `donde: 'nombre'`: the document has no title of its own; its file's name said it. */
  | { kind: 'encabezado'; titulo: string; donde?: 'nombre' }
  | { kind: 'mayoria' }
  | { kind: 'varias' };

export interface DocumentWeeks {
  /** The week of each draft, in order. */
  semanas: (number | null)[];
  /** Why; absent when no week was found. */
  motivo?: WeekReason;
}

const LABEL = /\b(tema|unidad|lecci[oó]n|cap[ií]tulo|bloque|m[oó]dulo|semana)\s+(\d{1,3})\b/giu;

/** Lines of a first page read for its week's label: the first few. */
const HEAD_LINES = 3;

/**
 * Where a page labels its week: its first HEAD_LINES non-empty lines, and any line that opens with a
 * label («## Semana 4», «Tema 5. …»). A label deep in the prose («… que estudiaremos en la semana 4»)
 * mentions another week; it does not file this one (a walk's .md went to week 4 so).
 */
function labelLines(page: string): string {
  const lines = page.split(/\r?\n/u).map((l) => l.trim()).filter(Boolean);
  return [...lines.slice(0, HEAD_LINES), ...lines.slice(HEAD_LINES).filter((l) => /^(?:#{1,6}\s*)?(?:tema|unidad|lecci[oó]n|cap[ií]tulo|bloque|m[oó]dulo|semana)\s+\d/iu.test(l))].join('\n');
}

/** «Tema 5» → the weeks whose title carries that label (accents and case aside). */
function weeksTitled(course: Course, word: string, n: string): number[] {
  const re = new RegExp(`\\b${fold(word)}\\s+0*${Number(n)}\\b`, 'u');
  return course.semanas.filter((w) => re.test(fold(w.titulo))).map((w) => w.numero);
}

/**
 * The first label of the text that names exactly one week of the course by its title — «Tema 5»,
 * «Unidad 5» before «semana 5» — then «semana N» by the course's own numbering.
 */
function labelWeek(course: Course, text: string): { week: number; label: string } | undefined {
  const labels = [...text.matchAll(LABEL)].map((m) => ({ label: m[0], word: fold(m[1]!), n: m[2]! }));
  const ordered = [...labels.filter((l) => l.word !== 'semana'), ...labels.filter((l) => l.word === 'semana')];
  for (const { label, word, n } of ordered) {
    const titled = weeksTitled(course, word, n);
    if (titled.length === 1) return { week: titled[0]!, label };
  }
  const week = labels.find((l) => l.word === 'semana' && hasWeek(course, Number(l.n)));
  return week ? { week: Number(week.n), label: week.label } : undefined;
}

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const SPANISH_DATE = /\b(\d{1,2})(?:\s*[–-]\s*\d{1,2})?\s+de\s+(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre)(?:\s+de)?\s+(\d{4})\b/giu;
const NUMERIC_DATE = /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/gu;

/** The first date of the text inside a dated week of the course. */
function dateWeek(course: Course, text: string): { week: number; date: string } | undefined {
  const found: { at: number; date: Date; text: string }[] = [];
  for (const m of text.matchAll(SPANISH_DATE)) {
    const month = MONTHS.indexOf(fold(m[2]!) === 'setiembre' ? 'septiembre' : fold(m[2]!));
    found.push({ at: m.index, date: new Date(Date.UTC(Number(m[3]), month, Number(m[1]), 12)), text: m[0] });
  }
  for (const m of text.matchAll(NUMERIC_DATE)) found.push({ at: m.index, date: new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]), 12)), text: m[0] });
  for (const f of found.sort((a, b) => a.at - b.at)) {
    if (Number.isNaN(f.date.getTime())) continue;
    const week = weekOfDate(course, f.date, 'UTC');
    if (week !== undefined) return { week, date: f.text };
  }
  return undefined;
}

/** Each draft's own week by its headings' labels, when they name two or more weeks (a document that spans them). */
function spannedWeeks(course: Course, drafts: readonly NoteDraft[]): (number | null)[] | undefined {
  let current: number | null = null;
  const weeks = drafts.map((d) => {
    const own = d.heading ? labelWeek(course, d.heading) : undefined;
    if (own) current = own.week;
    return current;
  });
  return new Set(weeks.filter((w) => w !== null)).size >= 2 ? weeks : undefined;
}

/** A slice of the event loop the per-note rule may hold before it lets other work run. */
const SLICE_MS = 8;

/**
 * The week of every draft of one document: `firstPage` is its first page's text (its whole text
 * when it has no pages), `named` the week the student chose for it.
 */
export async function documentWeeks(course: Course, doc: { drafts: readonly NoteDraft[]; firstPage: string; fileName: string; named?: number }): Promise<DocumentWeeks> {
  const all = (week: number | null, motivo?: WeekReason): DocumentWeeks => ({ semanas: doc.drafts.map(() => week), ...(motivo ? { motivo } : {}) });
  if (hasWeek(course, doc.named)) return all(doc.named, { kind: 'elegida' });
  const spans = spannedWeeks(course, doc.drafts);
  if (spans) return { semanas: spans, motivo: { kind: 'varias' } };
  const byLabel = labelWeek(course, labelLines(doc.firstPage));
  if (byLabel) return all(byLabel.week, { kind: 'etiqueta', etiqueta: byLabel.label, donde: 'primera_pagina' });
  const byName = labelWeek(course, doc.fileName.replace(/[_.-]+/g, ' ').replace(/([a-zñ])(\d)/giu, '$1 $2'));
  if (byName) return all(byName.week, { kind: 'etiqueta', etiqueta: byName.label, donde: 'nombre' });
  const byDate = dateWeek(course, doc.firstPage);
  if (byDate) return all(byDate.week, { kind: 'fecha', fecha: byDate.date });
  // The document's own title: «Primer principio — mis apuntes» is the week «Primer principio de la
  // termodinámica», though its page speaks of heat and temperature all along.
  // The course's own name («Apuntes de Termodinámica») names every week alike: its words are left out.
  const { title, fromName } = documentTitle(doc.firstPage, doc.fileName);
  const courseWords = new Set(fold(course.titulo).split(/[^\p{L}\d]+/u).filter(Boolean));
  const ownWords = title.split(/\s+/u).filter((w) => !courseWords.has(fold(w).replace(/[^\p{L}\d]+/gu, ''))).join(' ');
  const byOwnTitle = ownWords ? closestWeek(course, ownWords) : null;
  if (byOwnTitle !== null) return all(byOwnTitle, { kind: 'encabezado', titulo: title, ...(fromName ? { donde: 'nombre' as const } : {}) });
  const byTitle = closestWeek(course, doc.firstPage);
  if (byTitle !== null) return all(byTitle, { kind: 'titulo' });
  // The week most of its notes are about, each by the course's rule for a note.
  const counts = new Map<number, number>();
  let since = performance.now();
  for (const d of doc.drafts) {
    if (performance.now() - since > SLICE_MS) {
      await new Promise((r) => setImmediate(r));
      since = performance.now();
    }
    const w = weekForNewNote(course, { tema: d.tema, texto: d.texto });
    if (w !== null) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
  // A majority of all its sections, as the proposal says («la mayoría de los apartados»): a lecture
  // that no week's title names, whose few loose matches point somewhere, is left without a week
  // for the student to choose — never filed under a week it is not about.
  return best && best[1] * 2 > doc.drafts.length ? all(best[0], { kind: 'mayoria' }) : all(null);
}
