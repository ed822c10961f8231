/**
 * The forms a key idea takes where the sentence does not open with its term (study/marked-terms.ts),
 * and the readings around them that made those ideas lost (bold terms in long sentences, a title with
 * a comma in it, a name cut at an initial). Sentences written for these tests, not taken from a fixture.
 */
import { describe, expect, it } from 'vitest';
import { appositionTerm, calledColon, consistsIn, knownAs, knownAsThen, markedClass, markedMeaning, markedSubjectDid, namedAct, subjectDid, workSays } from '../../src/domain/study/marked-terms.js';
import { clozeClause } from '../../src/domain/study/cloze-quality.js';
import { boldApposition, personActs } from '../../src/domain/study/idea-rules.js';
import { keyIdeasOfNote } from '../../src/domain/study/key-ideas.js';
import { plainSentence, readProblem, sentencesOf } from '../../src/domain/study/reading.js';
import type { Note } from '../../src/domain/notebook.js';

const note = (id: number, texto: string, tema?: string): Note => ({ id, texto, ...(tema ? { tema } : {}), semana: 2 } as Note);
const anyWord = () => true;

describe('what a marked subject did', () => {
  it('asks with the verb the sentence uses, after the aside', () => {
    expect(markedSubjectDid('La **ley Moyano** (1857), aprobada por las Cortes, ordenaba la enseñanza en tres niveles, pero no la financiaba.'))
      .toMatchObject({ kind: 'definicion', term: 'ley Moyano', article: 'la', verb: 'ordenaba', body: 'la enseñanza en tres niveles' });
  });
  it('needs the aside to be a participle phrase and the verb a past form', () => {
    expect(markedSubjectDid('La **ley Moyano**, la más duradera, ordenaba la enseñanza en tres niveles.')).toBeUndefined();
    expect(markedSubjectDid('La **ley Moyano** (1857), aprobada por las Cortes, ordena la enseñanza.')).toBeUndefined();
  });
});

describe('a term and its «es decir»', () => {
  it('reads a term in italics or in bold, or one the sentence names', () => {
    expect(markedMeaning('Lo resumió en la idea del *ostracismo*, es decir, el destierro votado por la asamblea: diez años fuera.'))
      .toMatchObject({ term: 'ostracismo', article: 'el', body: 'el destierro votado por la asamblea' });
    expect(markedMeaning('Cada magistrado debía recorrer lo que llamamos cursus honorum, es decir, el orden fijo de los cargos públicos.'))
      .toMatchObject({ term: 'cursus honorum', body: 'el orden fijo de los cargos públicos' });
  });
  it('leaves a gerund (how, not what) and an unmarked word alone', () => {
    expect(markedMeaning('Se aprende por **ensayo**, esto es, repitiendo el gesto muchas veces.')).toBeUndefined();
    expect(markedMeaning('Llegó tarde, es decir, cuando ya había terminado la sesión.')).toBeUndefined();
  });
});

describe('a class named by «aquel que»', () => {
  it('takes the plural noun before a singular term when «aquellos» refers to it', () => {
    expect(markedClass('Veremos solo motores de **combustión interna**, aquellos en los que el combustible arde dentro del cilindro, como el de un coche.'))
      .toMatchObject({ term: 'motores de combustión interna', article: 'los', body: 'aquellos en los que el combustible arde dentro del cilindro' });
    expect(markedClass('Hablamos de aprendizaje **vicario**, aquel en el que se aprende observando a otro que actúa.'))
      .toMatchObject({ term: 'vicario', article: 'el' });
  });
  it('needs a noun for a plural class', () => {
    expect(markedClass('Es **combustión interna**, aquellos en los que el combustible arde dentro.')).toBeUndefined();
  });
});

describe('a name a phrase is known by, and what a term consists in', () => {
  it('reads «conocido como X» and «llamadas X»', () => {
    expect(knownAs('Los tribunos tenían el derecho de vetar las decisiones de otro magistrado, conocido como intercessio, que protegía a la plebe.'))
      .toMatchObject({ kind: 'definicion', term: 'intercessio', body: 'el derecho de vetar las decisiones de otro magistrado' });
    expect(knownAs('Se escribieron las novelas de la tierra, llamadas *regionalistas* por la crítica.')).toMatchObject({ term: 'regionalistas' });
  });
  it('asks «¿En qué consiste…?» in the note\'s own tense', () => {
    expect(consistsIn('La colegialidad, que consistía en que cada cargo lo ocupaban al menos dos personas, evitaba el poder de uno solo.'))
      .toMatchObject({ term: 'colegialidad', question: '¿En qué consistía la colegialidad?', body: 'que cada cargo lo ocupaban al menos dos personas' });
    expect(consistsIn('El ahorro, que sube cada año.')).toBeUndefined();
  });
});

describe('the readings around them', () => {
  it('cuts a long sentence at the colon before a term, when the clause names its own subject', () => {
    const long = 'Durante la posguerra el teatro vivía de subvenciones y de giras por provincias muy largas y caras: en 1949 se fundó en Madrid el grupo Arte Nuevo y en 1952 el Estado abrió el **Teatro Nacional de Ensayo**.'.replace(/\*\*/g, '');
    // Only for a term the note bolds there (fromColon); other terms keep their whole sentence or none.
    expect(clozeClause(long, 'Teatro Nacional de Ensayo')).toBeUndefined();
    expect(clozeClause(long, 'Teatro Nacional de Ensayo', true)).toBe('en 1949 se fundó en Madrid el grupo Arte Nuevo y en 1952 el Estado abrió el Teatro Nacional de Ensayo.');
    const verbFirst = 'El grupo rodaba con poco dinero y sin estudios, con amigos y vecinos como actores y técnicos en cada película: demostró que se podían hacer grandes películas con pocos medios y con gente corriente de la calle.';
    expect(clozeClause(verbFirst, 'gente corriente', true)).toBeUndefined();
  });
  it('does not cut a title at its comma, nor take a name cut at an initial for an author', () => {
    expect(personActs('Luis Buñuel (1900–1983) cerró su etapa mexicana con Nazarín, la novela de Galdós (1959), premiada en Cannes.', (w) => /^\p{Lu}/u.test(w))?.body).toContain('Nazarín, la novela de Galdós');
    const ideas = keyIdeasOfNote(note(1, 'El guion adapta la novela *El gran Gatsby* de Francis S. Fitzgerald, publicada en Nueva York.'), [], anyWord);
    expect(ideas.some((i) => i.author === 'Francis')).toBe(false);
  });
  it('keeps a bold name\'s apposition off the name after «de»', () => {
    expect(boldApposition('Fue la primera obra de **Luis Buñuel**, una película muda de diecisiete minutos.')).toBeUndefined();
    expect(boldApposition('La célula muere por **apoptosis**, la muerte celular programada.')?.term).toBe('apoptosis');
  });
  it('reads a bold item in lower case as whole, and a bold-italic title as plain text', () => {
    expect(readProblem('- **razón fija**: se refuerza tras un número fijo de respuestas;', 'spa', anyWord)).toBeUndefined();
    expect(plainSentence('- ***Los olvidados*** (1950), sobre niños de la calle.')).toBe('Los olvidados (1950), sobre niños de la calle.');
  });
  it('asks a pronoun after the blank nothing (it points at the sentence before)', async () => {
    const { clozeProblem } = await import('../../src/domain/study/cloze-quality.js');
    const s = 'El crítico Juan Pérez la usó en 1950 para hablar del cine social.';
    expect(clozeProblem(s, 'Juan Pérez', s.indexOf('Juan Pérez'))).toBe('anafora');
  });
  it('makes a key term of what the note bolds inside a long sentence', () => {
    const text = 'Durante la posguerra el teatro vivía de subvenciones y de giras por provincias muy largas y caras: en 1949 se fundó en Madrid el grupo Arte Nuevo y en 1952 el Estado abrió el **Teatro Nacional de Ensayo**.';
    const ideas = keyIdeasOfNote(note(1, text, 'El teatro de posguerra'), [note(1, text, 'El teatro de posguerra')], anyWord, 'El teatro de posguerra');
    expect(ideas.map((i) => i.term)).toContain('Teatro Nacional de Ensayo');
  });
  it('reads a name given last with its symbol, and a definition after a short setting («Por convenio, …»)', () => {
    const a = 'La energía que almacena un muelle cuando se comprime se denomina **energía potencial elástica** (Ep).';
    expect(keyIdeasOfNote(note(1, a), [note(1, a)], anyWord).find((i) => i.term === 'energía potencial elástica')?.kind).toBe('definicion');
    const b = 'En geometría, el baricentro de un triángulo es el punto donde se cortan sus tres medianas.';
    expect(keyIdeasOfNote(note(2, b), [note(2, b)], anyWord).find((i) => i.term === 'baricentro de un triángulo')).toMatchObject({ kind: 'definicion', body: 'el punto donde se cortan sus tres medianas' });
  });
});

describe('plain prose, as a history or sociology lecture writes it', () => {
  it('reads what something was («era un…»), asked in the past, past a discourse aside', () => {
    const a = 'El pretor, en cambio, era un magistrado encargado de la justicia en la ciudad.';
    expect(keyIdeasOfNote(note(1, a), [note(1, a)], anyWord).find((i) => i.term === 'pretor')).toMatchObject({ kind: 'definicion', verb: 'era', body: 'un magistrado encargado de la justicia en la ciudad' });
  });
  it('keeps the era\'s «a. C.» inside its sentence and its answer', () => {
    const a = 'En el año 264 a. C. los romanos cruzaron a Sicilia y empezó la primera guerra púnica.';
    expect(sentencesOf(a)).toHaveLength(1);
    expect(markedMeaning('Los cónsules seguían lo que llamamos cursus honorum, es decir, la carrera de cargos que fijó en el año 180 a. C. una ley.')?.body).toBe('la carrera de cargos que fijó en el año 180 a. C. una ley');
  });
  it('reads «lo que se conocía como X, …» and «llamó X: …»', () => {
    expect(knownAsThen('Los magistrados mayores tenían lo que se conocía como imperium, el poder de mando militar y judicial, y lo ejercían fuera de Roma.'))
      .toMatchObject({ term: 'imperium', body: 'el poder de mando militar y judicial' });
    expect(calledColon('Es lo que Durkheim, en su estudio del suicidio, llamó la anomia: la falta de normas que orienten la conducta, propia de épocas de cambio.'))
      .toMatchObject({ term: 'anomia', article: 'la', body: 'la falta de normas que orienten la conducta, propia de épocas de cambio' });
  });
  it('asks what a subject did after its aside, never a linking verb nor an adverb', () => {
    expect(subjectDid('Los comicios tributos, que se reunían en el Foro, elegían a los magistrados menores, y votaban algunas leyes.'))
      .toMatchObject({ term: 'comicios tributos', verb: 'elegían', body: 'a los magistrados menores' });
    expect(subjectDid('Los magistrados romanos, que eran elegidos por el pueblo, estaban sometidos a dos reglas.')).toBeUndefined();
    expect(subjectDid('El sistema, pensado para una ciudad, soportó mal el gobierno de un imperio.')).toBeUndefined();
  });
  it('reads a named act by what it was or what it did', () => {
    expect(namedAct('En el 449 a. C. se publicó la Ley de las Doce Tablas, el primer código escrito de Roma, en el Foro.'))
      .toMatchObject({ term: 'Ley de las Doce Tablas', verb: 'fue', body: 'el primer código escrito de Roma' });
    expect(namedAct('El conflicto se cerró con la ley Hortensia del 287 a. C., que dio a los plebiscitos fuerza de ley, y acabó la lucha.'))
      .toMatchObject({ term: 'ley Hortensia', verb: 'dio', body: 'a los plebiscitos fuerza de ley' });
  });
  it('asks a work by its thesis, its examples aside, answered with its title', () => {
    expect(workSays('*El suicidio* (1897) sostiene que la tasa de suicidios, sobre todo en las ciudades, depende de la integración social: cuanto menos integrado …'))
      .toMatchObject({ kind: 'obra', term: 'El suicidio', question: '¿Qué obra sostiene que la tasa de suicidios depende de la integración social?' });
    expect(workSays('*El suicidio* (1897) fue muy leído.')).toBeUndefined();
  });
  it('reads a blockquote as its sentence', () => {
    expect(plainSentence('> En 1662 **Fermat** reunió todo esto en un enunciado.')).toBe('En 1662 Fermat reunió todo esto en un enunciado.');
  });
  it('reads a term the prose brings in with «un/una» after its comma, never a list or a clause', () => {
    expect(appositionTerm('Los actores llevaban el coturno, un calzado de suela muy alta que los hacía parecer más grandes.'))
      .toMatchObject({ term: 'coturno', article: 'el', body: 'un calzado de suela muy alta que los hacía parecer más grandes' });
    expect(appositionTerm('En escena estaban el coro, el actor y la máscara.')).toBeUndefined();
    expect(appositionTerm('Se distingue el bien normal, un bien de lujo tiene Er > 1.')).toBeUndefined();
    expect(appositionTerm('Subió el precio, mientras que muchos países siguen igual.')).toBeUndefined();
  });
  it('takes «un X o Y» as one thing named twice, and a name\'s apposition with «la … que»', () => {
    expect(appositionTerm('Cae por una hybris, un orgullo o desmesura del que se cree un dios.')).toMatchObject({ term: 'hybris', body: 'un orgullo o desmesura del que se cree un dios' });
    expect(appositionTerm('Se representaban en las Panateneas Mayores, la fiesta que Atenas celebraba cada cuatro años.')).toMatchObject({ term: 'Panateneas Mayores', body: 'la fiesta que Atenas celebraba cada cuatro años' });
    expect(appositionTerm('Subió al escenario el corifeo, el que dirigía al coro en cada canto.')).toBeUndefined();
    expect(appositionTerm('Había un coro, un actor y una máscara en la escena del teatro.')).toBeUndefined();
  });
  it('reads a person of one name with a relative aside about their life', () => {
    const a = 'Píndaro, que vivió entre el 518 y el 438 a. C., fue el mayor poeta lírico de Grecia.';
    expect(keyIdeasOfNote(note(1, a), [note(1, a)], anyWord).find((i) => i.kind === 'persona')).toMatchObject({ term: 'Píndaro', body: 'el mayor poeta lírico de Grecia' });
  });
  it('never takes the lecture pointing at an example for a term («Un caso típico es …»)', () => {
    const a = 'Un caso típico es la inhibición por retroalimentación, en la que el producto final frena la primera enzima.';
    expect(keyIdeasOfNote(note(1, a), [note(1, a)], anyWord).map((i) => i.term)).not.toContain('caso típico');
  });
  it('never takes a condition («si [S] = Km») for the formula, nor puts a formula into its own question', () => {
    const a = 'La **Km** es la concentración de sustrato a la que la velocidad es la mitad de la máxima: si [S] = Km, entonces v0 = Vmax / 2. Se mide en unidades de concentración.';
    const formulas = keyIdeasOfNote(note(1, a, 'la constante de michaelis (km)'), [note(1, a)], anyWord, 'la constante de michaelis (km)').filter((i) => i.kind === 'formula');
    // The equality after «si» is the condition, never the formula asked.
    expect(formulas.map((f) => f.formula?.text)).not.toContain('[S] = Km');
    expect(formulas.every((f) => !(f.condition ?? '').replace(/\s/gu, '').includes((f.formula?.text ?? '').replace(/\s/gu, '')))).toBe(true);
  });
});
