/**
 * What the second walk (issue #44, «Historia de España contemporánea») found in the quiz: dense
 * humanities notes — dates, people, events — gave «solo hay ideas para 1 pregunta» (week 2) and
 * «No encuentro … definiciones» (week 3, the photo's notes). Their dated events are asked by their
 * year and the people named as who said something by «¿Quién …?», with the week's other years and
 * people as options. A real notebook in a temp dir, the walk's own note texts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openNotebook } from '../../../src/store/index.js';
import { createReviewService } from '../../../src/domain/review/service.js';
import { createQuizService } from '../../../src/domain/quiz/service.js';
import { MIN_QUESTIONS } from '../../../src/domain/quiz/build.js';
import { datedEvent, datedLine } from '../../../src/domain/quiz/dated.js';
import { saidBy } from '../../../src/domain/quiz/said-by.js';
import { loadWordCheck } from '../../../src/domain/study/reading.js';

const isWord = await loadWordCheck();

/** The walk's photo of notes, as the reader gave it (note 11, week 3). */
const APUNTES = [
  '• 1814 decreto de Valencia + anula Cádiz, vuelve el absolutismo (sexenio absolutista 1814-1820)',
  '',
  '• Pronunciamiento = golpe militar que “se pronuncia" a favor de un programa político; el ejército como actor político',
  '',
  '• 1 enero 1820: Riego en Cabezas de San Juan -— el rey jura la',
  '',
  '• Trienio Liberal 1820-1823: moderados (doceañistas) vs exaltados (veinteañistas)',
  '',
  '• 1823: Cien Mil Hijos de San Luis (duque de Angulema, Santa Alianza) — fin del Trienio',
  '',
  '• Década Ominosa 1823-1833: represión, Torrijos fusilado 1831',
  '',
  '• Pragmática Sanción 1830 — Isabel puede reinar; D. Carlos no',
].join('\n');

/** Three of the walk's week-2 notes (the PDF's lecture on Cádiz). */
const CADIZ = [
  'En mayo de 1808 Napoleón Bonaparte obligó a Carlos IV y a su hijo Fernando VII a renunciar a la corona en Bayona, un episodio conocido como las abdicaciones de Bayona. El trono pasó a José Bonaparte, hermano del emperador.',
  'El 6 de agosto de 1811 se abolieron los señoríos jurisdiccionales, de modo que los señores perdieron la facultad de nombrar jueces y cobrar tributos en sus dominios. Se proclamó la libertad de imprenta en noviembre de 1810, se suprimió la Inquisición en 1813 y se decretó la libertad de industria y comercio.',
  'La Constitución fue promulgada el 19 de marzo de 1812, festividad de San José, por lo que se la conoce popularmente como «la Pepa». Historiadores como Miguel Artola han subrayado que la revolución liberal española fue obra de una minoría que legisló en una ciudad sitiada. Otros, como Josep Fontana, insisten en que la crisis de la monarquía absoluta tenía raíces fiscales profundas.',
];

let tmp: string | undefined;
afterEach(async () => { if (tmp) await rm(tmp, { recursive: true, force: true }); tmp = undefined; });

async function quizzesOf(notes: Array<{ tema: string; texto: string; semana: number }>) {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'quiz-hum-'));
  const notebook = await openNotebook(tmp);
  await notebook.notes.addMany(notes);
  const review = createReviewService({ deck: notebook.cards, store: notebook.reviews, retention: 0.9, newPerDay: 20, timeZone: 'Europe/Madrid' });
  return { notebook, quizzes: createQuizService({ dataDir: tmp, notes: notebook.notes, cards: notebook.cards, review, readAnswers: async () => [], wordCheck: async () => isWord }) };
}

describe('a quiz of dense humanities notes', () => {
  it('reads a dated event where it stands without its date, never a clause whose event says another year', () => {
    expect(datedEvent('El 6 de agosto de 1811 se abolieron los señoríos jurisdiccionales.')).toEqual({ year: '1811', event: 'se abolieron los señoríos jurisdiccionales' });
    expect(datedEvent('La Constitución fue promulgada el 19 de marzo de 1812, festividad de San José.')).toEqual({ year: '1812', event: 'la Constitución fue promulgada' });
    expect(datedEvent('Se proclamó la libertad de imprenta en noviembre de 1810, se suprimió la Inquisición en 1813 y se decretó la libertad de comercio.')).toEqual({ year: '1810', event: 'se proclamó la libertad de imprenta' });
    expect(datedEvent('y se suprimió la Inquisición en 1813.')).toBeUndefined();
    // A participle clause has no event of its own; a colon opens what the clause is about.
    expect(datedEvent('Tras el Tratado de Valençay, firmado en diciembre de 1813, Fernando VII regresó.')).toBeUndefined();
    expect(datedEvent('Tuvo una enorme influencia exterior: inspiró las constituciones de Portugal en 1822, del Reino de las Dos Sicilias en 1820.')).toBeUndefined();
    expect(datedEvent('En septiembre de 1808 se formó la Junta Suprema Central, que coordinó la resistencia hasta enero de 1810.')).toBeUndefined();
  });

  it('reads a dated line of notes as written, without a bracket of other years nor a cut end', () => {
    expect(datedLine('• 1823: Cien Mil Hijos de San Luis (duque de Angulema) — fin del Trienio')).toEqual({ year: '1823', event: 'Cien Mil Hijos de San Luis (duque de Angulema) — fin del Trienio' });
    expect(datedLine('• 1814 decreto de Valencia + anula Cádiz (sexenio absolutista 1814-1820)')).toEqual({ year: '1814', event: 'decreto de Valencia + anula Cádiz' });
    expect(datedLine('• 1 enero 1820: Riego en Cabezas de San Juan -— el rey jura la')).toEqual({ year: '1820', event: 'Riego en Cabezas de San Juan' });
    expect(datedLine('• Pragmática Sanción 1830 — Isabel puede reinar')).toEqual({ year: '1830', event: 'Pragmática Sanción — Isabel puede reinar' });
    expect(datedLine('• Trienio Liberal 1820-1823: moderados vs exaltados')).toBeUndefined();
  });

  it('reads who said what where a person is named as an example, the verb said of one', () => {
    expect(saidBy('Otros, como Josep Fontana, insisten en que la crisis tenía raíces fiscales.')).toEqual({ person: 'Josep Fontana', said: 'insiste en que la crisis tenía raíces fiscales' });
    expect(saidBy('Historiadores como Miguel Artola han subrayado que la revolución fue obra de una minoría.')).toEqual({ person: 'Miguel Artola', said: 'ha subrayado que la revolución fue obra de una minoría' });
  });

  it('the photo\'s notes give a quiz of their dates, each with years of the week as options and a card', async () => {
    const { notebook, quizzes } = await quizzesOf([{ tema: 'apuntes 3 oct — Fernando VII y el Trienio', texto: APUNTES, semana: 3 }]);
    const made = await quizzes.make({ chat: 5, user: 5, week: 3 });
    if (made.kind !== 'made') throw new Error(JSON.stringify(made));
    expect(made.quiz.questions.length).toBeGreaterThanOrEqual(MIN_QUESTIONS);
    const cards = await notebook.cards.list();
    for (const q of made.quiz.questions) {
      expect(q.question).toMatch(/^¿De qué año es esto de tus apuntes: «/u);
      expect(q.options).toHaveLength(4);
      for (const o of q.options) expect(o).toMatch(/^1[89]\d\d$/u);
      // No give-away: the question says no year.
      expect(q.question).not.toMatch(/\d{4}/u);
      expect(cards.find((c) => c.id === q.cardId)?.respuesta).toBe(q.options[q.correct]);
    }
    expect(made.quiz.questions.map((q) => q.options[q.correct])).toEqual(expect.arrayContaining(['1814', '1820', '1823', '1830']));
  });

  it('a lecture of dates and historians asks «¿En qué año…?» and «¿Quién…?», the week\'s other people the options', async () => {
    const { quizzes } = await quizzesOf(CADIZ.map((texto, i) => ({ tema: `${i + 1}. Cádiz`, texto, semana: 2 })));
    const made = await quizzes.make({ chat: 5, user: 5, week: 2, count: 10 });
    if (made.kind !== 'made') throw new Error(JSON.stringify(made));
    const asked = made.quiz.questions.map((q) => q.question);
    expect(asked).toEqual(expect.arrayContaining([
      '¿En qué año se abolieron los señoríos jurisdiccionales, de modo que los señores perdieron la facultad de nombrar jueces y cobrar tributos en sus dominios?',
      '¿En qué año la Constitución fue promulgada?',
      '¿En qué año se proclamó la libertad de imprenta?',
    ]));
    const who = made.quiz.questions.find((q) => q.question.startsWith('¿Quién ha subrayado'));
    expect(who?.options[who.correct]).toBe('Miguel Artola');
    expect(who?.options).toContain('Josep Fontana');
  });
});
