/**
 * A source file holds one job (docs/design.md, Part two): none of `src/`'s TypeScript files grows
 * past 500 lines — split it by job before it does. The local chat page's script
 * (`src/webchat/public/app.js`, served as it is, no bundler) is not TypeScript and is not counted.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tsFiles } from '../support/ts-files.js';

const MAX_LINES = 500;

describe('the size of a source file', () => {
  it(`no TypeScript file of src/ is over ${MAX_LINES} lines`, async () => {
    const over: string[] = [];
    for (const f of await tsFiles(path.resolve('src'))) {
      const lines = (await readFile(f, 'utf8')).split('\n').length;
      if (lines > MAX_LINES) over.push(`${path.relative('src', f)}: ${lines}`);
    }
    expect(over).toEqual([]);
  });
});
