/**
 * Cards a model proposed, as the student reviews them in the chat (issue 27 §3): one approval with
 * ✅ ✏️ 🗑 for each card and «Guardar N tarjetas», the rewrite question, and /tarjetas' tally.
 */
import type { CardProblem } from '../domain/cards/build.js';

import { count } from './count.js';

const cards = (n: number) => count(n, 'tarjeta', 'tarjetas');
const pct = (part: number, whole: number) => `${Math.round((100 * part) / Math.max(1, whole))} %`;

export const CARD_MARKS = Object.freeze({ propuesta: '▫️', aceptada: '✅', editada: '✏️', descartada: '🗑' } as const);

export const PROPOSAL = Object.freeze({
  keep: (n: number) => `✅ ${n}`,
  edit: (n: number) => `✏️ ${n}`,
  drop: (n: number) => `🗑 ${n}`,
  save: (n: number) => (n === 0 ? 'Terminar sin guardar ninguna' : `💾 Guardar ${cards(n)}`),
  title: (n: number) => `🃏 Te propongo ${cards(n)} para repasar. Decide cada una: ✅ la guardas tal cual, ✏️ la reescribes, 🗑 la descartas.`,
  noteHeader: (week: number | undefined, noteId: number, topic: string | undefined) => `${week ? `Semana ${week} · ` : ''}nota ${noteId}${topic ? ` (${topic})` : ''}`,
  card: (n: number, mark: string, pregunta: string, respuesta: string) => `${n}. ${mark} ${pregunta}\n    → ${respuesta}`,
  editAsk: (n: number, pregunta: string, respuesta: string) =>
    `✏️ Tarjeta ${n}: respóndeme con la nueva pregunta y la respuesta separadas por «|», o solo con la pregunta si la respuesta se queda. Ahora es:\n${pregunta} | ${respuesta}`,
  editPlaceholder: 'pregunta | respuesta',
  edited: (n: number) => `✏️ Tarjeta ${n} cambiada.`,
  editAgain: 'Respóndeme otra vez a la pregunta de la tarjeta con el texto corregido.',
  saved: (n: number, kept: number, edited: number, dropped: number) =>
    n === 0
      ? `No guardé ninguna tarjeta: descartaste las ${dropped}.`
      : `💾 Guardé ${cards(n)} en tu mazo (${kept} tal cual, ${edited} ${edited === 1 ? 'cambiada' : 'cambiadas'}, ${dropped} ${dropped === 1 ? 'descartada' : 'descartadas'}). Repásalas con /repasar.`,
  tally: (kept: number, edited: number, dropped: number) => {
    const all = kept + edited + dropped;
    return `De las ${cards(all)} que te propuse, guardaste ${kept} tal cual (${pct(kept, all)}), cambiaste ${edited} (${pct(edited, all)}) y descartaste ${dropped} (${pct(dropped, all)}).`;
  },
});

/** Why a rewritten card cannot stay as the student wrote it: one sentence. */
export function editProblem(p: CardProblem): string {
  switch (p?.kind) {
    case 'vacia': return 'La tarjeta necesita una pregunta y una respuesta.';
    case 'delata_propia': return 'La pregunta ya dice la respuesta: así la tarjeta no te pregunta nada.';
    case 'delata_otra': return `La pregunta dice «${p.respuesta}», que es la respuesta de otra tarjeta de la semana.`;
    case 'la_delatan': return `La respuesta ya aparece en otra tarjeta de la semana: «${p.pregunta}».`;
    case 'repetida': return `Otra tarjeta de la semana ya tiene la respuesta «${p.respuesta}».`;
    default: return 'Esa tarjeta no sirve así; escríbela de otra forma.';
  }
}

/**
 * One broken rule of a card the model proposed, as the MODEL reads it in the refusal (model.TOOL_ANSWERS
 * .proposalRejected), so it can send the card again (`perNote`, `answerWords`: the rules' bounds).
 */
export function problemForModel(p: CardProblem, perNote: number, answerWords: number): string {
  switch (p.kind) {
    case 'vacia': return 'la pregunta o la respuesta está vacía';
    case 'delata_propia': return 'la pregunta contiene la respuesta de la propia tarjeta';
    case 'delata_otra': return `la pregunta contiene «${p.respuesta}», la respuesta de otra tarjeta de la semana`;
    case 'la_delatan': return `la respuesta aparece en la pregunta de otra tarjeta de la semana («${p.pregunta}»)`;
    case 'repetida': return `otra tarjeta de la semana ya tiene la respuesta «${p.respuesta}»`;
    case 'no_en_la_nota': return 'la respuesta no está escrita en la nota (cópiala tal como la escribe la nota)';
    case 'no_es_termino': return `la respuesta no es un término clave de la nota (un concepto o nombre, de hasta ${answerWords} palabras)`;
    case 'hueco': return 'un cloze lleva exactamente un hueco _____ en la frase';
    case 'frase_ajena': return 'el cloze no es una frase de la nota con la respuesta en el hueco';
    case 'misma_frase': return 'ya hay otro cloze de la misma frase (uno por frase)';
    case 'frase_mal_leida': return 'la frase del cloze está cortada o mal leída en la nota; elige otra frase';
    case 'demasiadas': return `como mucho ${perNote} tarjetas por nota contando las que ya tiene; caben ${p.maximo}`;
  }
}