/**
 * A card is read alone, weeks later (Wozniak: context cues, minimum information, one answer): its
 * wording never points at a sentence it lacks, asks a date for what its key holds, puts on a formula
 * only the conditions under which it holds, and gives one clue to name someone. Our own small texts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cardsForNote } from '../../../src/domain/cards/build.js';
import { cardOfIdea } from '../../../src/domain/study/idea-cards.js';
import { loadWordCheck, type WordCheck } from '../../../src/domain/study/reading.js';
import type { Card } from '../../../src/store/index.js';
import type { Note } from '../../../src/domain/notebook.js';
import type { KeyIdea } from '../../../src/domain/study/key-ideas.js';
import { formulasIn } from '../../../src/domain/study/formula.js';

const idea = (over: Partial<KeyIdea> & Pick<KeyIdea, 'kind' | 'term' | 'sentence'>): KeyIdea => ({
  article: '', body: over.sentence, noteId: 1, at: 0, key: over.term, score: 1, ...over,
});

describe('a cloze never points at a sentence the card lacks', () => {
  const sentence = 'La fuerza entre ambas placas se llama atracción capacitiva en el condensador plano.';
  it('drops a cloze whose sentence says «ambas» or «este N» that nothing on the card names', () => {
    expect(cardOfIdea(idea({ kind: 'termino', term: 'atracción capacitiva', sentence }))).toBeUndefined();
    expect(cardOfIdea(idea({ kind: 'termino', term: 'atracción capacitiva', sentence: 'Se llama atracción capacitiva a la fuerza que aparece en este montaje entre dos placas.' }))).toBeUndefined();
    // The same fact without the pointer is carded (the rule is the pointer, not the sentence).
    expect(cardOfIdea(idea({ kind: 'termino', term: 'atracción capacitiva', sentence: 'La fuerza entre las dos placas se llama atracción capacitiva en el condensador plano.' }))?.respuesta).toBe('atracción capacitiva');
  });
  it('keeps a sentence whose pointer names a noun it said before', () => {
    expect(cardOfIdea(idea({ kind: 'termino', term: 'rozamiento', sentence: 'Entre dos superficies en contacto aparece el rozamiento, que depende de esas superficies.' }))?.respuesta).toBe('rozamiento');
    // «al este de» is a place, not a pointer.
    expect(cardOfIdea(idea({ kind: 'termino', term: 'Prusia', sentence: 'Al este de Europa crecía el reino de Prusia, con un ejército poderoso.' }))?.respuesta).toBe('Prusia');
  });
  it('keeps it, with the section as its cue, when the section names what «este N» points at', () => {
    const card = cardOfIdea(idea({ kind: 'termino', term: 'empuje', context: 'Principio de Arquímedes', sentence: 'Un barco flota gracias a este principio, porque el empuje del agua iguala su peso.' }));
    expect(card?.pregunta).toMatch(/^Completa la frase \(Principio de Arquímedes\): «Un barco flota gracias a este principio, porque el _____ del agua/u);
  });
});

describe('a date asks for what its key holds', () => {
  it('«¿En qué año…?» for a year, «¿En qué fecha…?» for a day, «¿Hacia qué año…?» for an approximate year', () => {
    const when = (year: string) => cardOfIdea(idea({ kind: 'fecha', term: 'paz de Westfalia', sentence: `La paz de Westfalia se firmó ${year}.`, year, when: 'se firmó la paz de Westfalia' }));
    expect(when('1648')).toMatchObject({ pregunta: '¿En qué año se firmó la paz de Westfalia?', respuesta: '1648' });
    expect(when('el 24 de octubre de 1648')).toMatchObject({ pregunta: '¿En qué fecha se firmó la paz de Westfalia?', respuesta: 'el 24 de octubre de 1648' });
    const aside = cardOfIdea(idea({ kind: 'definicion', term: 'Renacimiento', article: 'el', sentence: 'En Italia el Renacimiento nace pronto, hacia 1400.', body: 'hacia 1400', question: 'En Italia, ¿cuándo nace el Renacimiento?' }));
    expect(aside?.pregunta).toBe('En Italia, ¿hacia qué año nace el Renacimiento?');
  });
});

describe('a formula is asked with the conditions under which it holds, and no other', () => {
  const [f] = formulasIn('Em = m · v');
  const ask = (condition: string) => cardOfIdea(idea({ kind: 'formula', term: 'momento lineal', article: 'el', sentence: `p = m · v ${condition}.`, formula: f!, condition }))?.pregunta;
  it('keeps «para un sistema aislado», «si el choque es elástico»', () => {
    expect(ask('para un sistema aislado')).toBe('¿Cuál es la fórmula del momento lineal para un sistema aislado?');
    expect(ask('si el choque es elástico')).toBe('¿Cuál es la fórmula del momento lineal si el choque es elástico?');
  });
  it('drops a clause of change, which says what the quantity measures («cuando varía la velocidad»)', () => {
    expect(ask('cuando varía la velocidad del cuerpo')).toBe('¿Cuál es la fórmula del momento lineal?');
    expect(ask('para un sistema aislado y cuando cambia la masa')).toBe('¿Cuál es la fórmula del momento lineal para un sistema aislado?');
  });
  it('drops a condition cut mid-phrase («… de un cuerpo x y»)', () => {
    expect(ask('si se conoce la masa de un cuerpo x y')).toBe('¿Cuál es la fórmula del momento lineal?');
    expect(ask('si la fuerza neta es F')).toBe('¿Cuál es la fórmula del momento lineal si la fuerza neta es F?');
  });
});

describe('a «¿Quién…?» gives one clue, not three', () => {
  const who = (body: string) => cardOfIdea(idea({ kind: 'persona', term: 'Diego Velázquez', verb: 'pintó', sentence: `Diego Velázquez pintó ${body}`, body }))?.pregunta;
  it('drops the asides in brackets and stops at the first clause of a long question', () => {
    expect(who('Las meninas, un retrato de la familia de Felipe IV con el propio pintor en su taller, en 1656 (óleo sobre lienzo).')).toBe('¿Quién pintó Las meninas?');
    expect(who('Las hilanderas (hacia 1657).')).toBe('¿Quién pintó Las hilanderas?');
  });
  it('never cuts inside a quotation, and leaves a short question as it is', () => {
    expect(who('el cuadro que llamó «la teología de la pintura, una obra sin par en toda la corte», según Giordano.')).toBe('¿Quién pintó el cuadro que llamó «la teología de la pintura, una obra sin par en toda la corte»?');
    expect(who('la rendición de Breda, también llamada Las lanzas.')).toBe('¿Quién pintó la rendición de Breda, también llamada Las lanzas?');
  });
});

describe('a formula that keeps a product constant names the quantities it relates', () => {
  const ask = (text: string, term: string) => cardOfIdea(idea({ kind: 'formula', term, article: 'la', sentence: `En una isoterma, ${text}.`, formula: formulasIn(text)[0]! }))?.pregunta;
  it('«pV = cte» is asked «que relaciona p y V»; a formula of one quantity is asked as before', () => {
    expect(ask('pV = cte', 'ley de Boyle')).toBe('¿Cuál es la fórmula de la ley de Boyle que relaciona p y V?');
    expect(ask('Q = m · c · ΔT', 'energía calorífica')).toBe('¿Cuál es la fórmula de la energía calorífica?');
  });
});

describe('a term is asked with its own article', () => {
  it('feminine nouns in -e take «la» («la profase», «la serie de Fourier»)', () => {
    const ask = (term: string) => cardOfIdea(idea({ kind: 'definicion', term, sentence: `${term}: …`, body: 'lo que la nota dice' }))?.pregunta;
    expect(ask('Profase')).toBe('¿Qué es la Profase?');
    expect(ask('serie de Fourier')).toBe('¿Qué es la serie de Fourier?');
    expect(ask('vector director')).toBe('¿Qué es el vector director?');
  });
});

describe('a definition is asked for what its answer says', () => {
  const ask = (term: string, body: string, verb?: string) => cardOfIdea(idea({ kind: 'definicion', term, article: 'la', sentence: `${term}: ${body}.`, body, ...(verb ? { verb } : {}) }));
  it('an answer of what happens is asked «¿En qué consiste…?», a noun phrase «¿Qué es…?»', () => {
    expect(ask('fotólisis', 'las moléculas se rompen con la luz')?.pregunta).toBe('¿En qué consiste la fotólisis?');
    expect(ask('fotólisis', 'se rompen las moléculas de agua con la luz')?.pregunta).toBe('¿En qué consiste la fotólisis?');
    expect(ask('fotólisis', 'la ruptura de moléculas por la luz')?.pregunta).toBe('¿Qué es la fotólisis?');
    expect(ask('fotólisis', 'las moléculas de agua que absorben luz')?.pregunta).toBe('¿Qué es la fotólisis?');
  });
  it('drops an answer that opens with «su …» whose owner the card never names', () => {
    expect(ask('Carta Magna', 'su autoridad sobre los nobles', 'limitaba')).toBeUndefined();
    expect(ask('Carta Magna', 'la autoridad del rey sobre los nobles', 'limitaba')?.pregunta).toBe('¿Qué limitaba la Carta Magna?');
  });
});

/** A short lecture of our own (history and economics), carded as crear_tarjetas does, note after note. */
const EUROPA: Note[] = [
  { id: 1, semana: 2, tema: '1. La paz de Westfalia', texto: 'La guerra de los Treinta Años enfrentó a católicos y protestantes en el Sacro Imperio. La paz de Westfalia se firmó el 24 de octubre de 1648 en Münster y Osnabrück. Con ella nació la idea moderna de soberanía de los Estados.' },
  { id: 2, semana: 2, tema: '2. Elasticidades', texto: 'La elasticidad renta mide cuánto cambia la demanda cuando varía la renta del consumidor: Eᵣ = (ΔQ/Q) / (ΔR/R). Un bien es normal cuando su demanda aumenta con la renta.' },
];

describe('a lecture of our own, carded end to end', () => {
  let isWord: WordCheck;
  beforeAll(async () => {
    isWord = await loadWordCheck();
  });
  it('asks the whole date «¿En qué fecha…?» and the formula without the clause of its definition', () => {
    const deck: Card[] = [];
    for (const n of EUROPA) for (const c of cardsForNote(n, EUROPA, deck, undefined, { isWord }).cards) deck.push({ ...c, id: deck.length + 1, creada: '2027-01-01T00:00:00.000Z' });
    const asked = deck.map((c) => `${c.pregunta} → ${c.respuesta}`);
    expect(asked).toContain('¿En qué fecha se firmó la paz de Westfalia? → el 24 de octubre de 1648');
    expect(asked.filter((q) => q.startsWith('¿Cuál es la fórmula de la elasticidad renta'))).toEqual([expect.stringMatching(/^¿Cuál es la fórmula de la elasticidad renta\? → Eᵣ = /u)]);
  });
});

describe('a formula named with the word itself', () => {
  it('«La fórmula de la elasticidad precio es: Ed = …» asks the formula of the elasticity, not «de la fórmula de…»', () => {
    const formula = formulasIn('La fórmula de la elasticidad precio es: Ed = (ΔQ / Q) / (ΔP / P).')[0]!;
    const asked = (article: string, term: string) => cardOfIdea(idea({ kind: 'formula', article, term, formula, sentence: 'La fórmula de la elasticidad precio es: Ed = (ΔQ / Q) / (ΔP / P).' }))?.pregunta;
    expect(asked('la', 'fórmula de la elasticidad precio')).toBe('¿Cuál es la fórmula de la elasticidad precio?');
    expect(asked('la', 'fórmula del ingreso total')).toBe('¿Cuál es la fórmula del ingreso total?');
    // A term that only begins like it is left as it is.
    expect(asked('el', 'ingreso total')).toBe('¿Cuál es la fórmula del ingreso total?');
  });
});

describe('a definition\'s question agrees with its term (walk at 390×844: «¿Qué es los dorsales…?»)', () => {
  const ask = (term: string, body: string, over: Partial<KeyIdea> = {}) =>
    cardOfIdea(idea({ kind: 'definicion', term, sentence: `${term.charAt(0).toLocaleUpperCase('es')}${term.slice(1)}: ${body}.`, body, item: true, ...over }))?.pregunta;
  it('a plural term is asked «¿Qué son…?» / «¿En qué consisten…?», with the article its noun takes', () => {
    expect(ask('cuencas sedimentarias', 'depresiones de la corteza donde se acumulan sedimentos')).toBe('¿Qué son las cuencas sedimentarias?');
    expect(ask('cordilleras volcánicas', 'alineaciones de volcanes sobre una zona de subducción')).toBe('¿Qué son las cordilleras volcánicas?');
    expect(ask('arcos insulares', 'las islas se alinean sobre la placa que subduce')).toBe('¿En qué consisten los arcos insulares?');
    // The note's own article wins, and agrees too.
    expect(ask('corrientes', 'las aguas frías se hunden hacia el fondo', { article: 'las' })).toBe('¿En qué consisten las corrientes?');
  });
  it('a head whose ending says no gender takes the one its adjective shows, or its noun\'s («la matriz»)', () => {
    expect(ask('fuentes termales', 'manantiales de agua caliente de origen volcánico')).toBe('¿Qué son las fuentes termales?');
    expect(ask('cadenas de montañas', 'alineaciones de relieves')).toBe('¿Qué son las cadenas de montañas?');
    expect(ask('matriz rocosa', 'la masa de grano fino que rodea los cristales')).toBe('¿Qué es la matriz rocosa?');
    expect(ask('raíz', 'la parte de la cordillera que se hunde en el manto')).toBe('¿Qué es la raíz?');
    expect(ask('fósiles guía', 'restos de especies que vivieron poco tiempo y en muchos lugares')).toBe('¿Qué son los fósiles guía?');
  });
  it('a list\'s capitalised plural head is asked in lower case, unless its sentence writes it as a name', () => {
    expect(ask('Intrusivas', 'las rocas se enfrían despacio bajo tierra')).toBe('¿En qué consisten las intrusivas?');
    expect(cardOfIdea(idea({ kind: 'definicion', term: 'Andes', item: true, sentence: 'Andes: la cordillera que forman los Andes al subducir la placa de Nazca.', body: 'la cordillera que forman al subducir la placa de Nazca' }))?.pregunta).toBe('¿Qué son los Andes?');
  });
});
