/** The week's episode explains it: title first, key ideas in the material's order, formulas in words, a recap. */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildNarrationScript, MAX_WORDS } from '../../src/domain/media/script.js';
import { loadWordCheck, type WordCheck } from '../../src/domain/study/reading.js';
import { BARROCO, ELECTRICIDAD } from './examples.js';

let isWord: WordCheck;
beforeAll(async () => {
  isWord = await loadWordCheck();
});

describe('the episode of a week', () => {
  it('opens with the title, says the ideas in order with formulas in words, and closes with a recap', () => {
    const { text, words } = buildNarrationScript(3, 'la corriente eléctrica', ELECTRICIDAD, isWord);
    expect(text).toMatch(/^Aviso: esta narración usa una voz generada por inteligencia artificial\. Este es el resumen de la semana 3: la corriente eléctrica\. /);
    const order = ['intensidad de corriente es la cantidad de carga', 'I es Q entre t', 'ley de Ohm dice que', 'V es I por R', 'potencia eléctrica a la energía', 'P es V por I', 'En resumen, esta semana has visto'];
    const at = order.map((s) => text.indexOf(s));
    expect(at.every((i) => i >= 0), JSON.stringify(at)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(text).toContain('la intensidad de corriente, la ley de Ohm, la constante de proporcionalidad y la potencia eléctrica');
    expect(words).toBeLessThanOrEqual(MAX_WORDS);
  });

  it('says no page band, no cut sentence, no numbering of its own and no raw formula', () => {
    for (const [notes, topic] of [[ELECTRICIDAD, 'la corriente eléctrica'], [BARROCO.filter((n) => n.semana === 7), 'el Barroco']] as const) {
      const { text } = buildNarrationScript(3, topic, notes, isWord);
      expect(text).not.toMatch(/Apuntes de clase|Grado en|Tema 3\.|febrero de 2026|calien\b|resis tencia/);
      expect(text).not.toMatch(/(?:Primera|Segunda|Tercera|Cuarta) idea|\*\*|=|·/);
    }
  });

  it('reads a formula with a Unicode minus and brackets from its left-hand side, without naming the brackets', () => {
    const notes = [{ id: 1, semana: 4, tema: 'cinética química', texto: 'La velocidad de reacción mide cuánto cambia la concentración de un reactivo por unidad de tiempo.\n\nv = −(1/a)·d[A]/dt = k[A]^m[B]^n\n\ndonde k es la constante de velocidad.' }];
    const { text } = buildNarrationScript(4, 'la cinética', notes, isWord);
    expect(text).toContain('v es menos uno entre a por d de A entre d t, es decir, k por A elevado a m por B elevado a n.');
    expect(text).not.toMatch(/paréntesis|corchete/);
  });

  it('says a week title that ends in a full stop once, before its first lead-in', () => {
    const { text } = buildNarrationScript(3, 'Arrhenius.', ELECTRICIDAD, isWord);
    expect(text).toContain('resumen de la semana 3: Arrhenius. ');
    expect(text).not.toMatch(/\.\./u);
  });

  it('is extractive: each line it takes from the notes is a sentence of them', () => {
    const { text } = buildNarrationScript(7, 'el Barroco', BARROCO.filter((n) => n.semana === 7), isWord);
    expect(text).toContain('Se llama tenebrismo a la técnica que ilumina con violencia las figuras sobre un fondo casi negro.');
    expect(text).toContain('En 1599, Caravaggio pintó La vocación de san Mateo para la capilla Contarelli de Roma.');
    // A name after a lead-in keeps its capital.
    expect(text).not.toMatch(/, caravaggio|, velázquez|, diego/);
  });
});

describe('a long week', () => {
  it('stays within four minutes of speech, the recap and the lead-ins counted', () => {
    // Forty-eight short definitions: the ideas alone fill the budget to its last words.
    const nouns = ['energía', 'presión', 'fuerza', 'tensión', 'velocidad', 'potencia', 'densidad', 'frecuencia'];
    const adjs = ['cinética', 'eléctrica', 'química', 'nuclear', 'magnética', 'térmica'];
    const notes = nouns.flatMap((n, i) => adjs.map((a, j) => ({ id: 100 + i * 10 + j, semana: 2, tema: `${n} ${a}`, texto: `La ${n} ${a} es una magnitud que se calcula en el diseño de los puentes.` })));
    const { words, text } = buildNarrationScript(2, 'la mecánica', notes, isWord);
    expect(words).toBeGreaterThanOrEqual(300);
    expect(words).toBeLessThanOrEqual(MAX_WORDS);
    expect(text).toMatch(/En resumen, esta semana has visto /);
  });
  it('says a long sentence kept whole with one full stop, and never stops at «es decir»', () => {
    const long = 'El corego era un ciudadano rico que pagaba de su bolsillo el coro de una obra, su vestuario y sus ensayos durante meses, y si ganaba el concurso levantaba un monumento en la calle de los Trípodes de **Atenas**.';
    const aside = 'El coro resumía esta idea en el canto del *éxodo*, es decir, el final en el que todos los coreutas abandonaban la escena cantando juntos un himno al dios Dioniso después de la última escena de la obra.';
    const notes = [{ id: 1, texto: long, semana: 2, tema: 'El coro' }, { id: 2, texto: aside, semana: 2, tema: 'El éxodo' }] as unknown as Parameters<typeof buildNarrationScript>[2];
    const { text } = buildNarrationScript(2, 'la tragedia', notes, isWord);
    expect(text).not.toMatch(/\.\./u);
    expect(text).not.toMatch(/es decir\./u);
  });
  it('never says a sentence that only points at what the page shows next, nor the same line twice', () => {
    const notes = [
      { id: 1, texto: 'La velocidad de una reacción enzimática depende de la concentración de sustrato. El modelo de Michaelis supone este esquema.', semana: 2, tema: 'Cinética' },
      { id: 2, texto: 'La eficiencia catalítica mide lo bien que trabaja una enzima con poco sustrato.', semana: 2, tema: 'Eficiencia' },
      { id: 3, texto: 'Resumen. La eficiencia catalítica mide lo bien que trabaja una enzima con poco sustrato.', semana: 2, tema: 'Resumen' },
    ] as unknown as Parameters<typeof buildNarrationScript>[2];
    const { text } = buildNarrationScript(2, 'las enzimas', notes, isWord);
    expect(text).not.toMatch(/este esquema/u);
    expect(text.match(/trabaja una enzima con poco sustrato/gu)?.length).toBe(1);
  });
});
