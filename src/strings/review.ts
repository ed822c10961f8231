/**
 * What the bot says about cards and spaced review (tú, plain text).
 */
import type { Card, Grade } from '../store/index.js';
import { count } from './count.js';
import { inZone } from './clock.js';
import { packMessages, type PackedMessage } from '../lib/message-pack.js';
import { quote } from './count.js';

export const GRADE_LABELS: Readonly<Record<Grade, string>> = Object.freeze({ 1: 'Otra vez', 2: 'Difícil', 3: 'Bien', 4: 'Fácil' });

/** "1 min", "6 min", "3 h", "8 d": how long until a card comes back. */
export function intervalLabel(ms: number): string {
  const min = Math.max(1, Math.round(ms / 60_000));
  if (min < 60) return `${min} min`;
  const h = Math.round(min / 60);
  if (h < 24) return `${h} h`;
  const d = Math.round(min / 1440);
  if (d < 365) return `${d} d`;
  return `${(d / 365).toLocaleString('es-ES', { maximumFractionDigits: 1 })} años`;
}

/** «1 min», «10 min»: rounded up, so «vuelven en los próximos 10 min» holds for the last one too. */
const minutesUpTo = (ms: number) => `${Math.max(1, Math.ceil(ms / 60_000))} min`;

/** How an empty deck gets cards: preparing a week that has notes, or, with none, sending notes first. */
const toGetCards = (week: number | undefined) =>
  week !== undefined
    ? `Pide una semana (por ejemplo «prepara la semana ${week}») y te preparo tarjetas.`
    : 'Primero mándame tus apuntes (un PDF, una foto de una página o un texto pegado); luego pídeme la semana y te preparo tarjetas.';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A time zone in words: «hora de Madrid» for `Europe/Madrid`, «hora de Buenos Aires» for
 * `America/Argentina/Buenos_Aires` — never the zone's code; UTC-like zones are no place, and are
 * not named at all (the student never reads «hora universal»).
 */
export function zoneLabel(zone: string): string {
  return inZone(zone).replace(/^ \((.*)\)$/, '$1');
}

export const RS = Object.freeze({
  reveal: 'Mostrar respuesta',
  undo: '↩️ Deshacer',
  end: '⏹ Terminar',
  suspend: '⏸ Suspender',
  edit: '✏️ Editar',
  remove: '🗑 Borrar',
  removeYes: '🗑 Sí, bórrala',
  removeNo: 'No, déjala',
  review: '📚 Repasar',
  prev: '◀ Anterior',
  next: 'Siguiente ▶',
  rating: (g: Grade, interval: string) => `${GRADE_LABELS[g]} · ${interval}`,

  cardHeader: (id: number, week: number | undefined, noteId: number) => `🃏 Tarjeta ${id} · ${week ? `semana ${week}, ` : ''}nota ${noteId}`,
  answer: (a: string) => `Respuesta: ${a}`,
  rated: (g: Grade, interval: string) => `${GRADE_LABELS[g]} — vuelve en ${interval}.`,
  /** `week`: one that has notes to prepare; without it, what to do first is to send notes. */
  nothingDue: (next: string | undefined, week?: number) =>
    `No tienes tarjetas para repasar ahora.${next ? ` La próxima vence ${next}.` : ` ${toGetCards(week)}`}`,
  /** `left`: due now; `soon`: learning cards back within minutes, `soonMs` until the last of them. */
  summary: (n: number, counts: Record<Grade, number>, next: string | undefined, left = 0, soon = 0, soonMs = 0) =>
    `✅ Repaso terminado: ${count(n, 'tarjeta', 'tarjetas')}.\n` +
    `${GRADE_LABELS[1]}: ${counts[1]} · ${GRADE_LABELS[2]}: ${counts[2]} · ${GRADE_LABELS[3]}: ${counts[3]} · ${GRADE_LABELS[4]}: ${counts[4]}\n` +
    (left + soon > 0 ? RS.stillDue(left, soon, soonMs) : next ? `La próxima vence ${next}.` : 'No queda ninguna tarjeta programada.'),
  /**
   * What is left after a session: the cards due now, and apart from them the learning cards that
   * come back within minutes (a card just answered «Otra vez» is not due now, and /repasar does not
   * show it before its time, so it is neither counted as due nor left out). With none due now,
   * «sigue cuando quieras» would send the student to an empty /repasar: they are told to wait.
   */
  stillDue: (n: number, soon = 0, soonMs = 0) => {
    const back = soon === 1 ? `vuelve en ${minutesUpTo(soonMs)}` : `vuelven en los próximos ${minutesUpTo(soonMs)}`;
    if (n === 0 && soon > 0) return `Ahora no te queda ninguna; ${count(soon, 'tarjeta', 'tarjetas')} ${back}: ${soon === 1 ? 'repásala' : 'repásalas'} entonces con /repasar.`;
    const more = soon === 0 ? '' : `, y ${soon} más ${back}`;
    return `Te ${n === 1 ? 'queda' : 'quedan'} ${count(n, 'tarjeta', 'tarjetas')} para repasar ahora${more}; sigue cuando quieras con /repasar.`;
  },
  endedNoneRated: (n: number, soon = 0, soonMs = 0) => `⏹ Repaso terminado sin calificar ninguna tarjeta. ${RS.stillDue(n, soon, soonMs)}`,
  undoneNote: (g: Grade) => `↩️ Deshecho: «${GRADE_LABELS[g]}» ya no cuenta; la tarjeta vuelve a preguntarse.`,
  alreadyRated: () => 'Esa tarjeta ya está calificada.',
  unknownCard: () => 'Esa tarjeta ya no existe en el mazo.',
  undone: (id: number) => `↩️ Deshecho: la tarjeta ${id} vuelve a estar como antes.`,
  nothingToUndo: () => 'No hay ninguna respuesta de este repaso que deshacer.',
  suspended: (id: number) => `⏸ Tarjeta ${id} suspendida: no saldrá en los repasos. /reactivar ${id} la devuelve.`,
  reactivated: (id: number) => `▶️ Tarjeta ${id} reactivada.`,
  /** `gist`: the card's question as bot/format.ts `cardGist` gives it (no «Completa la frase (…):»), cut here at a word. */
  removeAsk: (id: number, gist: string) => `¿Borrar la tarjeta ${id} («${quote(gist, 80)}»)? Se quita del mazo y de los repasos.`,
  removed: (id: number) => `🗑 Tarjeta ${id} borrada.`,
  /** The card's own message once it is deleted: its buttons gone, this line under its question. */
  removedNote: () => '🗑 Borraste esta tarjeta: ya no está en tu mazo ni en tus repasos.',
  kept: (id: number) => `La tarjeta ${id} se queda.`,
  edited: (id: number) => `✏️ Tarjeta ${id} actualizada. Se conserva el historial de repasos de la tarjeta.`,
  editHow: (id: number, question: string, answer: string) =>
    `Para cambiar la tarjeta ${id}, envía la orden con la pregunta y la respuesta nuevas separadas por «|». Así está ahora:\n\n/editar ${id} ${question} | ${answer}`,
  editUsage: () => 'Escribe el número de la tarjeta, la pregunta y la respuesta separadas por «|», por ejemplo: /editar 5 ¿Qué mide la desviación estándar? | la dispersión',
  cardIdUsage: (cmd: string) => `Indica el número de la tarjeta, por ejemplo: /${cmd} 5 (los ves con /tarjetas).`,
  failed: () => 'No pude leer tus tarjetas ahora mismo; no se ha perdido nada. Inténtalo de nuevo en un momento.',

  /** `week`: one that has notes to prepare; without it, what to do first is to send notes. */
  deckEmpty: (week?: number) => `Tu mazo está vacío. ${toGetCards(week)}`,
  deckHeader: (total: number, page: number, pages: number) => `🗂 Tus tarjetas (${total}) · página ${page} de ${pages}`,
  /** A week of the deck by the course's title for it (not a note's topic: a week holds several). */
  deckWeek: (week: number | undefined, title: string | undefined) => (week ? `Semana ${week}${title ? ` · ${capital(title)}` : ''}` : 'Otras notas'),
  deckNote: (noteId: number, topic?: string) => `  Nota ${noteId}${topic ? ` · ${topic}` : ''}`,
  deckCard: (id: number, question: string, status: string) => `   ${id}. ${question} (${status})`,
  statusNew: 'nueva',
  statusDueNow: 'toca ahora',
  statusDue: (when: string) => `vence ${when}`,
  statusSuspended: 'suspendida',

  exportCaption: (cards: number, reviews: number) =>
    `Tu mazo para Anki: ${count(cards, 'tarjeta', 'tarjetas')} y ${count(reviews, 'repaso', 'repasos')}. Ábrelo con Anki (Archivo → Importar) y seguirá el mismo calendario.`,
  exportEmpty: () => 'Tu mazo está vacío: todavía no hay nada que exportar.',
  exportFailed: () => 'No pude preparar el archivo para Anki; tu mazo no ha cambiado. Inténtalo de nuevo en un momento.',

  reminder: (n: number) => `🔔 Tienes ${n} ${n === 1 ? 'tarjeta' : 'tarjetas'} para hoy.`,
  reminderOn: (hour: string, zone: string) => `🔔 Te recordaré tus repasos cada día a las ${hour}${inZone(zone)}, solo si tienes tarjetas pendientes.`,
  /** Said once they were just turned off (`/recordatorios no`). */
  reminderOff: () => '🔕 Hecho: ya no te recordaré los repasos. Para volver a tenerlos, escribe /recordatorios con tu hora, por ejemplo /recordatorios 20:00.',
  /** `/recordatorios` alone: the state as it is — it changes nothing, so it never sounds like it did. */
  reminderStatus: (hour: string | null, zone: string) =>
    hour ? `🔔 Recordatorio diario a las ${hour}${inZone(zone)}. Cámbialo con /recordatorios 21:30 o desactívalo con /recordatorios no.`
      : '🔕 Ahora no tienes recordatorio de repasos. Si quieres uno cada día, escribe /recordatorios con tu hora, por ejemplo /recordatorios 20:00.',
  reminderUsage: () => 'Indica una hora HH:MM, por ejemplo /recordatorios 20:00, o /recordatorios no para desactivarlos.',

  weekCardsHeader: (n: number) => `🃏 Tus tarjetas de este trabajo (${n}) — toca la respuesta para verla; repásalas con /repasar:`,
});

/** "hoy a las 20:10", "el 3 dic a las 09:00" in `timeZone`. */
export function whenLabel(date: Date, now: Date, timeZone: string): string {
  const day = (d: Date) => new Intl.DateTimeFormat('es-ES', { timeZone, day: 'numeric', month: 'short' }).format(d).replace('.', '');
  const time = new Intl.DateTimeFormat('es-ES', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }).format(date);
  return day(date) === day(now) && Math.abs(date.getTime() - now.getTime()) < 86_400_000 ? `hoy a las ${time}` : `el ${day(date)} a las ${time}`;
}

/**
 * A week's new cards as messages within Telegram's limit (a card never split between two), each
 * answer a spoiler entity (offsets in UTF-16 units).
 */
export function weekCardsMessages(cards: readonly Card[]): PackedMessage[] {
  return packMessages(RS.weekCardsHeader(cards.length), cards.map((card) => {
    const lead = `${card.id}. ${card.pregunta}\n→ `;
    return { text: lead + card.respuesta, entities: [{ type: 'spoiler' as const, offset: lead.length, length: card.respuesta.length }] };
  }));
}
