/** The slot rules on their own (pure): times, dates, weeks, exclusions, topics and course edits. */
import { describe, expect, it } from 'vitest';
import { courseEdit, dateOf } from '../../../src/agent/nlu/course-edit.js';
import { reminderSlots, timeOf } from '../../../src/agent/nlu/reminder.js';
import { excluded, onlyPart, searchTopic } from '../../../src/agent/nlu/slots.js';
import { fold, words } from '../../../src/agent/nlu/text.js';
import { weekSlot } from '../../../src/agent/nlu/week.js';
import { C14, DEMO, NOW } from '../../fixtures/frases/labels.js';

const t = (text: string) => words(text).t;

describe('reminder times', () => {
  it.each([
    ['a las 9', '09:00'], ['a las 21:30', '21:30'], ['a las 7 de la tarde', '19:00'], ['a las nueve y media', '09:30'],
    ['at 9pm', '21:00'], ['a las 8 menos cuarto', '07:45'], ['at 12am', '00:00'], ['a mediodía', '12:00'],
  ])('«%s» is %s', (text, hora) => expect(timeOf(t(text))).toBe(hora));

  it('reads how often, and a wish to stop', () => {
    expect(reminderSlots(t('recuérdame las tarjetas todos los días a las 8'))).toEqual({ hora: '08:00', cada: 'dia' });
    expect(reminderSlots(t('los jueves a las 18'))).toEqual({ hora: '18:00', cada: 'jueves' });
    expect(reminderSlots(t('no me recuerdes nada'))).toEqual({ apagar: true });
    expect(timeOf(t('a las 25'))).toBeUndefined();
  });
});

describe('weeks', () => {
  it('reads digits, words, ordinals and relative weeks against the course', () => {
    expect(weekSlot(t('semana tres'), DEMO, NOW)).toEqual({ kind: 'week', week: 3 });
    expect(weekSlot(t('la cuarta semana'), DEMO, NOW)).toEqual({ kind: 'week', week: 4 });
    expect(weekSlot(t('week 13'), C14, NOW)).toEqual({ kind: 'week', week: 13 });
    expect(weekSlot(t('week 13'), DEMO, NOW)).toEqual({ kind: 'missing', week: 13 });
    expect(weekSlot(t('next week'), C14, NOW)).toEqual({ kind: 'week', week: 7 });
    expect(weekSlot(t('esta semana'), { weeks: [1, 2], weekOfDate: () => null }, NOW)).toEqual({ kind: 'unplaced' });
    expect(weekSlot(t('prepara la 2'), DEMO, NOW, true)).toEqual({ kind: 'week', week: 2 });
    expect(weekSlot(t('a las 9'), DEMO, NOW, true)).toEqual({ kind: 'none' });
    // Tens are numbers, not typos of an ordinal: «cuarenta» was read as «cuarta» (week 4).
    expect(weekSlot(t('prepara la semana cuarenta'), DEMO, NOW)).toEqual({ kind: 'missing', week: 40 });
    expect(weekSlot(t('prepara la semana cuarenta y dos'), DEMO, NOW)).toEqual({ kind: 'missing', week: 42 });
    expect(weekSlot(t('semana veintidós'), DEMO, NOW)).toEqual({ kind: 'missing', week: 22 });
    expect(weekSlot(t('semana diecisiete'), C14, NOW)).toEqual({ kind: 'missing', week: 17 });
    expect(weekSlot(t('semana tres y cuatro'), DEMO, NOW)).toEqual({ kind: 'week', week: 3 });
  });
});

describe('parts of a week', () => {
  it('reads what is left out and what is asked alone', () => {
    expect(excluded(words('sin audio ni portada'))).toEqual(['narracion', 'portada']);
    expect(excluded(words('la semana 3 sin portada pero con mi voz'))).toEqual(['portada']);
    expect(excluded(words('no me convence la portada'))).toEqual([]);
    expect(onlyPart(words('solo la portada de la semana 1'))).toBe('portada');
    expect(onlyPart(words('just the audio'))).toBe('narracion');
  });
});

describe('topics and course edits', () => {
  it.each([
    ['qué sé del barroco?', 'barroco'], ['¿tengo algo sobre la perspectiva?', 'perspectiva'],
    ['búscame lo de las escalas mayores', 'escalas mayores'], ['what do I know about the baroque?', 'baroque'],
  ])('«%s» searches «%s»', (text, topic) => expect(searchTopic(words(text))).toBe(topic));

  it('reads dates and titles in the owner’s spelling', () => {
    expect(dateOf('el 3 de marzo')).toBe('03-03');
    expect(dateOf('starts on april 6th')).toBe('04-06');
    expect(dateOf('el 30/3')).toBe('03-30');
    const text = 'renombra la semana 4 como «Armonía básica»';
    expect(courseEdit(t(text), text)).toEqual({ cambio: 'titulo', titulo: 'Armonía básica' });
    const move = 'la semana 2 empieza el 9 de marzo';
    expect(courseEdit(t(move), move)).toEqual({ cambio: 'inicio', fecha: '03-09' });
    expect(fold('Añade')).toBe('anade');
  });
});
