/** Shared by the chat's material tests (material.e2e, material-photos.process): sample notes and message pickers. */
import type { Message } from 'grammy/types';
import { buttonsOf } from '../main/chat-harness.js';

export const NOTAS = [
  ['Genética', 'La genética estudia cómo se heredan los caracteres de padres a hijos. Mendel trabajó con guisantes y descubrió que los caracteres se transmiten por unidades que hoy llamamos genes.'],
  ['Los alelos son las formas distintas de un mismo gen. Un individuo homocigoto tiene dos alelos iguales y uno heterocigoto tiene dos alelos diferentes para ese carácter.'],
  ['Historia del arte', 'El impresionismo pintó la luz y el color al aire libre, con pinceladas sueltas y sin contornos. Monet y Renoir son sus pintores más conocidos del siglo diecinueve.'],
];
export const isProposal = (m: Message) => (m.text ?? '').startsWith('De «');
export const button = (m: Message, label: RegExp) => buttonsOf(m).find((b) => label.test(b.text))?.callback_data ?? '';
export const after = (id: number, pick: (m: Message) => boolean) => (ms: Message[]) => ms.find((m) => m.message_id > id && pick(m));
