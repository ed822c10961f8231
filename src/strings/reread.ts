/**
 * «Leer de nuevo»: what the student reads when a document they sent earlier is read again by
 * today's reader — the material list, the question for the file, the proposal of what changes, the
 * cards to review, and the terminal's lines.
 */
import { count } from './count.js';

/** What a re-read's proposal shows, as plain data. */
export interface RereadView {
  nombre: string;
  iguales: number;
  cambiadas: number;
  nuevas: number;
  quitadas: number;
  /** Notes the student changed themselves: left as they are. */
  tuyas: number;
  /** Passages another note already holds (one the student changed, deleted, or of another document): not added. */
  yaTenias: number;
  /** The week new notes go to (null: none). */
  semanaNuevas: number | null;
  /** Cards of the notes that change or go: the student reviews them after saving. */
  tarjetas: number;
}

/** A card offered for review after a re-read. */
export interface CardLine {
  id: number;
  nota: number;
  motivo: 'cambiada' | 'quitada';
  pregunta: string;
  respuesta: string;
}

const ids = (list: readonly number[]) => (list.length === 1 ? `la nota ${list[0]}` : `las notas ${list.slice(0, -1).join(', ')} y ${list.at(-1)}`);

/** A re-read that would change no note: nothing to save, so no «Cambiar las notas» to offer. */
export const changesNothing = (v: Pick<RereadView, 'cambiadas' | 'nuevas' | 'quitadas'>) => !v.cambiadas && !v.nuevas && !v.quitadas;

export const REREAD_BUTTONS = Object.freeze({
  reread: (nombre: string) => `🔁 Leer de nuevo «${nombre.length > 30 ? `${nombre.slice(0, 29)}…` : nombre}»`,
  save: '✅ Cambiar las notas',
  discard: '❌ Dejarlo como está',
  keep: (id: number) => `✅ Conservar la ${id}`,
  remove: (id: number) => `🗑️ Borrar la ${id}`,
});

export const REREAD = Object.freeze({
  /** The material list: each document with its notes. */
  list: (docs: readonly { nombre: string; notas: number }[]) => docs.length === 0
    ? 'Todavía no me has mandado material: envíame un PDF, un documento de Word, un texto o una foto de tus apuntes.'
    : ['Tu material:', ...docs.map((d, i) => `${i + 1}. «${d.nombre}» — ${count(d.notas, 'nota', 'notas')}`), '', 'Si alguno se leyó mal, puedo leerlo de nuevo con el botón.'].join('\n'),
  proposal(v: RereadView): string {
    const lines = [`He leído de nuevo «${v.nombre}». Si guardas:`];
    if (v.iguales) lines.push(`• ${v.iguales === 1 ? '1 nota sigue igual' : `${v.iguales} notas siguen igual`}: no cambian ni las tarjetas que tienes de ellas ni tu repaso.`);
    if (v.cambiadas) lines.push(`• ${v.cambiadas === 1 ? '1 nota cambia' : `${v.cambiadas} notas cambian`}: pongo el texto bien leído en la misma nota, en la misma semana.`);
    if (v.nuevas) lines.push(`• ${v.nuevas === 1 ? '1 nota nueva' : `${v.nuevas} notas nuevas`}${v.semanaNuevas !== null ? ` para la semana ${v.semanaNuevas}` : ''}.`);
    if (v.quitadas) lines.push(`• ${v.quitadas === 1 ? '1 nota sobra' : `${v.quitadas} notas sobran`} (lo que decían ya está en las otras o ya no está en el documento): ${v.quitadas === 1 ? 'la quito' : 'las quito'}.`);
    if (v.tuyas) lines.push(`• ${v.tuyas === 1 ? '1 nota la cambiaste tú' : `${v.tuyas} notas las cambiaste tú`}: ${v.tuyas === 1 ? 'no la toco' : 'no las toco'}.`);
    if (v.yaTenias) lines.push(`• ${v.yaTenias === 1 ? '1 parte ya la tenías en otra nota: no la añado' : `${v.yaTenias} partes ya las tenías en otras notas: no las añado`}.`);
    if (changesNothing(v)) lines.push('Todo se lee igual que la primera vez: no hay nada que cambiar.');
    if (v.tarjetas) lines.push('', v.tarjetas === 1 ? '1 tarjeta viene de una parte que cambia: después de guardar te la enseño para que decidas si la conservas.' : `${v.tarjetas} tarjetas vienen de partes que cambian: después de guardar te las enseño para que decidas si las conservas.`);
    return lines.join('\n');
  },
  /** The file is needed: the import is older than the files the bot keeps. */
  needFile: (nombre: string) => `Para leer de nuevo «${nombre}» necesito el archivo: no lo guardaba cuando me lo mandaste. Envíamelo otra vez y lo leo en cuanto llegue.`,
  photoGroup: (nombre: string) => `«${nombre}» eran varias fotos juntas y no puedo leerlas de nuevo: si se leyeron mal, bórralas de tus notas y mándamelas otra vez.`,
  notFound: (asked: string) => `No encuentro «${asked}» entre el material que me has mandado. Estos son tus documentos:`,
  which: 'Hay varios documentos que encajan: ¿cuál leo de nuevo?',
  saved: (nombre: string, changed: readonly number[], added: readonly number[]) => {
    const parts = [`Listo: he leído de nuevo «${nombre}».`];
    if (changed.length) parts.push(`He actualizado ${ids(changed)}.`);
    if (added.length) parts.push(`Nuevas: ${ids(added)}.`);
    return parts.join(' ');
  },
  discarded: 'Vale, lo dejo como estaba: no he cambiado nada.',
  gone: 'Esa relectura ya no está: pídeme otra vez que lea el documento.',
  /** The cards to review, a page at a time. */
  cards: (cards: readonly CardLine[]) => [
    'Estas tarjetas vienen de partes que han cambiado. ¿Las conservas?',
    ...cards.map((c) => `\n${c.id}. (nota ${c.nota}${c.motivo === 'quitada' ? ', que se ha unido a otra' : ', que ha cambiado'})\nP: ${c.pregunta}\nR: ${c.respuesta}`),
  ].join('\n'),
  kept: (id: number) => `Conservo la tarjeta ${id} con el repaso que llevas.`,
  removed: (id: number) => `He borrado la tarjeta ${id}.`,
  allReviewed: 'Ya has revisado todas las tarjetas de esta relectura.',
  /** The terminal's lines. */
  cliUsage: 'releer [DOCUMENTO | ARCHIVO] [--aprobar] [--json] | releer --tarjeta ID (--conservar | --borrar)',
  cliDryRun: 'No he cambiado nada: repite la orden con --aprobar para cambiar las notas.',
  cliNeedFile: (nombre: string) => `Para leer de nuevo «${nombre}» necesito el archivo: no lo guardaba cuando lo importaste. Dame la ruta del archivo: releer RUTA/DEL/ARCHIVO`,
  cliCards: (cards: readonly CardLine[]) => [
    'Tarjetas de partes que han cambiado (decide con releer --tarjeta ID --conservar o --borrar):',
    ...cards.map((c) => `${String(c.id).padStart(3)}  (nota ${c.nota})  ${c.pregunta}\n     → ${c.respuesta}`),
  ].join('\n'),
  cliNoSuchCard: (id: string) => `No hay ninguna tarjeta ${id} pendiente de revisar tras leer de nuevo un documento.`,
  cliKeepOrDelete: 'Di qué hago con la tarjeta: --conservar o --borrar.',
  /** For whoever runs the bot: a re-read's record that cannot be read. */
  damaged: (file: string) => `El registro de una relectura, ${file}, está dañado: apártalo o bórralo a mano y pide otra vez que se lea el documento; no lo sobrescribo.`,
});
