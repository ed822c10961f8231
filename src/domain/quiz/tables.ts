/**
 * Ideas a lecture's table gives (pure): a humanities lecture lists its authors and their works in a
 * table («Pintor | Fechas | Obra clave»), which no sentence states. A row with a person's name in
 * one cell and a title (in italics or «») in another asks «¿Quién pintó «La cuna»?», the person the
 * option, the other people the lecture names the distractors; with the title's year beside it, it
 * also asks «¿En qué año pintó Berthe Morisot «La cuna»?» (docs/design.md §3).
 */
import type { WordCheck } from '../study/reading.js';
import type { QuizIdea, SourceNote } from './idea-types.js';
import { madeVerb, workQuestions } from './made-verb.js';
import { isPersonCell } from './mentions.js';
import { tableRows } from './table-rows.js';

export { tableRows };

const TITLE = /^(?:\*([^*]+)\*|«([^»]+)»)\s*(?:\((1\d{3}|20\d{2})(?:[–-]\d{2,4})?\))?$/u;

/** The ideas of the tables of `note`: who made each work, and the year of each dated one. */
export function tableIdeas(note: SourceNote, isWord: WordCheck): QuizIdea[] {
  const rows = tableRows(note.texto);
  if (rows.length < 2) return [];
  const header = rows[0]!.join(' ');
  const verb = madeVerb(header);
  const file = note.origen?.archivo ?? note.archivo;
  const source = { noteId: note.id, ...(file ? { file } : {}) };
  const out: QuizIdea[] = [];
  for (const cells of rows.slice(1)) {
    const person = cells.find((c) => isPersonCell(c, note.texto, isWord));
    const work = cells.map((c) => TITLE.exec(c)).find((m) => m);
    if (!person || !work) continue;
    const title = (work[1] ?? work[2])!.trim();
    const passage = cells.map((c) => c.replace(/[*_`]+/gu, '')).join(' · ');
    const asked = workQuestions(title, person, verb);
    out.push({ kind: 'persona', term: person, statement: asked.who, source, passage });
    if (work[3]) out.push({ kind: 'fecha', term: work[3], statement: asked.when, source, passage });
  }
  return out;
}
