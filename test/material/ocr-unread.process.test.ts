/**
 * OCR that knows what it could not read (issue 43 §5), through the real import and the real OCR
 * child (Tesseract, OpenCV): a photo whose top band is garbled (each letter shaken, as a hand or a
 * shaken phone leaves it) above a neatly printed body. The band's lines are listed in the proposal
 * («No he podido leer bien…», where on the photo) and never saved; the body is saved.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openNotebook } from '../../src/store/index.js';
import { createImports } from '../../src/domain/material/imports.js';
import { createTesseractOcr } from '../../src/domain/material/ocr.js';
import { proposalText } from '../../src/domain/material/proposal.js';
import { DEMO_COURSE } from '../../src/domain/course/demo.js';
import { garbledBandPage, ocrAccuracy } from '../support/material-fixtures.js';

const BAND = 'Los estomas de las hojas regulan la entrada de dióxido de carbono y la salida de vapor de agua durante el día.';
const BODY = [
  'La fotosíntesis es el proceso por el que las plantas transforman la energía de la luz en energía química. Ocurre en los cloroplastos, donde la clorofila capta la luz del sol.',
  'En la fase luminosa se libera oxígeno y se forman moléculas ricas en energía. En la fase oscura, el ciclo de Calvin fija el dióxido de carbono y produce glucosa.',
];
/** Words of the band that the body does not have: none of them may reach a note. */
const BAND_ONLY = /estomas|hojas|regul|entrada|salida|vapor|agua|durante/i;

const dirs: string[] = [];
const ocr = createTesseractOcr();
afterAll(async () => {
  await ocr.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('a photo with a garbled band', () => {
  it('lists the band\'s lines in the proposal and saves only the lines it read', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-ocr-band-'));
    dirs.push(dataDir);
    const notebook = await openNotebook(dataDir);
    const seed = new Set((await notebook.notes.list()).map((n) => n.id));
    const imports = createImports({ dataDir, notes: notebook.notes, ocr, course: async () => DEMO_COURSE, audit: notebook.audit });

    const { record } = await imports.propose('foto de la página.png', await garbledBandPage(BAND, BODY));
    expect(record.ilegibles?.length ?? 0, JSON.stringify(record.ilegibles)).toBeGreaterThanOrEqual(1);
    expect(new Set(record.ilegibles!.map((l) => l.zona))).toEqual(new Set(['arriba']));
    const shown = proposalText(record, () => undefined);
    expect(shown).toMatch(/No he podido leer bien \d+ l[ií]neas? \(en la parte de arriba de la foto\) y no las? guardo: si las? necesitas, vuelve a hacer la foto con más luz\./);
    expect(record.texto).not.toMatch(BAND_ONLY);

    await imports.save(record.clave);
    const saved = (await notebook.notes.list()).filter((n) => !seed.has(n.id)).map((n) => n.texto).join('\n');
    expect(saved).not.toMatch(BAND_ONLY);
    expect(ocrAccuracy(BODY.join(' '), saved.replace(/\s+/g, ' ')), saved).toBeGreaterThanOrEqual(0.95);
  }, 120_000);
});
