/**
 * What a list or a table is a list of (docs/design.md §3): a note that opens with a list or a table
 * is announced by the sentence before it, at the end of the note before («Suele dividirse en tres
 * etapas:», «Sus fases son:», «Según su forma hay tres tipos:»). Its class noun and what it is a
 * class of («Etapas del Barroco musical», «Fases del modelo de transición demográfica») is the cue
 * its items are asked with: the section's heading alone would not say which list an item belongs to.
 * What the class is of: the «de …» the sentence names, else the term the paragraph bolds («Entendemos
 * por **Barroco musical** …»), else the subject that opens the sentence. Pure.
 */
import type { Note } from '../notebook.js';
import { articleFor } from './article.js';

/** Plural nouns that name the members of a list: the class its items belong to. */
const CLASS_NOUNS = 'etapas|fases|tipos|clases|partes|periodos|períodos|rasgos|reglas|causas|consecuencias|formas|elementos|características|funciones|niveles|grupos|categorías|modalidades|estadios|pasos|componentes|requisitos|géneros|corrientes|escuelas|movimientos|generaciones';
/** «… (en) (tres) etapas (de la mitosis) (son):» at the end of a sentence that announces a list. */
const ANNOUNCING = new RegExp(`(?:^|\\s)(${CLASS_NOUNS})(?:\\s+((?:de|del)\\s+[^:,;]{3,60}?))?(?:\\s+(?:son|eran|fueron|principales|básic[oa]s))?\\s*:\\s*$`, 'iu');
/** «La mitosis tiene cuatro fases:»: the subject that opens the sentence. */
/** «Según Hume, los contenidos de la mente son de dos clases:» too (the subject after an opening aside). */
const OPENING_SUBJECT = /(?:^|,\s+)((?:el|la|los|las)\s+\p{L}[\p{L}-]*(?:\s+(?:de\s+(?:la\s+|los\s+|las\s+)?|del\s+)?\p{L}[\p{L}-]*){0,3}?)\s+(?:tiene|tienen|comprende|comprenden|se\s+divide|se\s+dividen|consta|constan|presenta|presentan|incluye|incluyen|distingue|atraviesa|(?:es|son|pueden\s+ser)\s+de)\s/iu;
/** A bold name with its years («**David Hume** (1711–1776)») is a person the paragraph is about, not what a list is of. */
const PERSON_BOLD = /\*\*[^*]{3,60}\*\*\s*\(\s*(?:hacia\s+)?\d{3,4}/u;

/** Whether a note opens with a list (dashed or numbered) or a table. */
const opensWithList = (text: string) => /^\s*(?:[-*•]\s|\d{1,2}[.)]\s|\|)/u.test(text);

/**
 * The cue of the list or table `note` opens with, from the sentence that announces it at the end of
 * the note before it in the same section; undefined when nothing announces it by a class noun.
 */
export function listTopic(note: Note, course: readonly Note[]): string | undefined {
  if (!opensWithList(note.texto)) return undefined;
  const before = course.filter((n) => n.id < note.id && n.tema === note.tema).sort((a, b) => b.id - a.id)[0];
  if (!before) return undefined;
  const last = before.texto.trim().split(/(?<=[.!?])\s+/u).at(-1)!;
  const m = ANNOUNCING.exec(last);
  if (!m) return undefined;
  const plain = last.replace(/\*\*/g, '');
  const of = m[2]?.replace(/\*\*/g, '').trim();
  const bold = (t: string) => (PERSON_BOLD.test(t) ? undefined : /\*\*([^*]{3,60})\*\*/u.exec(t)?.[1]);
  const subject = of ? undefined : OPENING_SUBJECT.exec(plain)?.[1] ?? bold(last) ?? bold(before.texto);
  if (!of && !subject) return undefined;
  const noun = m[1]!.toLocaleLowerCase('es');
  // The subject with its own article («los contenidos de la mente»), else the one its head word takes.
  const named = /^(?:el|la|los|las)\s/iu.test(subject ?? '') ? subject!.replace(/^\p{Lu}/u, (c) => c.toLocaleLowerCase('es')) : `${articleFor(subject ?? '')} ${subject?.trim()}`;
  const whose = of ?? `de ${named}`.replace(/^de el /u, 'del ');
  return `${noun[0]!.toLocaleUpperCase('es')}${noun.slice(1)} ${whose}`;
}
