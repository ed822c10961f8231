// What a new student read in the walk of «Geología»: a title set all in capitals shown as a sentence
// wherever it is shown, titles cut at a word, and the reason of an import proposal in plain Spanish.
import { describe, expect, it } from 'vitest';
import { sentenceCase, topicAsWritten } from '../../src/lib/name-case.js';
import { MATERIAL, type ProposalView } from '../../src/strings/material.js';
import { sourceLabel } from '../../src/strings/notes.js';
import { quote } from '../../src/strings/count.js';
import { passageMessages, PASSAGES } from '../../src/strings/passages.js';
import { pasteName } from '../../src/bot/route-text.js';

const CAPS = 'TEMA 5. DEL RÍO A LA COSTA: LA EROSIÓN';
const SENTENCE = 'Tema 5. Del río a la costa: la erosión';
const view = (over: Partial<ProposalView>): ProposalView => ({ nombre: 'apuntes.md', tipo: 'texto', paginas: null, semanas: [{ semana: 5, notas: 2 }], sinSemana: 0, primeras: ['x'], ...over });

describe('a title set all in capitals', () => {
  it('reads as a sentence, capitals kept past its number and for Roman numerals', () => {
    expect(sentenceCase(CAPS)).toBe(SENTENCE);
    expect(sentenceCase('GEOMORFOLOGÍA II')).toBe('Geomorfología II');
    expect(sentenceCase('Tema 5. Del río a la costa')).toBe('Tema 5. Del río a la costa');
    expect(sentenceCase('ADN')).toBe('ADN');
  });

  it('is shown so as a note\'s topic, its one-letter words no name («A la costa»)', () => {
    expect(topicAsWritten('tema 5. del río a la costa: la erosión', `${CAPS} Apuntes de clase del día 3`)).toBe(SENTENCE);
    expect(topicAsWritten('2.1 la erosión', '')).toBe('2.1 La erosión');
  });

  it('is shown so in the proposal, the note\'s source and a quoted passage\'s source', () => {
    // A pasted text is named in sentence case where it is named (route-text.ts), and shown so.
    const name = pasteName(`${CAPS}\n\nEl río excava su valle y lleva la arena hasta la costa.`);
    expect(name).toBe(SENTENCE);
    expect(MATERIAL.proposal(view({ nombre: name, pegado: true })).split('\n')[0]).toBe(`De «${SENTENCE}»: 2 notas para la semana 5.`);
    expect(sourceLabel({ archivo: CAPS, pagina: null })).toBe(SENTENCE);
    expect(PASSAGES.source({ noteId: 3, origen: { archivo: CAPS } })).toBe(SENTENCE);
    const [first] = passageMessages('erosión', [{ text: 'La erosión del río excava el valle.', noteId: 3, tema: '1. la erosión', week: 5, origen: { archivo: CAPS } }]);
    expect(first!.text).toContain(`— ${SENTENCE} · 1. La erosión (semana 5)`);
    expect(first!.text).not.toContain('EROSIÓN');
  });
});

describe('a title cut to fit', () => {
  it('is cut at a word, never inside one', () => {
    expect(quote('Tema 5. Del río a la costa: la erosión de los acantilados', 32)).toBe('Tema 5. Del río a la costa: la…');
    expect(quote('La entalpía mide el calor intercambiado', 20)).toBe('La entalpía mide el…');
    const line = 'Después de la guerra, el uso del radar permitió localizar los aviones de noche y con niebla.';
    const shown = MATERIAL.proposal(view({ primeras: [line] })).split('\n').at(-1)!;
    expect(shown).toMatch(/^1\. Después de la guerra, el uso del radar permitió localizar los aviones…$/);
  });
});

describe('a week title in the proposal', () => {
  it('ends with one full stop, not «.».»', () => {
    const line = MATERIAL.proposal(view({ semanas: [{ semana: 2, notas: 3, titulo: 'Las iglesias de peregrinación.' }] })).split('\n')[0]!;
    expect(line).toBe('De «apuntes.md»: 3 notas para la semana 2 «Las iglesias de peregrinación».');
  });
});

describe('why a document goes to its week', () => {
  const reason = (motivo: ProposalView['motivo'], pegado?: true, paginas: number | null = null) => MATERIAL.proposal(view({ motivo, paginas, ...(pegado ? { pegado } : {}) })).split('\n')[1]!;

  it('says so in plain Spanish whatever named the title', () => {
    expect(reason({ kind: 'encabezado', titulo: 'La erosión costera' })).toBe('Todo va a la semana 5 porque el título del documento, «La erosión costera», trata de lo mismo que el de esa semana.');
    expect(reason({ kind: 'encabezado', titulo: 'La erosión costera', donde: 'nombre' })).toBe('Todo va a la semana 5 porque el nombre del archivo, «La erosión costera», trata de lo mismo que el título de esa semana.');
    expect(reason({ kind: 'encabezado', titulo: CAPS, donde: 'nombre' }, true)).toBe(`Todo va a la semana 5 porque el título del texto, «${SENTENCE}», trata de lo mismo que el de esa semana.`);
    expect(reason({ kind: 'titulo' }, undefined, 3)).toBe('Todo va a la semana 5 porque la primera página trata de lo mismo que el título de esa semana.');
    // A text file has no pages either.
    expect(reason({ kind: 'titulo' })).toBe('Todo va a la semana 5 porque el principio del documento trata de lo mismo que el título de esa semana.');
    expect(reason({ kind: 'etiqueta', etiqueta: 'semana 4', donde: 'primera_pagina' })).toBe('Todo va a la semana 5 porque dice «semana 4» al principio del documento.');
    // A pasted text has no pages.
    expect(reason({ kind: 'titulo' }, true)).toBe('Todo va a la semana 5 porque el principio del texto trata de lo mismo que el título de esa semana.');
    for (const r of [reason({ kind: 'titulo' }), reason({ kind: 'encabezado', titulo: 'x' })]) expect(r).not.toMatch(/dice lo que|habla de lo que/);
  });

  it('speaks of a photo as a photo, never of its first page (issue #44, a walk\'s photo of notes)', () => {
    const photo = (motivo: ProposalView['motivo'], paginas = 1) => MATERIAL.proposal(view({ motivo, tipo: 'imagen', nombre: 'Circuitos RC', paginas })).split('\n')[1]!;
    expect(photo({ kind: 'titulo' })).toBe('Todo va a la semana 5 porque el principio de la foto trata de lo mismo que el título de esa semana.');
    expect(photo({ kind: 'encabezado', titulo: 'Circuitos RC' })).toBe('Todo va a la semana 5 porque el título de la foto, «Circuitos RC», trata de lo mismo que el de esa semana.');
    expect(photo({ kind: 'etiqueta', etiqueta: 'Semana 4', donde: 'primera_pagina' })).toBe('Todo va a la semana 5 porque dice «Semana 4» al principio de la foto.');
    expect(photo({ kind: 'titulo' }, 3)).toBe('Todo va a la semana 5 porque la primera foto trata de lo mismo que el título de esa semana.');
    for (const r of [photo({ kind: 'titulo' }), photo({ kind: 'etiqueta', etiqueta: 'Semana 4', donde: 'primera_pagina' }), photo({ kind: 'titulo' }, 3)]) expect(r).not.toContain('página');
  });
});
