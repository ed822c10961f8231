/**
 * The notes as the chat shows them (bot/notes-view.ts), at the sizes a student reaches: 500 notes
 * with long topics, texts and file names over a 60-week course. Every page, note, move and card
 * list fits Telegram's limits by construction — text, buttons per keyboard, callback data — and the
 * pages together list every note once.
 */
import { describe, expect, it } from 'vitest';
import { CALLBACK_DATA_MAX_BYTES, CALLBACKS } from '../../src/bot/callbacks.js';
import { cardsTooKeyboard, correctionAsk, deleteKeyboard, moveKeyboard, noteCardsMessages, noteMessages, notesPage, NOTES_PAGE_SIZE } from '../../src/bot/notes-view.js';
import { MESSAGE_TEXT_MAX } from '../../src/lib/message-pack.js';
import type { Card, Note } from '../../src/store/index.js';
import { MAX_WEEK_TITLE, MAX_WEEKS, weekTopic, type Course } from '../../src/domain/course/course.js';
import { BUTTONS } from '../../src/strings/chat.js';
import { NOTES } from '../../src/strings/notes.js';
import type { InlineKeyboardMarkup } from 'grammy/types';

/** Telegram allows 100 buttons in one inline keyboard. */
const KEYBOARD_BUTTONS_MAX = 100;

const COURSE: Course = {
  titulo: 'Un curso largo',
  semanas: Array.from({ length: MAX_WEEKS }, (_, i) => ({ numero: i + 1, titulo: `Tema ${i + 1} ${'á'.repeat(MAX_WEEK_TITLE - 10)}`, inicio: null, terminos: [] })),
};
const NOTES_500: Note[] = Array.from({ length: 500 }, (_, i) => ({
  id: i + 1,
  tema: `tema ${'ñ'.repeat(60)} ${i}`,
  texto: `${'🎨 '.repeat(400)}nota ${i + 1}`,
  semana: i % 7 === 0 ? null : (i % MAX_WEEKS) + 1,
  ...(i % 3 === 0 ? { origen: { archivo: `${'apuntes-muy-largos-'.repeat(10)}${i}.pdf`, pagina: i % 5 === 0 ? null : i } } : {}),
}));

function fits(k: InlineKeyboardMarkup): void {
  const buttons = k.inline_keyboard.flat();
  expect(buttons.length).toBeLessThanOrEqual(KEYBOARD_BUTTONS_MAX);
  for (const b of buttons) {
    const data = 'callback_data' in b ? b.callback_data : undefined;
    expect(data).toBeDefined();
    expect(Buffer.byteLength(data!)).toBeLessThanOrEqual(CALLBACK_DATA_MAX_BYTES);
    expect(CALLBACKS.note.parse(data) ?? CALLBACKS.noteCard.parse(data)).toBeDefined();
  }
}

describe('the notes in the chat, at 500 notes and 60 weeks', () => {
  it('every page fits one message and one keyboard; the pages list each note once, newest first', () => {
    const first = notesPage(NOTES_500, COURSE, 1, 0)!;
    expect(first.pages).toBe(Math.ceil(500 / NOTES_PAGE_SIZE));
    const seen: number[] = [];
    for (let p = 1; p <= first.pages; p++) {
      const page = notesPage(NOTES_500, COURSE, p, 0)!;
      expect(page.messages).toHaveLength(1);
      expect(page.messages[0]!.text.length).toBeLessThanOrEqual(MESSAGE_TEXT_MAX);
      fits(page.keyboard);
      seen.push(...page.keyboard.inline_keyboard.flat().map((b) => CALLBACKS.note.parse('callback_data' in b ? b.callback_data : undefined)).flatMap((t) => (t?.kind === 'open' ? [t.note] : [])));
    }
    expect(seen).toEqual(NOTES_500.map((n) => n.id).reverse());
    // A page past the end shows the last one.
    expect(notesPage(NOTES_500, COURSE, 999, 0)!.page).toBe(first.pages);
  });

  it('a week\'s list holds only that week; a week with no notes lists nothing', () => {
    const week5 = notesPage(NOTES_500, COURSE, 1, 5)!;
    const ids = NOTES_500.filter((n) => n.semana === 5).map((n) => n.id);
    expect(week5.messages[0]!.text).toMatch(new RegExp(`^📒 Tus notas de la semana 5 · Tema 5 á+…? \\(${ids.length}\\)`));
    expect(week5.messages[0]!.text).not.toContain('📅');
    expect(notesPage([], COURSE, 1, 0)).toBeUndefined();
    expect(notesPage(NOTES_500.filter((n) => n.semana !== 60), COURSE, 1, 60)).toBeUndefined();
  });

  it('a note whole, its move, its deletion, its cards and a correction fit, whatever their length', () => {
    const long: Note = { id: 123_456_789, tema: 'x'.repeat(300), texto: 'palabra '.repeat(2_000), semana: 60, origen: { archivo: 'a'.repeat(300), pagina: 999 } };
    const view = noteMessages(long, COURSE, 3);
    for (const m of view.messages) expect(m.length).toBeLessThanOrEqual(MESSAGE_TEXT_MAX);
    expect(view.messages.join(' ').replace(/\s+/g, ' ')).toContain(long.texto.trim());
    fits(view.keyboard);
    const move = moveKeyboard(long, COURSE);
    fits(move);
    // Each week by its title, cut to fit a button, as every week picker labels them.
    expect(move.inline_keyboard.flat().map((b) => b.text)).toEqual([...Array.from({ length: 59 }, (_, i) => BUTTONS.weekTitled(i + 1, weekTopic(COURSE, i + 1))), NOTES.noWeekButton, NOTES.cancel]);
    expect(move.inline_keyboard[0]!.map((b) => b.text)).toEqual([expect.stringMatching(/^1 · Tema 1 á+…$/u)]);
    fits(deleteKeyboard(long.id));
    fits(cardsTooKeyboard(long.id, 200));
    const cards: Card[] = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, id_nota: long.id, tipo: 'definicion', pregunta: '¿'.repeat(500), respuesta: 'r'.repeat(500), creada: '2030-01-01T00:00:00.000Z' }));
    const list = noteCardsMessages(long.id, cards);
    for (const m of list.messages) expect(m.text.length).toBeLessThanOrEqual(MESSAGE_TEXT_MAX);
    fits(list.keyboard);
    const ask = correctionAsk(NOTES.editAsk(long.id), long.texto);
    expect(ask.text.length).toBeLessThanOrEqual(MESSAGE_TEXT_MAX);
    for (const e of ask.entities) expect(e.offset + e.length).toBeLessThanOrEqual(ask.text.length);
  });
});

describe('the list at a phone\'s width', () => {
  it('is one note a line under its week, said once a page, each line within a 390-pixel phone\'s', () => {
    const course: Course = { titulo: 'Química', semanas: [{ numero: 3, titulo: 'Cinética química y la ecuación de Arrhenius con sus aplicaciones', inicio: null, terminos: [] }, { numero: 4, titulo: 'Termoquímica', inicio: null, terminos: [] }] };
    const notes: Note[] = [
      { id: 1, tema: 'termoquímica', texto: 'La entalpía mide el calor que un sistema intercambia a presión constante.', semana: 4 },
      { id: 2, tema: 'velocidad de reacción', texto: 'La velocidad de reacción mide cuánto cambia la concentración de un reactivo por unidad de tiempo.', semana: 3, origen: { archivo: 'Tema 5 - Cinética química (apuntes del profesor).pdf', pagina: 4 } },
      { id: 3, tema: 'termoquímica', texto: 'La ley de Hess dice que la entalpía de una reacción no depende del camino.', semana: 4 },
      { id: 4, tema: 'la ecuación de Arrhenius y la energía de activación de una reacción', texto: 'La ecuación de Arrhenius relaciona la constante de velocidad con la temperatura.', semana: 3 },
      { id: 5, tema: 'apuntes sueltos', texto: 'Un catalizador baja la energía de activación sin gastarse.', semana: null },
    ];
    const text = notesPage(notes, course, 1, 0)!.messages[0]!.text;
    expect(text).toBe([
      '📒 Tus notas (5):',
      '',
      '📅 Sin semana',
      '5 · Apuntes sueltos',
      '',
      '📅 Semana 3 · Cinética química y la ecuación de Arrhenius con…',
      '4 · La ecuación de Arrhenius y la energía de…',
      '2 · Velocidad de reacción',
      '',
      '📅 Semana 4 · Termoquímica',
      '3 · La ley de Hess dice que la entalpía de una…',
      '1 · La entalpía mide el calor que un sistema…',
      '',
      NOTES.hint(),
    ].join('\n'));
    // At 390 pixels a title may take a whole line (the walk of a new student: cut at 32 characters,
    // «Tema 2. de la deriva continenta…» said less than the line had room for): cut at a word past 45–50.
    for (const line of text.split('\n').slice(0, -1)) {
      const title = line.replace(/^(?:📅 Semana \d+|\d+) · /u, '');
      expect(Array.from(title).length, line).toBeLessThanOrEqual(48);
      if (title.endsWith('…')) expect(Array.from(title).length, line).toBeGreaterThanOrEqual(40);
    }
  });
});

describe('moving a note', () => {
  it('offers the weeks with class other than its own, never a week without class', () => {
    const course: Course = { titulo: 'Termodinámica', semanas: [1, 2, 3].map((n) => ({ numero: n, titulo: `Tema ${n}`, inicio: null, terminos: [], ...(n === 2 ? { sin_clase: true as const } : {}) })) };
    const note: Note = { id: 5, tema: 'calor', texto: 'El calor pasa del cuerpo caliente al frío.', semana: 1 };
    const weeks = moveKeyboard(note, course).inline_keyboard.flat().flatMap((b) => {
      const tap = CALLBACKS.note.parse('callback_data' in b ? b.callback_data : undefined);
      return tap?.kind === 'move' ? [tap.week] : [];
    });
    expect(weeks.filter((w) => w > 0)).toEqual([3]);
  });
});

describe('a note’s topic as the list and the note show it', () => {
  it('begins with a capital past its section number and writes its names as the note does', () => {
    const note: Note = { id: 4, tema: '4. enunciado de clausius', texto: 'El enunciado de Clausius dice que el calor no pasa por sí solo de un cuerpo frío a otro caliente.', semana: 5 };
    const course: Course = { titulo: 'Termodinámica', semanas: [{ numero: 5, titulo: 'Segundo principio', inicio: null, terminos: [] }] };
    const page = notesPage([note], course, 1, 0)!;
    // The section's own number after its heading, never beside the note's (second walk, item 8).
    expect(page.messages.map((m) => m.text).join('\n')).toContain('4 · Enunciado de Clausius (apartado 4)');
    expect(noteMessages(note, course, 0).messages[0]).toContain('Nota 4 · Enunciado de Clausius (apartado 4)');
  });

  it('the second walk\'s lecture: three notes of «4. La Constitución de 1812» read apart, and none as note 4', () => {
    const course: Course = { titulo: 'Historia de España contemporánea', semanas: [{ numero: 2, titulo: 'Las Cortes de Cádiz y la Constitución de 1812', inicio: null, terminos: [] }] };
    const pdf = { archivo: 'tema2-cadiz.pdf', pagina: 2 };
    const notes: Note[] = [
      { id: 5, tema: '4. la Constitución de 1812', texto: 'La Constitución fue promulgada el 19 de marzo de 1812.', semana: 2, origen: pdf },
      { id: 6, tema: '4. la Constitución de 1812', texto: 'El poder legislativo residía en las Cortes con el rey.', semana: 2, origen: pdf },
      { id: 7, tema: '4. la Constitución de 1812', texto: 'La Constitución creó también la Milicia Nacional.', semana: 2, origen: pdf },
      { id: 8, tema: '5. el fin de la experiencia gaditana', texto: 'Tras el Tratado de Valençay, Fernando VII regresó a España.', semana: 2, origen: pdf },
      { id: 9, tema: '6. valoración', texto: 'La obra de Cádiz tuvo escasa aplicación práctica.', semana: 2, origen: pdf },
      { id: 10, tema: '6. valoración', texto: 'Conviene distinguir entre constitución otorgada y aprobada.', semana: 2, origen: pdf },
    ];
    const lines = notesPage(notes, course, 1, 0)!.messages[0]!.text.split('\n').filter((l) => /^\d+ · /u.test(l));
    expect(lines).toEqual([
      '10 · Valoración (apartado 6, 2 de 2)',
      '9 · Valoración (apartado 6, 1 de 2)',
      '8 · El fin de la experiencia gaditana (apartado 5)',
      '7 · La Constitución de 1812 (apartado 4, 3 de 3)',
      '6 · La Constitución de 1812 (apartado 4, 2 de 3)',
      '5 · La Constitución de 1812 (apartado 4, 1 de 3)',
    ]);
    // A week's list numbers the parts as the whole list does.
    expect(notesPage(notes.slice(1), course, 1, 2)!.messages[0]!.text).toContain('7 · La Constitución de 1812 (apartado 4, 2 de 2)');
  });
});

describe('a note’s title in the list, by one rule', () => {
  it('a note filed from a section is named by its heading, all of the section; one without a heading by its first sentence, cut at a word', () => {
    const course: Course = { titulo: 'Historia del Arte', semanas: [{ numero: 3, titulo: 'El Románico', inicio: null, terminos: [] }] };
    const paste = { archivo: 'Historia del Arte: el Románico', pagina: null };
    const notes: Note[] = [
      { id: 1, tema: 'historia del Arte: el Románico', texto: 'El Románico es el primer gran estilo común a la Europa cristiana. Se extiende por el Camino de Santiago.', semana: 3, origen: paste },
      { id: 2, tema: 'la arquitectura', texto: 'El material preferido es la piedra sillar, bien escuadrada.', semana: 3, origen: paste },
      { id: 3, tema: 'la arquitectura', texto: 'La bóveda de cañón es una bóveda de sección semicircular que cubre la nave.', semana: 3, origen: paste },
      { id: 4, tema: 'la arquitectura', texto: 'La bóveda de arista nace del cruce de dos bóvedas de cañón.', semana: 3, origen: paste },
      { id: 5, tema: 'general', texto: 'Preguntar al profesor por el tímpano de Moissac. Y por el de Conques.', semana: null },
      { id: 6, tema: 'el Románico', texto: 'En la pizarra: el Pantocrátor y el Tetramorfos.', semana: 3, origen: { archivo: 'Foto de la pizarra', pagina: 1 } },
    ];
    const lines = notesPage(notes, course, 1, 0)!.messages[0]!.text.split('\n').filter((l) => /^\d+ · /u.test(l));
    expect(lines).toEqual([
      // A photo without a heading gets its week's title, which the list says above it already.
      '6 · En la pizarra: el Pantocrátor y el Tetramorfos',
      // Every note of a section by its heading, told apart by its part (second walk, item 8).
      '4 · La arquitectura (3 de 3)',
      '3 · La arquitectura (2 de 3)',
      '2 · La arquitectura (1 de 3)',
      // The paste's notes before its first heading are named by no section: the paste's title is its file's name.
      '1 · El Románico es el primer gran estilo común a la…',
      '5 · Preguntar al profesor por el tímpano de Moissac',
    ]);
  });
});
