/**
 * The rules written against the third development set (philosophy, law) for coverage: a person
 * named after «fundada / dirigido / propuesto por», a summary of causes or consequences, a bold term
 * explained after its colon, a group of people named together, what something is defined as, a
 * person with their years before the verb, a sentence opened by «La **X**, que …».
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { agentOf, boldColon, boldQuality, definedAs, namesBefore, sectionSummary, summaryOf } from '../../src/domain/study/coverage-rules.js';
import { clozeProblem } from '../../src/domain/study/cloze-quality.js';
import { personActs } from '../../src/domain/study/idea-rules.js';
import { keyIdeasOfNote } from '../../src/domain/study/key-ideas.js';
import { cardOfIdea } from '../../src/domain/study/idea-cards.js';
import { buildNarrationScript, MAX_WORDS, TARGET_WORDS } from '../../src/domain/media/script.js';
import { loadWordCheck, sentencesOf, type WordCheck } from '../../src/domain/study/reading.js';
import type { Note } from '../../src/domain/notebook.js';

let isWord: WordCheck;
beforeAll(async () => {
  isWord = await loadWordCheck();
});

const note = (id: number, texto: string, tema: string): Note => ({ id, texto, tema, semana: 3 } as Note);
const anyName = () => true;

describe('a person named as who did something', () => {
  it('«fue fundada por», an apposition «propuesto por», an aside «dirigido por» and what the subject then did', () => {
    expect(agentOf('La corriente fue fundada por René Descartes (1596–1650), un filósofo y matemático francés.', anyName)).toMatchObject({ kind: 'persona', term: 'René Descartes', question: '¿Por quién fue fundada la corriente?', needsContext: true });
    expect(agentOf('El debate fue resuelto por el idealismo trascendental, propuesto por Immanuel Kant (1724–1804) en la Crítica de la razón pura (1781).', anyName)).toMatchObject({ term: 'Immanuel Kant', question: '¿Por quién fue propuesto el idealismo trascendental?' });
    expect(agentOf('El Gobierno, dirigido por Adolfo Suárez, aprobó la Ley para la Reforma Política en 1976 y convocó las primeras elecciones libres.', anyName)).toMatchObject({ term: 'Adolfo Suárez', question: '¿Por quién fue dirigido el Gobierno que aprobó la Ley para la Reforma Política en 1976?' });
    expect(agentOf('Durante la república democrática los jacobinos, dirigidos por Maximilien Robespierre, impusieron el Terror.', anyName)?.question).toBe('¿Por quién fueron dirigidos los jacobinos que impusieron el Terror?');
  });
  it('not a thing done by a thing, nor a one-word name the note does not bold', () => {
    expect(agentOf('El texto fue aprobado por una amplia mayoría en el Congreso.', anyName)).toBeUndefined();
    expect(agentOf('La división de poderes fue propuesta por Montesquieu en 1748.', anyName)).toBeUndefined();
    expect(agentOf('La división de poderes fue propuesta por Montesquieu en 1748.', anyName, ['Montesquieu'])?.term).toBe('Montesquieu');
  });
  it('their years may stand between the name and the verb', () => {
    expect(personActs('John Locke (1632–1704) comparó la mente al nacer con una tabla rasa.', anyName)).toMatchObject({ kind: 'persona', term: 'John Locke', verb: 'comparó' });
  });
  it('is carded «¿Por quién …?» with the name for answer', () => {
    const [idea] = keyIdeasOfNote(note(1, 'Los jacobinos, dirigidos por **Maximilien Robespierre**, impusieron el Terror, un gobierno de excepción.', 'La república'), [], isWord, 'La república').filter((i) => i.kind === 'persona');
    expect(cardOfIdea(idea!)).toMatchObject({ pregunta: '¿Por quién fueron dirigidos los jacobinos que impusieron el Terror?', respuesta: 'Maximilien Robespierre' });
  });
});

describe('a summary of causes or consequences', () => {
  it('is asked «¿Cuáles fueron …?» and answered with its list', () => {
    expect(summaryOf('Las causas de la Transición fueron la muerte de Franco en 1975 y la presión de una sociedad que pedía libertades.')).toMatchObject({ term: 'causas de la Transición', question: '¿Cuáles fueron las causas de la Transición?', body: 'la muerte de Franco en 1975 y la presión de una sociedad que pedía libertades' });
    expect(summaryOf('Sus consecuencias fueron duraderas: la teoría del conocimiento pasó a ser el centro de la filosofía.')).toMatchObject({ question: '¿Cuáles fueron sus consecuencias?', needsContext: true });
    expect(summaryOf('Las causas fueron pocas.')).toBeUndefined();
  });
  it('«fueron varias.» takes the sentences after it in its paragraph, whole', () => {
    const texto = 'Las causas de la revolución fueron varias. La Hacienda real estaba en bancarrota tras las guerras. Las malas cosechas de 1788 dispararon el precio del pan.\n\nOtro párrafo que no es una causa de nada.';
    const idea = keyIdeasOfNote(note(2, texto, 'Crisis'), [], isWord, 'Crisis').find((i) => i.term === 'causas de la revolución');
    expect(idea?.body).toBe('La Hacienda real estaba en bancarrota tras las guerras. Las malas cosechas de 1788 dispararon el precio del pan');
  });
});

describe('a bold term explained after its colon', () => {
  it('defines the term; a critique or an unbolded word does not', () => {
    expect(boldColon('Descartes aplica la **duda metódica**: duda de todo lo que pueda ponerse en duda.')).toMatchObject({ kind: 'definicion', term: 'duda metódica', article: 'la', body: 'duda de todo lo que pueda ponerse en duda' });
    expect(boldColon('Con este criterio Hume critica la **causalidad**: nunca tenemos impresión de una conexión necesaria.')).toBeUndefined();
    expect(boldColon('Descartes aplica la duda metódica: duda de todo lo que pueda ponerse en duda.')).toBeUndefined();
  });
  it('a group of people named together is one idea, asked «¿Quiénes fueron …?»', () => {
    expect(boldColon('Siete diputados, conocidos como los **padres de la Constitución**: Gabriel Cisneros, Manuel Fraga y Miquel Roca.')).toMatchObject({ term: 'padres de la Constitución', question: '¿Quiénes fueron los padres de la Constitución?' });
  });
});

describe('what something is defined as', () => {
  it('«S define a O como un **Y**» is asked «¿Cómo define S a O?» → Y', () => {
    expect(definedAs('El artículo 1 define a España como un **Estado social y democrático de Derecho**, que propugna la libertad.')).toMatchObject({ term: 'Estado social y democrático de Derecho', body: 'Estado social y democrático de Derecho', question: '¿Cómo define el artículo 1 a España?' });
    expect(definedAs('El artículo 1 define a España como un Estado social.')).toBeUndefined();
    const ideas = keyIdeasOfNote(note(3, 'El artículo 1 define a España como un **Estado social y democrático de Derecho**, que propugna la libertad.', 'Principios'), [], isWord, 'Principios');
    expect(ideas.map((i) => i.term)).toContain('Estado social y democrático de Derecho');
  });
});

describe('the sentence rules of key-ideas', () => {
  it('«La **parte dogmática**, que recoge …» opening a list item defines the term by what it does', () => {
    const ideas = keyIdeasOfNote(note(4, '- La **parte dogmática**, que recoge los valores y los derechos fundamentales.', 'Estructura'), [], isWord, 'Estructura');
    expect(ideas.find((i) => i.term === 'parte dogmática')).toMatchObject({ kind: 'definicion', verb: 'recoge' });
  });
  it('a person doing something («Kant resume …») is not a term defined by what it does', () => {
    const texto = 'Immanuel Kant escribió la Crítica de la razón pura. Kant resume la síntesis en una fórmula breve.';
    const ideas = keyIdeasOfNote(note(5, texto, 'Kant'), [note(5, texto, 'Kant')], isWord, 'Kant');
    expect(ideas.some((i) => i.term === 'Kant' && i.kind === 'definicion')).toBe(false);
  });
});

describe('the episode says the week at its length', () => {
  const topics = ['ecosistema', 'población', 'comunidad', 'biotopo', 'biocenosis', 'hábitat', 'nicho', 'productor', 'consumidor', 'descomponedor', 'cadena', 'red', 'pirámide', 'biomasa', 'sucesión', 'clímax', 'bioma', 'especie', 'plaga', 'simbiosis', 'parasitismo', 'mutualismo'];
  it('a week with plenty to say reaches its target of about three and a half minutes, never over four', () => {
    const notes = topics.map((w, k) => note(k + 1, `El ${w} es un concepto de la ecología que describe una parte del medio natural y sus relaciones con los seres vivos que lo habitan cada día.`, `Tema ${w}`));
    const { words } = buildNarrationScript(4, 'la ecología', notes, isWord);
    // Counting three words of lead-in for every line, this week stopped at 547 words.
    expect(words).toBeGreaterThan(TARGET_WORDS + 20);
    expect(words).toBeLessThanOrEqual(MAX_WORDS);
  });
  it('a summary of consequences is a main idea, said whole even though «Sus» leans on the week', () => {
    const notes = topics.slice(0, 17).map((w, k) => note(k + 1, `El ${w} es un concepto de la ecología que describe una parte del medio natural y sus relaciones con los seres vivos que lo habitan cada día.`, `Tema ${w}`));
    notes.push(note(40, 'Sus consecuencias fueron duraderas: la ecología pasó a ser una ciencia central, la conservación encontró un fundamento en el estudio de los ecosistemas, y la crítica de la caza abrió un debate que llega hasta la política ambiental de hoy.', 'Resumen'));
    const { text } = buildNarrationScript(4, 'la ecología', notes, isWord);
    expect(text).toContain('la crítica de la caza abrió un debate que llega hasta la política ambiental de hoy');
  });
  it('«Las causas fueron varias.» is said once with the sentences that list them', () => {
    const texto = 'Las causas de la crisis fueron varias. La Hacienda real estaba en bancarrota tras las guerras. Las malas cosechas de 1788 dispararon el precio del pan.';
    const { text } = buildNarrationScript(4, 'la crisis', [note(1, texto, 'La crisis')], isWord);
    expect(text).toContain('Las causas de la crisis fueron varias.');
    expect(text.split('malas cosechas de 1788').length - 1).toBe(1);
  });
});

describe('more ways a week states its ideas', () => {
  it('a section headed «Consecuencias» says them in its first sentence, whose subject says of what', () => {
    expect(sectionSummary('La revolución acabó con el Antiguo Régimen en Francia y extendió las ideas liberales.', 'Consecuencias')).toMatchObject({ term: 'consecuencias de la revolución', question: '¿Cuáles fueron las consecuencias de la revolución?', summary: true });
    expect(sectionSummary('La revolución acabó con el Antiguo Régimen en Francia.', 'Napoleón')).toBeUndefined();
  });
  it('«Este principio se llama X» names what the sentence before says', () => {
    expect(namesBefore('Este principio se llama supremacía constitucional, y el órgano que lo garantiza es el Tribunal.', 'Ninguna ley puede contradecirla.')).toMatchObject({ term: 'supremacía constitucional', body: 'supremacía constitucional', question: '¿Cómo se llama el principio: «Ninguna ley puede contradecirla»?' });
    expect(namesBefore('Este principio se llama supremacía constitucional.', 'Esto es así.')).toBeUndefined();
    const texto = 'Se llama **constitución** a la norma suprema de un Estado. Ninguna ley puede contradecirla. Este principio se llama **supremacía constitucional**, y el órgano que lo garantiza es el Tribunal Constitucional.';
    expect(keyIdeasOfNote(note(6, texto, 'Qué es una constitución'), [], isWord, 'Qué es una constitución').map((i) => i.term)).toContain('supremacía constitucional');
  });
  it('a term that heads the list it is divided into may be blanked; an item of the list may not', () => {
    const s = 'La división de poderes en legislativo, ejecutivo y judicial, tal como la había defendido Montesquieu.';
    expect(clozeProblem(s, 'división de poderes', s.indexOf('división de poderes'))).toBeUndefined();
    expect(clozeProblem(s, 'ejecutivo', s.indexOf('ejecutivo'))).toBe('enumeracion');
  });
});

describe('a sentence that opens with a bold name', () => {
  it('is a sentence of its own, so its person is found', () => {
    expect(sentencesOf('Se desarrolló en Gran Bretaña. **John Locke** (1632–1704) comparó la mente con una tabla rasa.').map((x) => x.text)).toEqual(['Se desarrolló en Gran Bretaña.', '**John Locke** (1632–1704) comparó la mente con una tabla rasa.']);
  });
});

describe('a bold quality and what makes it so', () => {
  it('is asked «¿Por qué se dice que …?»; a quality not bolded is not', () => {
    expect(boldQuality('La Constitución es **rígida**: su reforma exige mayorías más altas que una ley ordinaria.')).toMatchObject({ term: 'Constitución rígida', body: 'su reforma exige mayorías más altas que una ley ordinaria', question: '¿Por qué se dice que la Constitución es rígida?' });
    expect(boldQuality('La Constitución es rígida: su reforma exige mayorías más altas.')).toBeUndefined();
  });
});
