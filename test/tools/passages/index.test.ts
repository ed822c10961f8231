/**
 * The passage index (domain/passages): notes cut in paragraphs and sentence windows, ranked by BM25F
 * with the topic, words folded and stemmed, brought up to date note by note. The notes here are
 * written for these tests, not taken from the held-out lectures.
 */
import { describe, expect, it } from 'vitest';
import { cutPassages, PASSAGE_MAX_CHARS, PASSAGE_MIN_CHARS, sentencesOf } from '../../../src/domain/passages/cut.js';
import { PassageIndex, type SourcedNote } from '../../../src/domain/passages/index.js';

const note = (id: number, tema: string, texto: string, origen?: SourcedNote['origen']): SourcedNote => ({ id, tema, texto, ...(origen ? { origen } : {}) });

const THERMO: SourcedNote[] = [
  note(1, 'máquinas térmicas', 'Una máquina térmica toma calor de un foco caliente, convierte una parte en trabajo y cede el resto a un foco frío. Su rendimiento es el trabajo obtenido dividido por el calor absorbido.'),
  // A page break cut this note's sentence: the fragment names the statement without saying it.
  note(2, 'enunciados', 'Veremos ahora el enunciado de Kelvin-Planck y el de Clausius, y después el ciclo de Carnot, que relaciona ambos con la temperatura.'),
  note(3, 'enunciado de kelvin-planck', 'Es imposible construir una máquina que, operando en un ciclo, no produzca otro efecto que extraer calor de un único foco y convertirlo íntegramente en trabajo.', { archivo: 'Tema5.pdf', pagina: 2 }),
  note(4, 'procesos', 'En un proceso adiabático no hay intercambio de calor con el entorno. Las curvas adiabáticas tienen más pendiente que las isotermas en el diagrama pV.'),
  note(5, 'el ciclo de carnot', 'El ciclo de Carnot está formado por dos isotermas y dos adiabáticas reversibles. Ninguna máquina que trabaje entre dos focos supera su rendimiento.'),
  note(6, 'historia', 'Sadi Carnot publicó sus reflexiones en 1824; el ciclo que estudió era una idealización, y el de las máquinas de vapor reales era otro.'),
];

describe('cutting a note into passages', () => {
  it('keeps a paragraph whole up to the limit, joins a short one to the one before and cuts a long one in overlapping sentence windows', () => {
    const long = Array.from({ length: 12 }, (_, i) => `Frase número ${i + 1} de un párrafo largo que explica algo con bastante detalle y calma.`).join(' ');
    const texto = `Primer párrafo con texto suficiente para ser un pasaje por sí mismo, sin unirse a nadie más.\n\nη = 1 − T₂/T₁\n\n${long}`;
    const spans = cutPassages(texto);
    expect(spans[0]!.text).toContain('η = 1 − T₂/T₁');
    expect(spans[0]!.text.startsWith('Primer párrafo')).toBe(true);
    const windows = spans.slice(1);
    expect(windows.length).toBeGreaterThan(1);
    for (const w of windows) expect(w.text.length).toBeLessThanOrEqual(PASSAGE_MAX_CHARS);
    // Every sentence of the long paragraph is in some window, and neighbours share one sentence.
    for (const s of sentencesOf(long)) expect(windows.some((w) => w.text.includes(s.trim()))).toBe(true);
    for (let i = 1; i < windows.length; i++) expect(windows[i]!.from).toBe(windows[i - 1]!.to - 1);
    expect('η = 1 − T₂/T₁'.length).toBeLessThan(PASSAGE_MIN_CHARS);
  });
});

describe('the passage index', () => {
  const index = new PassageIndex();
  index.sync(THERMO);
  const first = (q: string) => index.search(q, 3)[0]?.passage;

  it('puts the statement itself above a passage that only names it', () => {
    expect(first('qué dice el enunciado de Kelvin-Planck')?.noteId).toBe(3);
  });

  it('carries the passage\'s source when its note has one', () => {
    expect(first('Kelvin-Planck')?.origen).toEqual({ archivo: 'Tema5.pdf', pagina: 2 });
    expect(first('adiabático')?.origen).toBeUndefined();
  });

  it('reads words without accents and in another form: «adiabaticas» finds «adiabático»', () => {
    expect(first('las adiabaticas')?.noteId).toBe(4);
  });

  it('prefers the passage where the question\'s words stand together («ciclo de Carnot») and the topic that names them', () => {
    expect(first('explícame el ciclo de Carnot')?.noteId).toBe(5);
  });

  it('answers nothing when no word of the question is in the notes', () => {
    expect(index.search('zorro', 3)).toEqual([]);
    expect(index.search('¿qué es?', 3)).toEqual([]);
  });

  it('never returns two passages that overlap, and later ones only when they score near the first', () => {
    const hits = index.search('ciclo', 3);
    expect(hits.length).toBeGreaterThan(0);
    for (const h of hits) expect(h.score).toBeGreaterThanOrEqual(0.5 * hits[0]!.score);
    expect(new Set(hits.map((h) => `${h.passage.noteId}:${h.passage.paragraph}:${h.passage.from}`)).size).toBe(hits.length);
  });

  it('is brought up to date note by note: unchanged notes are not cut again, changed ones are, removed ones go', () => {
    const live = new PassageIndex();
    live.sync(THERMO);
    const before = live.search('rendimiento', 1)[0]!.passage;
    const size = live.size;
    live.sync(THERMO.map((n) => ({ ...n })));
    // The same passage object: the note was compared, not cut again.
    expect(live.search('rendimiento', 1)[0]!.passage).toBe(before);
    live.sync([...THERMO.filter((n) => n.id !== 4), note(1, 'máquinas térmicas', 'Una máquina frigorífica extrae calor de un foco frío gastando trabajo.')]);
    expect(live.search('frigorífica', 1)[0]?.passage.noteId).toBe(1);
    expect(live.search('adiabático', 3).map((h) => h.passage.noteId)).not.toContain(4);
    expect(live.size).toBe(size - 1);
    live.sync([]);
    expect(live.size).toBe(0);
    expect(live.search('Carnot', 3)).toEqual([]);
  });

  it('syncs in slices for the chat: other work runs between them, and the index is the same', async () => {
    const many = Array.from({ length: 400 }, (_, i) => note(100 + i, `tema ${i % 7}`, `${THERMO[i % THERMO.length]!.texto} Variante ${i}.`));
    const whole = new PassageIndex();
    whole.sync(many);
    const sliced = new PassageIndex();
    let turns = 0;
    let counting = true;
    const tick = () => { if (counting) { turns++; setImmediate(tick); } };
    setImmediate(tick);
    await sliced.syncInSlices(many, 0);
    counting = false;
    expect(turns).toBeGreaterThan(0);
    expect(sliced.size).toBe(whole.size);
    const show = (ix: PassageIndex) => ix.search('ciclo de Carnot adiabáticas', 3).map((h) => [h.passage.noteId, h.passage.text, h.score]);
    expect(show(sliced)).toEqual(show(whole));
  });
});

describe('what answers a question first', () => {
  const FILE = { archivo: 'Tema4_Quimica.pdf', pagina: 1 };
  const CHEMISTRY: SourcedNote[] = [
    // A section too short for a note of its own left its heading as a line of the note's text, under the document's title.
    note(1, 'química general', 'Apuntes de clase, semana 4 (1–5 de marzo)\n\n1. La tabla periódica\n\nLos elementos se ordenan por su número atómico en filas llamadas periodos y columnas llamadas grupos; los de un mismo grupo tienen propiedades parecidas.', FILE),
    note(2, 'reacciones', 'La velocidad de una reacción depende de la temperatura y de la concentración. Un catalizador acelera la reacción; con catalizador la reacción llega antes al equilibrio, y sin catalizador tarda más, aunque el catalizador no cambia el equilibrio.', FILE),
    note(3, 'reacciones', 'Un catalizador es una sustancia que rebaja la energía de activación y se recupera intacta al final.', FILE),
    note(4, 'ejemplo resuelto', 'Un gas ideal ocupa 2 L a 300 K y a presión constante se calienta hasta 600 K. ¿Qué volumen ocupa entonces?', FILE),
    note(5, 'ejemplo resuelto', 'Por la ley de Charles el volumen es proporcional a la temperatura absoluta: V₂ = V₁ · T₂ / T₁ = 2 · 600 / 300 = 4 L.', FILE),
    note(6, 'el oxígeno', 'Abunda en la corteza terrestre, donde el oxígeno forma óxidos con casi todos los metales y con el hidrógeno el agua.', FILE),
    note(7, 'el oxígeno', 'Priestley y Scheele aislaron el oxígeno de forma independiente; Lavoisier le dio nombre en 1777 y explicó con él la combustión.', FILE),
    note(8, 'el oxígeno', 'En la combustión el oxígeno se combina con el combustible y desprende calor; la respiración celular usa oxígeno de un modo parecido.', FILE),
  ];
  const index = new PassageIndex();
  index.sync(CHEMISTRY);
  const first = (q: string) => index.search(q, 3)[0]?.passage;

  it('reads a heading line inside a note as the heading of the paragraphs under it, never as a passage of its own', () => {
    const spans = cutPassages(CHEMISTRY[0]!.texto);
    expect(spans.map((s) => s.text)).not.toContain('1. La tabla periódica');
    expect(spans.find((s) => s.text.startsWith('Los elementos'))).toMatchObject({ heading: '1. La tabla periódica', opens: true });
    expect(first('qué es la tabla periódica')?.text).toMatch(/^Los elementos se ordenan/);
    // The dates of the week say nothing of the title above them: not an answer to it.
    expect(index.search('química general', 3).filter((h) => h.passage.text.startsWith('Apuntes'))).toEqual([]);
  });

  it('puts the passage that defines the word asked above one that only uses it', () => {
    expect(first('qué es un catalizador')?.noteId).toBe(3);
    // Asked something else, the passage that uses the word most comes first.
    expect(first('el catalizador y la temperatura')?.noteId).toBe(2);
  });

  it('finds a worked example whole: a note that ends in a question with the note that answers it', () => {
    const hits = index.search('cómo se resuelve el ejemplo del gas que se calienta', 3);
    expect(hits[0]!.passage.noteId).toBe(4);
    expect(hits[0]!.passage.text).toContain('¿Qué volumen ocupa entonces?\n\nPor la ley de Charles');
    // The answer's note is not quoted again on its own under the passage that holds it.
    expect(hits.filter((h) => h.passage.text.includes('Por la ley de Charles'))).toHaveLength(1);
    // Across two files or two topics, a note ending in «?» takes nothing in.
    const apart = new PassageIndex();
    apart.sync([CHEMISTRY[3]!, { ...CHEMISTRY[4]!, origen: { archivo: 'otro.pdf', pagina: 1 } }]);
    expect(apart.search('volumen', 3).every((h) => !h.passage.text.includes('?\n\nPor la ley'))).toBe(true);
  });

  it('prefers the passage that opens the section a question names, and one that gives a date when it asks when', () => {
    expect(first('y del oxígeno qué')?.noteId).toBe(6);
    expect(first('cuándo se descubrió el oxígeno')?.noteId).toBe(7);
  });

  it('says how much of the question the passage holds', () => {
    const [hit] = index.search('catalizador zorro', 1);
    expect(hit!.covers).toBe(0.5);
  });
});
