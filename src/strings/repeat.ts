/**
 * A week asked again that is already made (issue 46, item 4): one message that says what the student
 * has, sent as a reply to the newest cover (or episode), with what changed since and buttons to redo.
 */

/** What the week already has, as the repeat message names it. */
export interface WeekHas {
  week: number;
  /** «Semana 3 · Termodinámica». */
  title: string;
  /** The message this one replies to carries: the cover, or the episode when there is no cover. */
  quoted: 'portada' | 'narracion';
  cover: boolean;
  episode: boolean;
  /** Live cards of the week in the deck. */
  cards: number;
  /** Notes new or changed since the episode was made (undefined: no record to judge). */
  newSinceEpisode?: number;
  /** Notes the episode narrates that are no longer in the week (deleted, or moved to another). */
  goneSinceEpisode?: number;
  /** Notes new or changed since the cards were made. */
  newSinceCards?: number;
}

const notes = (n: number) => (n === 1 ? '1 nota nueva (o cambiada)' : `${n} notas nuevas (o cambiadas)`);

const gone = (n: number) => (n === 1 ? 'una nota que ya no está en esta semana (borrada o movida)' : `${n} notas que ya no están en esta semana (borradas o movidas)`);

/**
 * «Hay 2 notas nuevas (o cambiadas) desde el episodio y las tarjetas», and «El episodio aún cuenta una
 * nota que ya no está…» when the week lost notes it narrates; undefined when nothing changed.
 */
export function newNotesLine(episode: number | undefined, cards: number | undefined, goneFromEpisode = 0): string | undefined {
  const e = episode ?? 0;
  const c = cards ?? 0;
  const lines: string[] = [];
  if (e > 0 && c > 0 && e === c) lines.push(`🆕 Hay ${notes(e)} desde el episodio y las tarjetas.`);
  else if (e > 0 || c > 0) lines.push(`🆕 Hay ${[...(e > 0 ? [`${notes(e)} desde el episodio`] : []), ...(c > 0 ? [`${notes(c)} desde las tarjetas`] : [])].join(' y ')}.`);
  if (goneFromEpisode > 0) lines.push(`🗑️ El episodio aún cuenta ${gone(goneFromEpisode)}.`);
  return lines.length > 0 ? lines.join('\n') : undefined;
}

export const REPEAT = Object.freeze({
  weekHas: (h: WeekHas) => {
    const lines = [`↩️ Ya tienes preparada la ${h.title.charAt(0).toLowerCase()}${h.title.slice(1)}; no he vuelto a hacer nada:`];
    if (h.cover) lines.push(h.quoted === 'portada' ? '• Portada: la del mensaje que cito arriba (la más reciente).' : '• Portada: más arriba en el chat.');
    if (h.episode) lines.push(h.quoted === 'narracion' ? '• Narración: la del mensaje que cito arriba (la más reciente).' : '• Narración: el pódcast más reciente, más arriba en el chat.');
    if (h.cards > 0) lines.push(`• Tarjetas: ${h.cards === 1 ? '1 en tu mazo' : `${h.cards} en tu mazo`}; las repasas con /repasar.`);
    const fresh = newNotesLine(h.newSinceEpisode, h.newSinceCards, h.goneSinceEpisode);
    const redo = (h.newSinceEpisode ?? 0) > 0 || (h.newSinceCards ?? 0) > 0 ? 'Si quieres que cuenten, pulsa el botón.' : 'Para un episodio al día, pulsa «Narrar de nuevo».';
    lines.push('', fresh ? `${fresh}\n${redo}` : 'Si quieres rehacer algo, tienes los botones aquí debajo.');
    return lines.join('\n');
  },
  redoCover: '🔄 Otra portada',
  redoEpisode: '🔄 Narrar de nuevo',
  cardsOfNew: (n: number) => (n === 1 ? '🃏 Tarjetas de la nota nueva' : `🃏 Tarjetas de las ${n} notas nuevas`),
});
