/**
 * Flaws a judge who did not write the generator found on unseen lectures (test/fixtures/study-dev/
 * novena and octava, verdicts of seed 8123), each now refused or read right. Sentences written for
 * these tests, not taken from a fixture.
 */
import { describe, expect, it } from 'vitest';
import { ideaOfSentence, goodTerm } from '../../src/domain/study/sentence-idea.js';
import { appositionTerm } from '../../src/domain/study/marked-terms.js';
import { clozeClause, clozeProblem } from '../../src/domain/study/cloze-quality.js';
import { formulasIn } from '../../src/domain/study/formula.js';
import { exampleSpans, inSpans } from '../../src/domain/study/worked-example.js';
import { keyIdeasOfNote } from '../../src/domain/study/key-ideas.js';
import type { Note } from '../../src/domain/notebook.js';

const note = (id: number, texto: string, tema?: string): Note => ({ id, texto, ...(tema ? { tema } : {}), semana: 2 } as Note);
const anyWord = () => true;

describe('what a sentence names', () => {
  it('names what its own clause says, never the clause before a semicolon', () => {
    const raw = 'La membrana se pliega en láminas, las tilacoides, que aumentan su superficie; el espacio que queda alrededor se llama **estroma**.';
    expect(ideaOfSentence(raw.replace(/\*\*/gu, ''), raw)).toMatchObject({ term: 'estroma', body: 'espacio que queda alrededor' });
  });
  it('reads no apposition in a list of examples', () => {
    expect(appositionTerm('El señor entregaba el feudo mediante un objeto simbólico, como una rama, un puñado de tierra, una lanza o un estandarte.')).toBeUndefined();
  });
  it('asks no page object and no unnamed step', () => {
    expect(['tabla', 'esquema', 'segundo momento', 'primer paso'].map(goodTerm)).toEqual([false, false, false, false]);
    expect(goodTerm('segundo principio')).toBe(true);
  });
});

describe('a cloze that gives itself away or says half a thought', () => {
  it('refuses another name in brackets right after the blank', () => {
    const s = 'La expresión desviación típica (standard deviation) la acuñó un estadístico británico a finales del siglo XIX.';
    expect(clozeProblem(s, 'desviación típica', s.indexOf('desviación típica'))).toBe('delatada');
  });
  it('never cuts a clause that opens with «cuando» or «si» from its main clause', () => {
    const s = 'Cuando el activo de una sociedad mercantil es menor que el pasivo exigible a corto y largo plazo, el patrimonio neto de la empresa es negativo y se dice que está en quiebra técnica.';
    expect(clozeClause(s, 'pasivo')).toBeUndefined();
  });
});

describe('formulas with a sum and a mean', () => {
  it('keeps the whole formula and says its bar and its index', () => {
    expect(formulasIn('DM = Σ|xi − x̄| / n').map((f) => [f.text, f.spoken])).toEqual([['DM = Σ|xi − x̄| / n', 'D M es sumatorio de valor absoluto x sub i menos x barra valor absoluto entre n']]);
    expect(formulasIn('s² = Σxi² / n − x̄²').map((f) => f.text)).toEqual(['s² = Σxi² / n − x̄²']);
  });
});

describe('a worked example in the prose', () => {
  it('finds the paragraph that opens as one, and states no idea from it', () => {
    const text = 'El activo es el conjunto de bienes y derechos de la empresa.\n\nUn ejemplo sencillo. Luis abre una panadería: aporta 5.000 € y pide un préstamo.\n\nEl pasivo es el conjunto de obligaciones de la empresa.';
    const spans = exampleSpans(text);
    expect(inSpans(spans, text.indexOf('Luis'))).toBe(true);
    expect(inSpans(spans, text.indexOf('El pasivo'))).toBe(false);
    const n = note(1, text);
    expect(keyIdeasOfNote(n, [n], anyWord).filter((i) => /Luis/u.test(i.sentence))).toEqual([]);
  });
});

describe('a name and its byname', () => {
  it('never blanks a name without the byname after it', () => {
    const s = 'A la muerte de Carlomagno el imperio pasó a su hijo Luis el Piadoso, que lo repartió.';
    expect(clozeProblem(s, 'Luis', s.indexOf('Luis'))).toBe('nombre_partido');
  });
});

describe('a section’s central idea', () => {
  it('blanks a lone common word only when the teacher bolds it or the heading names it', async () => {
    const { centralIdeas } = await import('../../src/domain/study/central-idea.js');
    const text = 'La glucosa se rompe en dos moléculas de ácido pirúvico dentro del citosol de la célula. El ácido pirúvico entra después en la mitocondria de la célula. La célula gasta y regenera su energía sin descanso.';
    const n = note(1, text, 'Glucólisis');
    const terms = centralIdeas(n, [n], [n], anyWord).map((i) => i.term);
    expect(terms).toContain('ácido pirúvico');
    expect(terms).not.toContain('célula');
  });
});

describe('a definition in two relative clauses', () => {
  it('keeps both when short, and cuts a long one at its first claim', async () => {
    const { condense } = await import('../../src/domain/study/sentence-idea.js');
    expect(condense('un permiso que el rey daba a las ciudades y que eximía a sus vecinos de un impuesto'))
      .toBe('un permiso que el rey daba a las ciudades y que eximía a sus vecinos de un impuesto');
    const long = 'un permiso que el rey daba a las ciudades de su reino cuando le prestaban dinero o soldados para sus guerras y que eximía a todos sus vecinos durante varias generaciones de un impuesto sobre la sal';
    expect(condense(long)).toBe('un permiso que el rey daba a las ciudades de su reino cuando le prestaban dinero o soldados para sus guerras');
  });
});

describe('a quantity is no definition', () => {
  it('ends a sentence after a unit in degrees', async () => {
    const { sentencesOf } = await import('../../src/domain/study/reading.js');
    expect(sentencesOf('Funde a unos 1085 °C. El cobre es un metal.').map((x) => x.text)).toEqual(['Funde a unos 1085 °C.', 'El cobre es un metal.']);
  });
  it('asks no «¿Qué es…?» answered by a quantity alone', () => {
    const n = note(1, 'El punto de fusión es unos 1085 °C. El cobre es un metal de color rojizo que conduce muy bien la electricidad.');
    const bodies = keyIdeasOfNote(n, [n], anyWord).filter((i) => i.kind === 'definicion').map((i) => i.body);
    expect(bodies).toContain('un metal de color rojizo que conduce muy bien la electricidad');
    expect(bodies.filter((b) => /1085/u.test(b))).toEqual([]);
  });
});

describe('what a second walk found (course «Ecología de poblaciones»)', () => {
  it('reads a definition with its symbol in brackets, and «se entiende por»', () => {
    const raw = 'La **tasa de renovación** (T) es el tiempo medio que tarda en sustituirse toda la biomasa de un ecosistema.';
    expect(ideaOfSentence(raw.replace(/\*\*/gu, ''), raw)).toMatchObject({ kind: 'definicion', term: 'tasa de renovación' });
    const s = 'Se entiende por especie clave la que sostiene con su actividad a muchas otras especies del ecosistema.';
    expect(ideaOfSentence(s, s)).toMatchObject({ kind: 'definicion', term: 'especie clave', body: 'la que sostiene con su actividad a muchas otras especies del ecosistema.' });
  });
  it('ends a sentence at a symbol when the next one opens with an article', async () => {
    const { sentencesOf } = await import('../../src/domain/study/reading.js');
    expect(sentencesOf('El freno depende de N. La capacidad de carga es el techo. Lo dijo J. R. Tolkien.').map((x) => x.text))
      .toEqual(['El freno depende de N.', 'La capacidad de carga es el techo.', 'Lo dijo J. R. Tolkien.']);
  });
  it('asks no generic label as a term, nor what a clause is called, nor a title block', async () => {
    expect(goodTerm('consecuencia práctica')).toBe(false);
    const called = 'La recta resultante tiene pendiente uno y se llama bisectriz.';
    expect(ideaOfSentence(called, called)).toBeUndefined();
    const { isTitleBlock } = await import('../../src/domain/study/class-talk.js');
    expect(isTitleBlock('Crecimiento de poblaciones: del modelo exponencial al logístico Ecología de poblaciones — Prof.')).toBe(true);
    expect(isTitleBlock('La población crece hasta la capacidad de carga.')).toBe(false);
  });
  it('names a formula by the words before it in its own sentence, and asks an equation for itself', async () => {
    const { cardOfIdea } = await import('../../src/domain/study/idea-cards.js');
    const n = note(1, 'El modelo corrige el crecimiento con un freno. La ecuación de Gompertz queda dN/dt = rN ln(K/N).');
    const formula = keyIdeasOfNote(n, [n], anyWord).find((i) => i.kind === 'formula');
    expect(formula?.term).toBe('ecuación de Gompertz');
    expect(cardOfIdea(formula!)?.pregunta).toMatch(/^¿Cuál es la ecuación de Gompertz/u);
  });
  it('asks no question about «allí» nor a reading list', async () => {
    const { standsAlone } = await import('../../src/domain/study/idea-cards.js');
    expect(standsAlone('¿En qué año se introdujeron allí veintinueve renos?')).toBe(false);
    const { sectionLabel } = await import('../../src/domain/study/section-label.js');
    expect(sectionLabel('Lectura recomendada: Begon, Townsend y Harper, capítulo 5.', 'Estrategias r y K')).toBeNull();
  });
});
