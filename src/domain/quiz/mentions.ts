/**
 * What a document names besides its key ideas (pure given the dictionary check): the people, the
 * years and the movements («-ismo») it mentions. They are never asked about — the document says
 * nothing about them a question could rest on — but they are the plausible wrong options of a
 * question of the same kind from the same document: «¿Quién fue la única mujer en la primera
 * exposición?» beside the other painters the lecture names, «¿En qué año…?» beside its other years,
 * «¿Qué movimiento…?» beside its other movements, «Enlace metálico» (a section's title) beside
 * «Enlace iónico» (docs/design.md §3). Humanities lectures state
 * few definitions; without these, a question about a person or a date had no options to offer.
 */
import type { WordCheck } from '../study/reading.js';
import type { QuizIdea, SourceNote } from './idea-types.js';
import { tableRows } from './table-rows.js';
import { fold } from '../../lib/fold.js';
import { escapeRegExp } from '../../lib/regexp.js';

const capital = (s: string) => s.charAt(0).toLocaleUpperCase('es') + s.slice(1);

/** A year as lectures write one: four digits from 1000 to 2099 after «en», «de», «hacia»… or a bracket, never a quantity with its unit. */
export const YEAR = /(?<=(?:(?<![\p{L}])(?:[Ee]n|[Dd]e|[Dd]el|[Hh]acia|[Dd]esde|[Hh]asta|[Ee]ntre|[Aa]ño|[Aa]ños|y|[Ee]l)\s+|\(|[–-]|\|\s*))(1\d{3}|20\d{2})(?![\p{N}.,]\p{N}|\s*(?:%|€|\$|°|(?:K|J|kJ|W|kW|Pa|N|m|km|kg|g|s|h|mol|L|ml|cal|kcal|V|A)(?![\p{L}])))/gu;
/** Two to four capitalised words, a particle between them allowed: «Claude Monet», «José de Espronceda», «Vincent van Gogh». */
// Latin letters only, on one line: «Δt» then «En» at the next paragraph's start is no «Δt En».
const NAME = /(?=\p{Script=Latin})\p{Lu}[\p{L}'’-]+(?:[^\S\n]+(?:(?:de|del|van|von|da|di|la)[^\S\n]+)?(?=\p{Script=Latin})\p{Lu}[\p{L}'’-]+){1,3}/gu;
/** A movement, school or style: a word in «-ismo» («Impresionismo», «puntillismo»). */
const MOVEMENT = /(?<![\p{L}])(\p{L}{3,}ismo)(?![\p{L}])/gu;

/**
 * The people a text names: two or more capitalised words, one at least no word of the dictionary,
 * none written in lower case in the text (so «Exposición Universal», «Bellas Artes» are not people),
 * and not a sentence's first word that is a word («Allí», «Fue»).
 */
export function peopleIn(text: string, isWord: WordCheck): string[] {
  const lower = lowerWords(text);
  const out: string[] = [];
  for (const m of text.matchAll(NAME)) {
    const before = text.slice(0, m.index).trimEnd();
    const first = m[0].split(/\s+/u)[0]!;
    if ((before === '' || /[.!?:\n#|*]$/u.test(before)) && (isWord(fold(first)) || lower.has(fold(first)))) {
      // A sentence's first word that is a word («Fue», «Allí») is no name: the name is what follows, if anything.
      const rest = m[0].replace(/^\S+\s+/u, '');
      if (rest === m[0] || !/\s/u.test(rest)) continue;
      if (isPerson(rest, lower, isWord, text)) out.push(rest);
      continue;
    }
    if (isPerson(m[0], lower, isWord, text)) out.push(m[0]);
  }
  return [...new Set(out)];
}

const lowerWords = (text: string) => new Set((text.match(/(?<![\p{L}])\p{Ll}[\p{L}'’-]*/gu) ?? []).map(fold));

/** True when `cell` (a table's cell, nothing else in it) is a person's name, read against the whole `text`. */
export function isPersonCell(cell: string, text: string, isWord: WordCheck): boolean {
  return new RegExp(`^${NAME.source}$`, 'u').test(cell) && isPerson(cell, lowerWords(text), isWord, text);
}

/** Articles of other languages that open a place's or a paper's name («Le Havre», «Le Charivari»), never a person's. */
const FOREIGN_ARTICLE = new Set(['le', 'la', 'les', 'l', 'el', 'los', 'las', 'the', 'der', 'die', 'das', 'il', 'lo']);

/**
 * Words that make a capitalised name an institution or a place, never a person («Universidad de
 * Columbia», «Real Academia», «Museo del Prado», «Mar del Norte», «Nueva Zelanda»).
 */
const NOT_A_PERSON = new Set(['universidad', 'instituto', 'museo', 'academia', 'real', 'colegio', 'sociedad', 'escuela', 'biblioteca',
  'fundacion', 'facultad', 'departamento', 'laboratorio', 'observatorio', 'centro', 'consejo', 'congreso', 'ministerio', 'gobierno',
  'compania', 'empresa', 'banco', 'hospital', 'iglesia', 'catedral', 'palacio', 'teatro', 'revista', 'editorial', 'asociacion', 'comision',
  'union', 'liga', 'partido', 'reino', 'imperio', 'republica', 'estado', 'estados', 'provincia', 'ciudad', 'villa', 'puerto', 'mar', 'oceano',
  'rio', 'lago', 'golfo', 'cabo', 'isla', 'islas', 'peninsula', 'monte', 'montes', 'sierra', 'cordillera', 'valle', 'desierto', 'nueva', 'nuevo',
  'norte', 'sur', 'este', 'oeste', 'tratado', 'batalla', 'guerra', 'paz', 'concilio', 'edicto', 'decreto', 'senatus', 'university', 'institute', 'college', 'society', 'museum', 'royal', 'school', 'library', 'academy']);

/** True when a name could be a person's: no word of it names an institution or a place («Universidad de Columbia» is not one). */
export function couldBePerson(name: string): boolean {
  return !name.split(/[\s'’-]+/u).some((w) => NOT_A_PERSON.has(fold(w)));
}

/** A name the text puts after a preposition of place («en Cambridge», «desde Nueva Zelanda»): a place, not a person. */
function saidAsPlace(name: string, text: string): boolean {
  return new RegExp(`(?<![\\p{L}])(?:en|desde|hacia|hasta)\\s+(?:(?:el|la|los|las)\\s+)?${escapeRegExp(name)}(?![\\p{L}])`, 'iu').test(text);
}

function isPerson(name: string, lower: ReadonlySet<string>, isWord: WordCheck, text = ''): boolean {
  if (!couldBePerson(name) || (text && saidAsPlace(name, text))) return false;
  const parts = name.split(/\s+/u).filter((w) => /^\p{Lu}/u.test(w));
  // Given names may be words of the dictionary («Diego», «Francisco»), but not every part is one,
  // and none is written in lower case in the text («Exposición Universal», «Bellas Artes»).
  return parts.length >= 2 && !FOREIGN_ARTICLE.has(fold(parts[0]!)) && parts.every((w) => !lower.has(fold(w)) && !lower.has(w.toLocaleLowerCase('es')))
    && parts.some((w) => !isWord(w.toLocaleLowerCase('es')));
}

/** The mentions of `notes` as options-only ideas, one per kind and name, each tied to the note it is read in. */
export function mentionsOf(notes: readonly SourceNote[], isWord: WordCheck): QuizIdea[] {
  const out: QuizIdea[] = [];
  const seen = new Set<string>();
  const add = (kind: QuizIdea['kind'], term: string, note: SourceNote, heading = false) => {
    const file = note.origen?.archivo ?? note.archivo;
    const key = `${file ?? note.id}:${kind}:${fold(term)}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ kind, term, statement: '', passage: '', source: { noteId: note.id, ...(file ? { file } : {}) }, mention: true, ...(heading ? { heading: true as const } : {}) });
  };
  const titled = new Set<string>();
  for (const n of notes) {
    // A section's title is a term of the lecture («El enlace metálico»); the document's first one
    // names its whole subject («El enlace químico»), the genus of every other, so it is no option.
    const doc = n.origen?.archivo ?? n.archivo ?? `nota ${n.id}`;
    const title = n.tema?.replace(/^(?:el|la|los|las)\s+/iu, '').trim() ?? '';
    if (titled.has(doc) && /^\p{L}+(?:\s+\p{L}+){1,4}$/u.test(title)) add('termino', capital(title), n, true);
    titled.add(doc);
    // A title in italics or quotes is a work, not a person («*Olympia* de Édouard Manet» names Manet).
    const text = n.texto.replace(/\*[^*\n]+\*|«[^»\n]+»/gu, ',').replace(/[*_`]+/gu, '');
    for (const p of peopleIn(text, isWord)) add('persona', p, n);
    // A table's cell is a name alone, which a sentence's reading takes for the sentence's first words.
    for (const cell of tableRows(n.texto).flat()) if (isPersonCell(cell, n.texto, isWord)) add('persona', cell, n);
    for (const y of text.matchAll(YEAR)) add('fecha', y[1]!, n);
    for (const m of text.matchAll(MOVEMENT)) add('termino', capital(m[1]!.toLocaleLowerCase('es')), n);
  }
  return out;
}
