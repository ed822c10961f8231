/**
 * Dated events the study side's key ideas leave out (pure): dense humanities notes tell most of
 * what they say with a date («El 6 de agosto de 1811 se abolieron los señoríos jurisdiccionales…»,
 * «• 1823: Cien Mil Hijos de San Luis — fin del Trienio»), and a week of them gave a quiz of one
 * question or none (issue #44). Each such event is asked by its year, as the
 * study side's dates are («¿En qué año se abolieron los señoríos jurisdiccionales…?»), the week's
 * other years its options (build.ts). Read only where the event stands without its date:
 * - a sentence that opens with its date («En mayo de 1808 Napoleón…», «El 4 de mayo de 1814, …»);
 * - a clause that ends in its date from the sentence's start or from «, se …» («La Constitución fue
 *   promulgada el 19 de marzo de 1812, …», «…, se suprimió la Inquisición en 1813 y …»);
 * - a line of notes that opens with its date or puts it after a name («• 1823: …», «• Pragmática
 *   Sanción 1830 — …»), asked as the notes write it, in quotes.
 * Never a sentence whose event says another year (which one would be asked?), nor a date inside
 * a name («el levantamiento del 2 de mayo de 1808»).
 */
import { sentencesOf } from '../study/reading.js';
import type { QuizIdea, SourceNote } from './idea-types.js';
import { QUIZ_STEMS } from '../../strings/study.js';

const MONTH = '(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre)';
/** A date as prose writes it: «1813», «mayo de 1808», «el 19 de marzo de 1812», «1 enero 1820». */
const DATE = [String.raw`(?:(?:el\s+)?\d{1,2}\s+(?:de\s+)?`, MONTH, String.raw`\s+(?:de\s+)?|`, MONTH, String.raw`\s+de\s+)?((?:1\d{3}|20\d{2}))(?![\p{N}])`].join('');
const ANY_YEAR = /(?<![\p{N}])(?:1\d{3}|20\d{2})(?![\p{N}])/gu;
const MIN_EVENT_WORDS = 3;

const words = (s: string) => s.split(/\s+/u).filter(Boolean).length;
const yearsIn = (s: string) => s.match(ANY_YEAR) ?? [];
const lowerFirst = (s: string) => (/^(?:El|La|Los|Las|Un|Una|Se|Tras|Por|Con)\s/u.test(s) ? s.charAt(0).toLocaleLowerCase('es') + s.slice(1) : s);
const tidy = (s: string) => s.replace(/\s+/gu, ' ').replace(/^[\s,;:—–-]+|[\s,;:.—–-]+$/gu, '').trim();

/** «En mayo de 1808 Napoleón…», «El 4 de mayo de 1814, por el decreto…»: the date first, the event after it. */
const OPENS = new RegExp(`^(?:En|El|A\\s+(?:principios|mediados|finales)\\s+de)\\s+${DATE},?\\s+(.+)$`, 'u');
/** «La Constitución fue promulgada el 19 de marzo de 1812, …»: the event, then its date ending the clause. */
const ENDS = new RegExp(`^(.+?)\\s+(?:en|el)\\s+${DATE}\\s*(?:[,;.]|\\s+y\\s|$)`, 'u');

/** The event of one sentence and its year, or undefined (see the module comment). */
export function datedEvent(sentence: string): { year: string; event: string } | undefined {
  const text = sentence.replace(/\s+/gu, ' ').trim();
  const open = OPENS.exec(text);
  if (open) return checked(open[1]!, open[2]!);
  // The clause that ends in the date: from the sentence's start, or a «se …» clause after a comma.
  for (const from of [0, ...[...text.matchAll(/,\s+(?=se\s)/gu)].map((m) => m.index + m[0].length)]) {
    const end = ENDS.exec(text.slice(from));
    // From the start, the clause is one: no comma before the date («Tras el Tratado de Valençay, firmado en…» is not).
    if (end && !end[1]!.includes(',') && !/^(?:y|e|o|pero)\s/iu.test(end[1]!)) return checked(end[2]!, end[1]!);
  }
  return undefined;
}

function checked(year: string, event: string): { year: string; event: string } | undefined {
  const said = tidy(event);
  // A colon opens what the clause is about («Tuvo una enorme influencia exterior: inspiró…»): no one event.
  if (yearsIn(said).length > 0 || words(said) < MIN_EVENT_WORDS || said.includes(':')) return undefined;
  return { year, event: lowerFirst(said) };
}

/** «• 1823: Cien Mil Hijos…», «• 1 enero 1820: Riego…», «• Pragmática Sanción 1830 — Isabel…»: a line of notes with its date. */
const LINE_OPENS = new RegExp(`^\\s*[•*-]\\s+${DATE}\\s*[:—–-]*\\s*(.+)$`, 'iu');
const LINE_NAMED = /^\s*[•*-]\s+(\p{Lu}[\p{L}\s]{2,40}?)\s+((?:1\d{3}|20\d{2}))\s*[—–-]\s*(.+)$/u;
/** A line cut by the page or the photo ends in an article or a preposition («… el rey jura la»): its last part is dropped. */
const DANGLING = /\s(?:el|la|los|las|un|una|de|del|a|al|en|y|que|por|con)$/iu;

/** The event of one line of notes and its year, or undefined. */
export function datedLine(line: string): { year: string; event: string } | undefined {
  const named = LINE_NAMED.exec(line);
  const open = named ? undefined : LINE_OPENS.exec(line);
  if (!named && !open) return undefined;
  const year = named ? named[2]! : open![1]!;
  // A bracket that dates something else («(sexenio absolutista 1814-1820)») is left out, not asked.
  let event = tidy((named ? `${named[1]} — ${named[3]}` : open![2]!).replace(/\s*\([^)]*\d{4}[^)]*\)/gu, ''));
  while (DANGLING.test(event)) {
    // Its last part after a dash, else its last word.
    const shorter = event.replace(/\s*[—–-]+[^—–-]*$/u, '');
    event = tidy(shorter !== event ? shorter : event.replace(/\s+\S+$/u, ''));
  }
  if (yearsIn(event).length > 0 || words(event) < 2 || /^[—–-]/u.test(event)) return undefined;
  return { year, event };
}

/** The dated events of `note` as year questions, each tied to the sentence or line it is read in. */
export function datedIdeas(note: SourceNote): QuizIdea[] {
  const file = note.origen?.archivo ?? note.archivo;
  const page = note.origen ? note.origen.pagina : note.pagina;
  const source = { noteId: note.id, ...(file ? { file } : {}), ...(typeof page === 'number' ? { page } : {}) };
  const out: QuizIdea[] = [];
  for (const line of note.texto.split('\n')) {
    const dated = datedLine(line);
    if (dated) out.push({ kind: 'fecha', term: dated.year, statement: QUIZ_STEMS.lineYear(dated.event), source, passage: tidy(line.replace(/^\s*[•*-]\s+/u, '')) });
  }
  for (const s of sentencesOf(note.texto)) {
    if (/^\s*[•*-]\s/u.test(s.text)) continue;
    const dated = datedEvent(s.text.replace(/[*_]+/gu, ''));
    if (dated) out.push({ kind: 'fecha', term: dated.year, statement: dated.event, source, passage: tidy(s.text.replace(/[*_]+/gu, '')) });
  }
  return out;
}
