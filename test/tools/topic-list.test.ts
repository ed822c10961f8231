// A syllabus typed as a list of topics (the greeting's «un tema por línea»): the rule's edges both
// ways, the weeks read, and the course's title taken from a lead-in line.
import { describe, expect, it } from 'vitest';
import { SYLLABUS as S } from '../../src/strings/course.js';
import { MAX_WEEKS } from '../../src/domain/course/course.js';
import { MAX_LEAD_CHARS, MAX_TOPIC_CHARS, MIN_BARE_TOPICS, readTopicList } from '../../src/domain/course/topic-list.js';

/** A day of the 2025–26 academic year: undated February topics are February 2026. */
const NOW = new Date('2026-01-15T12:00:00Z');

const TOPICS = ['La Revolución Francesa', 'Napoleón y el Imperio', 'La Revolución Industrial', 'Los nacionalismos'];
const read = (text: string) => {
  const r = readTopicList(text, { now: NOW });
  if (!r?.ok) throw new Error(`not a course: ${JSON.stringify(r)}`);
  return r.course;
};
const titles = (text: string) => read(text).semanas.map((w) => w.titulo);

describe('a list of topics is a syllabus', () => {
  it('plain lines, one topic each, are weeks 1..N in order, under «Mi curso»', () => {
    const c = read(TOPICS.join('\n'));
    expect(c.titulo).toBe(S.untitled);
    expect(c.semanas).toEqual([
      { numero: 1, titulo: 'La Revolución Francesa', inicio: null, terminos: ['revolución francesa'] },
      { numero: 2, titulo: 'Napoleón y el Imperio', inicio: null, terminos: ['napoleón', 'imperio'] },
      { numero: 3, titulo: 'La Revolución Industrial', inicio: null, terminos: ['revolución industrial'] },
      { numero: 4, titulo: 'Los nacionalismos', inicio: null, terminos: ['nacionalismos'] },
    ]);
  });

  it('bullets, numbers, labels, blank lines between topics and a date in a line', () => {
    expect(titles(TOPICS.map((t) => `- ${t}`).join('\n'))).toEqual(TOPICS);
    expect(titles(TOPICS.slice(0, 2).map((t) => `• ${t}`).join('\n\n'))).toEqual(TOPICS.slice(0, 2));
    expect(titles('1. La Revolución Francesa\n2) Napoleón y el Imperio')).toEqual(TOPICS.slice(0, 2));
    const dated = read('La Revolución Francesa (12/2)\nNapoleón y el Imperio (19/2)\nLos nacionalismos');
    expect(dated.semanas.map((w) => [w.titulo, w.inicio])).toEqual([['La Revolución Francesa', '2026-02-09'], ['Napoleón y el Imperio', '2026-02-16'], ['Los nacionalismos', null]]);
  });

  it('a lead-in line names the course, without «mi curso es», «N semanas» and the colon, in the owner\'s capitalisation', () => {
    const list = TOPICS.join('\n');
    const numbered = TOPICS.map((t, i) => `${i + 1}. ${t}`).join('\n');
    expect(read(`mi curso es Historia Contemporánea, 4 semanas:\n${numbered}`).titulo).toBe('Historia Contemporánea');
    expect(read(`mi curso es Historia Contemporánea, 4 semanas:\n${list}`).titulo).toBe('Historia Contemporánea');
    expect(read(`Historia Contemporánea:\n${list}`).titulo).toBe('Historia Contemporánea');
    expect(read(`mi asignatura es historia contemporánea\n${list}`).titulo).toBe('historia contemporánea');
    expect(read(`Historia Contemporánea (4 semanas)\n${numbered}`).titulo).toBe('Historia Contemporánea');
    expect(read(`El temario de Historia Contemporánea:\n${list}`).titulo).toBe('Historia Contemporánea');
    // A heading over a bulleted list needs no colon.
    expect(read(`Historia Contemporánea\n- ${TOPICS[0]}\n- ${TOPICS[1]}`).titulo).toBe('Historia Contemporánea');
    // A lead-in that only introduces the list leaves the course unnamed; its topics are unchanged.
    for (const lead of ['Este es mi temario:', 'Estos son los temas:', 'Temario:']) {
      const c = read(`${lead}\n${list}`);
      expect([c.titulo, c.semanas.length], lead).toEqual([S.untitled, 4]);
    }
  });

  it('with a lead-in or markers two topics are enough; bare plain lines need three', () => {
    expect(MIN_BARE_TOPICS).toBe(3);
    expect(titles(`Historia:\n${TOPICS[0]}\n${TOPICS[1]}`)).toEqual(TOPICS.slice(0, 2));
    expect(titles(`- ${TOPICS[0]}\n- ${TOPICS[1]}`)).toEqual(TOPICS.slice(0, 2));
    expect(titles(TOPICS.slice(0, 3).join('\n'))).toEqual(TOPICS.slice(0, 3));
    expect(readTopicList(TOPICS.slice(0, 2).join('\n'), { now: NOW })).toBeUndefined();
    expect(readTopicList(`Historia:\n${TOPICS[0]}`, { now: NOW })).toBeUndefined();
  });

  it(`a topic of ${MAX_TOPIC_CHARS} characters is one, of ${MAX_TOPIC_CHARS + 1} is not; up to ${MAX_WEEKS} topics`, () => {
    const at = `Las revoluciones liberales ${'y '.repeat(40)}`.slice(0, MAX_TOPIC_CHARS - 'Europa'.length) + 'Europa';
    expect(Array.from(at)).toHaveLength(MAX_TOPIC_CHARS);
    expect(titles(`${at}\n${TOPICS[0]}\n${TOPICS[1]}`)[0]).toBe(at);
    expect(readTopicList(`${at}s\n${TOPICS[0]}\n${TOPICS[1]}`, { now: NOW })).toBeUndefined();
    const many = (n: number) => Array.from({ length: n }, (_, i) => `Tema de estudio número ${i + 1}`).join('\n');
    expect(read(many(MAX_WEEKS)).semanas).toHaveLength(MAX_WEEKS);
    expect(readTopicList(many(MAX_WEEKS + 1), { now: NOW })).toBeUndefined();
  });

  it(`a lead-in of ${MAX_LEAD_CHARS} characters names the course; a longer first line is no lead-in`, () => {
    const lead = (n: number) => `Historia de ${'Europa y '.repeat(20)}`.slice(0, n - 'América:'.length) + 'América:';
    expect(Array.from(lead(MAX_LEAD_CHARS))).toHaveLength(MAX_LEAD_CHARS);
    expect(read(`${lead(MAX_LEAD_CHARS)}\n${TOPICS[0]}\n${TOPICS[1]}`).semanas).toHaveLength(2);
    expect(readTopicList(`${lead(MAX_LEAD_CHARS + 1)}\n${TOPICS[0]}\n${TOPICS[1]}`, { now: NOW })).toBeUndefined();
  });

  it('a numbered list with a gap gets the parser\'s sentence; a bad date names its line', () => {
    expect(readTopicList('Historia:\n1. La Revolución Francesa\n3. Los nacionalismos', { now: NOW })).toEqual({ ok: false, problem: S.missingWeek(2, 3) });
    expect(readTopicList('La Revolución Francesa (31/2/2026)\nNapoleón y el Imperio\nLos nacionalismos', { now: NOW })).toEqual({ ok: false, problem: S.badDate(1, 'La Revolución Francesa (31/2/2026)') });
  });
});

describe('ordinary messages are no list of topics', () => {
  it.each([
    ['a request split over two lines', 'prepara la semana 3\ncon mi voz'],
    ['the same request capitalised', 'Prepara la semana 3\nCon mi voz'],
    ['a request under a colon', 'Hazme esto:\nPrepara la semana 3\nNarra la semana 4'],
    ['a two-line greeting', 'Hola\nQué tal'],
    ['a two-line question', '¿Qué tengo sobre Napoleón?\n¿Y sobre la Revolución Francesa?'],
    ['questions without the opening mark', 'Qué tengo sobre Napoleón?\nY sobre la Revolución?\nY los nacionalismos?'],
    ['sentences of notes', 'La Revolución Francesa empezó en 1789.\nNapoleón se coronó emperador en 1804.\nEl Congreso de Viena restauró el orden.'],
    ['lines in lower case with no lead-in', 'la revolución francesa\nnapoleón y el imperio\nlos nacionalismos'],
    ['a list followed by a sentence', '- La Revolución Francesa\n- Napoleón y el Imperio\nY eso es todo lo que entra en el examen.'],
    ['a single line', 'La Revolución Francesa'],
  ])('%s', (_, text) => {
    expect(readTopicList(text, { now: NOW })).toBeUndefined();
  });
});
