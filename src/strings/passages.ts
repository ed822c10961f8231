/**
 * The answer to a question about the student's material (issue 44 item 4): the passages that say
 * it, quoted, each with where it comes from, and a button to make cards of it.
 */
import { packMessages, type PackedMessage } from '../lib/message-pack.js';
import { asWrittenIn, sentenceCase, topicAsWritten } from '../lib/name-case.js';
import { fold } from '../lib/fold.js';

/** How many of the notes' topics a «nothing found» answer lists before it points to /notas instead. */
export const TOPICS_LISTED = 6;

export interface QuotedPassage {
  /** The passage's text as the note has it. */
  text: string;
  noteId: number;
  tema: string;
  week?: number;
  /** The file the note was read from, and its page when the file has pages. */
  origen?: { archivo: string; pagina?: number | null };
}


export const PASSAGES = Object.freeze({
  header: (query: string) => `Esto dicen tus notas sobre «${query}»:`,
  /** Where a passage comes from: the file and page when the note knows them, else the note's number. */
  source: (p: Pick<QuotedPassage, 'noteId' | 'origen'>) =>
    p.origen ? `${sentenceCase(p.origen.archivo)}${typeof p.origen.pagina === 'number' ? `, p. ${p.origen.pagina}` : ''}` : `tu nota ${p.noteId}`,
  none: (query: string, topics: readonly string[]) => {
    const lead = `No tengo nada sobre «${query}» en tus notas.`;
    if (topics.length === 0) return `${lead} Todavía no tienes notas: mándame tus apuntes (un PDF, una foto o un texto) o escribe /nota tema: texto.`;
    if (topics.length > TOPICS_LISTED) return `${lead} Tienes notas de ${topics.length} temas; /notas te las enseña.`;
    const inWords = topics.length > 1 ? `${topics.slice(0, -1).join(', ')} y ${topics.at(-1)}` : topics[0]!;
    return `${lead} Tus temas son ${inWords}.`;
  },
  /** A model's explanation, above the passages it cites by their numbers. */
  explanation: (text: string) => `💡 ${text}\n\n(Lo explico solo con tus notas: los números son los pasajes de abajo.)`,
  failed: () => 'No pude leer tus notas ahora mismo. Inténtalo de nuevo en un momento.',
  /**
   * The button under an answer, which makes the cards of a quoted passage's whole note (not of the
   * passage alone, so the label names the note): `'one'` the one passage quoted, `'all'` several
   * passages of one note, a number the first passage of its note among several notes. Each is
   * shown whole on a 390-pixel phone, one button a row (within START_LABEL_MAX, strings/first-minute.ts).
   */
  cardsButton: (of: 'one' | 'all' | number = 'one') =>
    of === 'one' ? '🃏 Tarjetas de la nota de este pasaje' : of === 'all' ? '🃏 Tarjetas de la nota de estos pasajes' : `🃏 Tarjetas de la nota del pasaje ${of}`,
  /** The button under «Toca el botón para hacer las de la nota N corregida» (bot/notes-chat.ts): that note's cards. */
  cardsAgain: () => '🃏 Hacer tarjetas de esto',
  /** What the button asks for, in the words a student would write. */
  cardsRequest: (noteId: number) => `haz tarjetas de la nota ${noteId}`,
  /** A quoted passage's cards button whose note is gone (deleted, or replaced by a new reading). */
  noteGone: (noteId: number) => `La nota ${noteId} ya no está en tu cuaderno: no puedo hacer tarjetas de ella.`,
});

/** Whether a file's name (without its extension) is the topic itself. */
const sameName = (file: string, topic: string) => fold(file.replace(/\.[\p{L}\d]{2,4}$/u, '')).trim() === fold(topic).trim();

/** One quoted passage: the quote, then a line with its source, topic and week. */
function quoted(p: QuotedPassage, n: number | undefined, namesFrom: string): string {
  // The topic opens in lower case (older ones are lower case throughout): its names are written as the answer's passages write them
  // («Rendimiento de Carnot»), all of them — a passage need not repeat the name its topic holds.
  // A photo's or a paste's notes are named by their topic: the source says it once («Apuntes 3 oct — …, p. 1»).
  const topic = p.origen && sameName(p.origen.archivo, p.tema) ? '' : ` · ${topicAsWritten(p.tema, namesFrom)}`;
  const where = `— ${PASSAGES.source(p)}${topic}${p.week !== undefined ? ` (semana ${p.week})` : ''}`;
  // Bold marks of a Markdown source are the writer's emphasis, not words: left out of the quote.
  return `${n !== undefined ? `${n}. ` : ''}«${p.text.trim().replace(/\*\*|__/g, '')}»\n${where}`;
}

/** The answer's messages: the header and each passage whole, within Telegram's limit. */
export function passageMessages(query: string, passages: readonly QuotedPassage[]): PackedMessage[] {
  const numbered = passages.length > 1;
  // The subject as the understanding folded it (or the student typed it, «subduccion»), its words
  // given the accents and its names the capitals the quoted passages write them with.
  const quotedText = passages.map((p) => p.text).join('\n');
  const subject = asWrittenIn(query, [quotedText, ...passages.map((p) => p.tema)].join('\n'), quotedText);
  return packMessages(PASSAGES.header(subject), passages.map((p, i) => ({ text: quoted(p, numbered ? i + 1 : undefined, quotedText) })));
}
