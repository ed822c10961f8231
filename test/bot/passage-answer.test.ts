/**
 * The chat's answer to a question about the notes (bot/passage-answer.ts): which messages are asked
 * of the notes, and what the answer shows — the passages quoted, each with its source, and the
 * buttons to make cards of them; a plain sentence when nothing is found.
 */
import { describe, expect, it } from 'vitest';
import { understand } from '../../src/agent/understand.js';
import { CALLBACKS } from '../../src/bot/callbacks.js';
import { notesQuestion, PassageAnswers, passageKeyboard } from '../../src/bot/passage-answer.js';
import { START_LABEL_MAX } from '../../src/strings/first-minute.js';
import { DEMO_COURSE } from '../../src/domain/course/demo.js';
import type { SourcedNote } from '../../src/domain/passages/index.js';
import { withAccents } from '../../src/lib/name-case.js';

const asked = (text: string) => notesQuestion(understand(text), text);

describe('which messages are asked of the notes', () => {
  it('a question to the notebook, with its subject; a question read as small talk, with its own words and only if found', () => {
    expect(asked('explícame el ciclo de Carnot')).toEqual({ query: 'ciclo de carnot', phrasing: 'explícame el ciclo de Carnot', onlyFound: false });
    expect(understand('¿por qué las hojas son verdes?').intent).not.toBe('buscar');
    expect(asked('¿por qué las hojas son verdes?')).toEqual({ query: 'por qué las hojas son verdes', phrasing: 'por qué las hojas son verdes', onlyFound: true });
  });

  it('keeps the question\'s own words for the search: the subject alone loses «dónde ocurre», «quién fue»', () => {
    expect(asked('¿dónde ocurre la fotosíntesis?')).toMatchObject({ query: 'fotosíntesis', phrasing: 'dónde ocurre la fotosíntesis' });
  });

  it('reads a question by a question word after a preposition or later in the message, or by a closing «o no»', () => {
    for (const text of ['para qué pintaba Monet tantas veces la catedral de Ruan', 'de qué depende que un bien sea más o menos elástico', 'y el de Clausius qué dice']) {
      expect(understand(text).intent, text).not.toBe('buscar');
      expect(asked(text), text).toEqual({ query: text, phrasing: text, onlyFound: true });
    }
    expect(asked('Degas era impresionista o no')).toMatchObject({ onlyFound: true });
    expect(asked('Degas era impresionista o no')?.strict).toBeUndefined();
  });

  it('tries a message placed nowhere on the notes only when they hold most of its words', () => {
    expect(understand('puede bajar la entropía de algo que está aislado').intent).toBe('ambiguo');
    expect(asked('puede bajar la entropía de algo que está aislado')).toMatchObject({ onlyFound: true, strict: true });
    // What the spending command shows is never a question to the notes, whatever their subject.
    expect(understand('¿cuánto llevo gastado este mes?')).toEqual({ intent: 'orden', nombre: 'gasto' });
    expect(asked('¿cuánto llevo gastado este mes?')).toBeUndefined();
  });

  it('tries a question the classifier took for thanks or for a command that shows something, when it has words of its own', () => {
    expect(understand('por qué el agua hierve a 100 grados').intent).toBe('gracias');
    expect(asked('por qué el agua hierve a 100 grados')).toMatchObject({ onlyFound: true });
    expect(asked('muchas gracias, ¿qué tal?')).toBeUndefined();
    expect(understand('los compuestos iónicos conducen la electricidad')).toEqual({ intent: 'orden', nombre: 'start' });
    expect(asked('los compuestos iónicos conducen la electricidad')).toMatchObject({ onlyFound: true, strict: true });
  });

  it('not a greeting, a question about the bot, a week\'s work or a command', () => {
    for (const text of ['buenos días, ¿qué tal?', '¿qué estás haciendo?', '¿quién eres?', '¿qué puedes hacer?', '¿me preparas la semana 3?', 'prepara la semana 2', 'gracias']) {
      expect(asked(text), text).toBeUndefined();
    }
  });
});

describe('the answer', () => {
  const notes: SourcedNote[] = [
    { id: 8, tema: 'historia del arte', texto: 'El impresionismo pintó la luz al aire libre con pinceladas sueltas y colores puros sin mezclar.', semana: 3 },
    { id: 12, tema: 'el ciclo de carnot', texto: 'El ciclo de Carnot está formado por dos isotermas y dos adiabáticas, todas reversibles.', origen: { archivo: 'Tema5_Segundo_principio.pdf', pagina: 2 } },
  ];

  it('quotes the passage with its source: the file and page, or «tu nota N», and offers cards of it', async () => {
    const answers = new PassageAnswers();
    const carnot = await answers.answer(notes, 'ciclo de carnot', DEMO_COURSE);
    expect(carnot.kind).toBe('found');
    if (carnot.kind !== 'found') return;
    expect(carnot.messages.map((m) => m.text)).toEqual(['Esto dicen tus notas sobre «ciclo de Carnot»:\n\n«El ciclo de Carnot está formado por dos isotermas y dos adiabáticas, todas reversibles.»\n— Tema5_Segundo_principio.pdf, p. 2 · El ciclo de Carnot']);
    const buttons = carnot.keyboard.inline_keyboard.flat();
    expect(buttons.map((b) => b.text)).toEqual(['🃏 Tarjetas de la nota de este pasaje']);
    expect(CALLBACKS.passageCards.parse('callback_data' in buttons[0]! ? buttons[0].callback_data : undefined)).toBe(12);
    const impressionism = await answers.answer(notes, 'impresionismo', DEMO_COURSE);
    expect(impressionism.kind === 'found' && impressionism.messages[0]!.text).toMatch(/\n— tu nota 8 · Historia del arte \(semana 3\)$/);
  });

  it('answers a message with no mark of a question only when the first passage holds most of its words', async () => {
    const answers = new PassageAnswers();
    const strict = (text: string) => ({ query: text, phrasing: text, onlyFound: true, strict: true });
    expect((await answers.answer(notes, strict('el impresionismo y los colores puros'), DEMO_COURSE)).kind).toBe('found');
    expect((await answers.answer(notes, strict('mañana tengo examen del impresionismo'), DEMO_COURSE)).kind).toBe('none');
  });

  it('names the subject as the notes write it when the student typed it without its accent', async () => {
    const geo: SourcedNote[] = [{ id: 3, tema: 'tectónica de placas', texto: 'La subducción es el hundimiento de una placa oceánica bajo otra placa en una fosa.' }];
    const q = asked('explícame la subduccion')!;
    const reply = await new PassageAnswers().answer(geo, q, DEMO_COURSE);
    expect(reply.kind === 'found' && reply.messages[0]!.text).toMatch(/^Esto dicen tus notas sobre «subducción»:/);
    // A word the notes write two ways is left as the student wrote it; one they write as it is, too.
    expect(withAccents('esta placa', 'Esta placa está aquí.')).toBe('esta placa');
    expect(withAccents('ciclo de carnot', 'El ciclo de Carnot')).toBe('ciclo de carnot');
    expect(withAccents('la fosa oceanica y la subduccion', 'La Subducción ocurre en una fosa oceánica.')).toBe('la fosa oceánica y la subducción');
  });

  it('the cards buttons say what they make: the cards of the note of the passage they name, one a row, whole on a phone', () => {
    const labels = (ids: number[]) => passageKeyboard(ids).inline_keyboard.map((row) => row.map((b) => b.text));
    expect(labels([12])).toEqual([['🃏 Tarjetas de la nota de este pasaje']]);
    expect(labels([12, 12])).toEqual([['🃏 Tarjetas de la nota de estos pasajes']]);
    // Passages 1 and 3 of one note, 2 of another: a button for each note, named by its first passage.
    expect(labels([12, 8, 12])).toEqual([['🃏 Tarjetas de la nota del pasaje 1'], ['🃏 Tarjetas de la nota del pasaje 2']]);
    for (const label of [...labels([12]), ...labels([12, 12]), ...labels([1, 2, 3])].flat()) expect(Array.from(label).length).toBeLessThanOrEqual(START_LABEL_MAX);
  });

  it('the second walk\'s photo of notes: the line that tells two terms apart answers «la diferencia entre» them first, the source said once', async () => {
    const title = 'Apuntes 3 oct — Fernando VII y el Trienio';
    const photo: SourcedNote = { id: 11, tema: 'apuntes 3 oct — Fernando VII y el Trienio', origen: { archivo: title, pagina: 1 }, semana: 3, texto: [
      '• Trienio Liberal 1820-1823: moderados (doceañistas) vs exaltados (veinteañistas)',
      '• 1823: Cien Mil Hijos de San Luis (duque de Angulema, Santa Alianza) — fin del Trienio',
      '• Década Ominosa 1823-1833: represión, Torrijos fusilado 1831',
      '• Pragmática Sanción 1830 — Isabel puede reinar; D. Carlos no',
      'acepta — origen del carlismo',
      '¡Ojo examen! diferencia doceañistas / veinteañistas',
    ].join('\n\n') };
    const text = 'explícame la diferencia entre doceañistas y veinteañistas';
    const reply = await new PassageAnswers().answer([photo], asked(text)!, DEMO_COURSE);
    if (reply.kind !== 'found') throw new Error(reply.text);
    expect(reply.hits[0]!.passage.text).toContain('moderados (doceañistas) vs exaltados (veinteañistas)');
    expect(reply.messages[0]!.text).toContain(`— ${title}, p. 1 (semana 3)\n`);
    expect(reply.messages[0]!.text).not.toContain(`p. 1 · `);
  });

  it('says plainly when nothing is found', async () => {
    expect(await new PassageAnswers().answer(notes, 'zorro', DEMO_COURSE)).toEqual({ kind: 'none', text: 'No tengo nada sobre «zorro» en tus notas. Tus temas son historia del arte y el ciclo de carnot.' });
  });
});
