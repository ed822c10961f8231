/**
 * Issue 22, hole 9: a damaged `duraciones.json` used to be silently replaced. Like chat.json, it is
 * now moved aside whole (never erased) with one Spanish line saying which file, what was wrong and
 * where it went; the estimates start again from the catalogue's. One test per kind of damage.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DURATIONS_FILENAME, openDurationRecord } from '../../src/tools/stages/durations.js';
import { STAGE_CATALOGUE } from '../../src/tools/stages/catalogue.js';
import { tempDir } from './helpers.js';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir('cv-duraciones-'));
});
afterEach(() => cleanup());

const STAGE = STAGE_CATALOGUE[0]!;
const file = () => path.join(dir, DURATIONS_FILENAME);

const DAMAGE: Array<[string, string, RegExp]> = [
  ['cut mid-write', '{"notas.busqueda": [120, 1', /no es JSON válido/],
  ['not an object', '[120, 130]', /no es un objeto/],
  ['a stage without a list', JSON.stringify({ [STAGE.id]: 120 }), /no tiene una lista/],
  ['a duration that is not a number of ms', JSON.stringify({ [STAGE.id]: [120, '130', -4] }), /no es un número de milisegundos/],
  ['a duration that is not finite', `{"${STAGE.id}": [120, 1e999]}`, /no es un número de milisegundos/],
];

describe('a damaged duraciones.json', () => {
  for (const [kind, text, why] of DAMAGE) {
    it(`${kind}: set aside whole with one sentence; the estimates start again`, async () => {
      await writeFile(file(), text);
      const lines: string[] = [];
      const record = openDurationRecord(dir, (l) => lines.push(l));
      expect(record.estimate(STAGE)).toBe(STAGE.estimateMs);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/duraciones\.json/);
      expect(lines[0]).toMatch(why);
      expect(lines[0]).not.toMatch(/\n\s+at |Error:/);
      const aside = (await readdir(dir)).filter((n) => n.startsWith(`${DURATIONS_FILENAME}.`));
      expect(aside).toHaveLength(1);
      expect(lines[0]).toContain(aside[0]);
      expect(await readFile(path.join(dir, aside[0]!), 'utf8')).toBe(text);
      record.record(STAGE.id, 500);
      await record.flush();
      expect(JSON.parse(await readFile(file(), 'utf8'))).toEqual({ [STAGE.id]: [500] });
    });
  }

  it('a folder in its place: set aside too, one sentence, no raw EISDIR', async () => {
    await mkdir(file());
    const lines: string[] = [];
    const record = openDurationRecord(dir, (l) => lines.push(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/duraciones\.json.*carpeta/);
    expect(lines[0]).not.toMatch(/EISDIR/);
    record.record(STAGE.id, 500);
    await record.flush();
    expect(JSON.parse(await readFile(file(), 'utf8'))).toEqual({ [STAGE.id]: [500] });
  });

  it('a sound file (and a missing one) is read as it is, without a word', async () => {
    const lines: string[] = [];
    openDurationRecord(dir, (l) => lines.push(l));
    await writeFile(file(), JSON.stringify({ [STAGE.id]: [100, 300, 200] }));
    const record = openDurationRecord(dir, (l) => lines.push(l));
    expect(record.estimate(STAGE)).toBe(200);
    expect(lines).toEqual([]);
    expect((await readdir(dir)).filter((n) => n.startsWith(`${DURATIONS_FILENAME}.`))).toEqual([]);
  });
});
