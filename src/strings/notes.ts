/**
 * The student's notes and their cards one by one, in the chat (bot/notes-*.ts): the list with each
 * note's week and source, one note shown whole, and what moving, correcting and deleting it say.
 */
import { count, quote } from './count.js';
import { ended } from './list.js';
import { sentenceCase } from '../lib/name-case.js';

/** Where a note comes from, in words: «apuntes.pdf, página 3», «apuntes.docx». */
export function sourceLabel(origen: { archivo: string; pagina: number | null } | undefined): string | undefined {
  if (!origen) return undefined;
  const file = quote(sentenceCase(origen.archivo), 50);
  return origen.pagina === null ? file : `${file}, página ${origen.pagina}`;
}

export const NOTES = Object.freeze({
  /** The list's header; `week`: the week it is filtered to, in words («Semana 5 · Narración»). */
  header: (n: number, page: number, pages: number, week?: string) =>
    `📒 Tus notas${week ? ` de la ${week.charAt(0).toLowerCase()}${week.slice(1)}` : ''} (${n})${pages > 1 ? `, página ${page} de ${pages}` : ''}:`,
  /** A run of the list's notes of one week, under its week in words (null: none). */
  weekHead: (week: string | null) => `📅 ${week ?? 'Sin semana'}`,
  /** One note, one line of a phone: its number and a short title (📘: a shipped example note). */
  line: (id: number, title: string, example = false) => `${id} · ${title}${example ? ' 📘' : ''}`,
  /** A section's own number, said after its heading so it never reads as the note's: «apartado 4». */
  section: (number: string) => `apartado ${number}`,
  /** One of the notes a section gave: «2 de 3». */
  part: (n: number, of: number) => `${n} de ${of}`,
  hint: (examples = false) => `Toca un número para ver la nota entera, de dónde viene, moverla, corregirla o borrarla.${examples ? ' 📘: nota de ejemplo.' : ''}`,
  empty: () => 'Tu cuaderno no tiene notas todavía. Mándame tus apuntes (un PDF, una foto o un texto) o añade una con /nota.',
  emptyWeek: (week: string) => `No tienes notas en la ${week.charAt(0).toLowerCase()}${ended(week.slice(1))} Mándame tus apuntes de esa semana y los guardo ahí.`,
  noSuchWeek: (week: number, range: string) => `Tu curso no tiene semana ${week}: tiene las semanas ${range}.`,
  failed: () => 'No pude leer tus notas ahora mismo; no ha cambiado nada. Inténtalo de nuevo en un momento.',

  open: (id: number) => `📄 ${id}`,
  prev: '◀️ Anteriores',
  next: 'Siguientes ▶️',

  /** One note shown whole: its number, week, topic and source, then its text. */
  noteHead: (id: number, tema: string, week: string | null, source: string | undefined) =>
    [`📄 Nota ${id} · ${tema}`, `📅 ${week ?? 'Sin semana'}`, ...(source ? [`📄 De ${source}`] : [])].join('\n'),
  gone: (id: number) => `La nota ${id} ya no existe: quizá la borraste. Escribe /notas para ver las que tienes.`,

  move: '📅 Mover de semana',
  edit: '✏️ Corregir',
  remove: '🗑 Borrar',
  cards: (n: number) => `🃏 Tarjetas de esta nota (${n})`,

  moveAsk: (id: number, text: string) => `¿A qué semana muevo la nota ${id} («${quote(text)}»)?`,
  noWeekButton: 'Sin semana',
  cancel: '↩️ Déjala donde está',
  moved: (id: number, week: string | null, cards: number) =>
    `📅 Nota ${id} movida a ${week ? `la ${week.charAt(0).toLowerCase()}${week.slice(1)}` : 'ninguna semana'}${cards > 0 ? `, junto con ${cards === 1 ? 'la tarjeta que tiene' : `las ${cards} tarjetas que tiene`}` : ''}.`,
  alreadyThere: (id: number, week: string | null) => `La nota ${id} ya está en ${week ? `la ${week.charAt(0).toLowerCase()}${week.slice(1)}` : 'ninguna semana'}.`,
  notMoved: (id: number) => `Vale, la nota ${id} se queda donde estaba.`,

  editAsk: (id: number) =>
    `✏️ Respóndeme a este mensaje con el texto corregido de la nota ${id}. Este es el que tiene ahora (tócalo para copiarlo):`,
  editPlaceholder: 'el texto corregido',
  edited: (id: number) => `✏️ Nota ${id} corregida. Ya la encuentras con el texto nuevo.`,
  editSame: (id: number) => `Ese es el mismo texto que ya tenía la nota ${id}: no he cambiado nada.`,
  editTooShort: (min: number) => `El texto es demasiado corto: escribe al menos ${min} caracteres. Respóndeme otra vez a la pregunta con el texto corregido.`,
  editTooLong: (length: number, max: number) =>
    `El texto es demasiado largo (${length} caracteres; el máximo es ${max}), así que no lo he guardado. Respóndeme otra vez a la pregunta con un texto más corto.`,

  deleteAsk: (id: number, text: string) => `¿Borrar la nota ${id} («${quote(text)}»)? Solo esa nota; no se puede deshacer.`,
  deleteYes: (id: number) => `🗑 Sí, borra la nota ${id}`,
  deleteNo: '↩️ No, consérvala',
  deleted: (id: number) => `🗑 Nota ${id} borrada.`,
  kept: (id: number) => `Vale, no he borrado la nota ${id}.`,
  cardsToo: (id: number, n: number) =>
    `La nota ${id} tenía ${count(n, 'tarjeta', 'tarjetas')}. ¿${n === 1 ? 'La borro' : 'Las borro'} también? Si no, ${n === 1 ? 'se queda' : 'se quedan'} en tu mazo.`,
  cardsTooYes: (n: number) => (n === 1 ? '🗑 Sí, borra esa tarjeta' : `🗑 Sí, borra esas ${n} tarjetas`),
  cardsTooNo: (n: number) => (n === 1 ? '↩️ No, consérvala' : '↩️ No, consérvalas'),
  cardsDeleted: (n: number) => `🗑 ${n === 1 ? 'Tarjeta borrada' : `${n} tarjetas borradas`}: no volverán a aparecer cuando prepares la semana.`,
  cardsKept: (n: number) => (n === 1 ? 'Vale, la tarjeta se queda en tu mazo.' : `Vale, las ${n} tarjetas se quedan en tu mazo.`),
  /** A corrected note that has cards made from its old text: redo them, or keep them. */
  cardsOfOldText: (n: number) =>
    `Tienes ${count(n, 'tarjeta hecha', 'tarjetas hechas')} del texto anterior: ¿${n === 1 ? 'la rehago' : 'las rehago'} con el texto corregido?`,
  cardsRedoYes: (n: number) => (n === 1 ? '🔁 Sí, rehazla' : '🔁 Sí, rehazlas'),
  cardsRedoNo: (n: number) => (n === 1 ? '↩️ No, consérvala' : '↩️ No, consérvalas'),
  cardsReplaced: (id: number, n: number) =>
    `🗑 ${n === 1 ? 'Borré la tarjeta' : `Borré las ${n} tarjetas`} del texto anterior. Toca el botón para hacer las de la nota ${id} corregida.`,
  /** The deleted note's id now names another note: its old cards are not offered any more. */
  cardsOfferGone: () => 'Esa pregunta ya no sirve: no he borrado nada.',

  /** A note's cards, each with its buttons. */
  cardsHeader: (id: number, n: number) => `🃏 Tarjetas de la nota ${id} (${n}):`,
  noCards: (id: number) => `La nota ${id} no tiene tarjetas. Pídemelas, por ejemplo «haz tarjetas de la nota ${id}».`,
  cardLine: (id: number, pregunta: string, respuesta: string) => `${id}. ${pregunta}\n→ ${respuesta}`,
  cardEdit: (id: number) => `✏️ ${id}`,
  cardRemove: (id: number) => `🗑 ${id}`,
  cardGone: (id: number) => `La tarjeta ${id} ya no está en tu mazo.`,
  /** `gist`: the card's question without its «Completa la frase (…):» (bot/format.ts `cardGist`), cut here at a word. */
  cardDeleteAsk: (id: number, gist: string) => `¿Borrar la tarjeta ${id} («${quote(gist, 80)}»)? No volverá a aparecer cuando prepares la semana.`,
  cardDeleteYes: (id: number) => `🗑 Sí, borra la tarjeta ${id}`,
  cardDeleteNo: '↩️ No, consérvala',
  cardDeleted: (id: number) => `🗑 Tarjeta ${id} borrada: no volverá a aparecer cuando prepares la semana.`,
  cardKept: (id: number) => `Vale, no he borrado la tarjeta ${id}.`,
  cardEditAsk: (id: number) =>
    `✏️ Respóndeme a este mensaje con la tarjeta ${id} corregida: «pregunta | respuesta», o solo la pregunta si la respuesta está bien. Esta es la que tiene ahora (tócala para copiarla):`,
  cardEditPlaceholder: 'pregunta | respuesta',
  cardEdited: (id: number) => `✏️ Tarjeta ${id} corregida.`,
  cardEditEmpty: () => 'La pregunta y la respuesta no pueden quedar vacías. Respóndeme otra vez a la pregunta con la tarjeta corregida.',
  cardEditTooLong: (max: number) => `La pregunta y la respuesta pueden tener como mucho ${max} caracteres cada una. Respóndeme otra vez a la pregunta con la tarjeta corregida.`,

  /** A reply to a correction question that no longer waits (done already, or the note went). */
  editGone: () => 'Esa pregunta ya no espera respuesta: no he cambiado nada.',
  failedChange: () => 'No pude guardar el cambio; tu cuaderno sigue como estaba. Inténtalo de nuevo en un momento.',
});
