// The closing records of finished runs (src/bot/files.ts, `bot/cierres/<run>.json`): read back
// from disk after a restart, and a damaged one refused with which file and how to recover — never
// taken for absent in silence, never rewritten — while /cronograma looks past it.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RunCharts } from '../../src/bot/files.js';
import { STATE_PROBLEMS } from '../../src/strings/console.js';
import { tempDir } from '../tools/helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => { tmp = await tempDir(); });
afterEach(async () => { await tmp.cleanup(); });

const EVENT = { type: 'task_started', taskId: 'a', at: '2030-01-01T00:00:00.000Z' } as never;

describe('closing records on disk', () => {
  it('are read back after a restart', async () => {
    await new RunCharts(tmp.dir).remember('run-1', { chatId: 7, events: [EVENT], waits: [], cards: [3, 4] });
    const again = new RunCharts(tmp.dir);
    expect(await again.get('run-1')).toEqual({ chatId: 7, events: [EVENT], waits: [], cards: [3, 4] });
    expect(await again.get('run-2')).toBeUndefined();
  });

  it('a damaged one is refused with its file and how to recover, left as it was; the latest chart looks past it', async () => {
    await new RunCharts(tmp.dir).remember('run-1', { chatId: 7, events: [EVENT], waits: [] });
    const file = path.join(tmp.dir, 'bot', 'cierres', 'run-2.json');
    for (const text of ['{"version":1,"chatId":7,"ev', JSON.stringify({ version: 1, chatId: 7, events: {} })]) {
      await writeFile(file, text);
      const charts = new RunCharts(tmp.dir);
      await expect(charts.get('run-2')).rejects.toThrow(file);
      await expect(charts.get('run-2')).rejects.toThrow(STATE_PROBLEMS.closingFix);
      expect(await readFile(file, 'utf8')).toBe(text);
      expect((await charts.latest(7))?.events).toEqual([EVENT]);
    }
  });
});
