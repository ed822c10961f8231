/**
 * One shape per idea (issue 47, item 2), kept by the lint (eslint.config.js): one text normaliser
 * (src/lib/fold.ts) and every button's callback data written by the registry (src/bot/callbacks.ts).
 * A new module that folds accents its own way, or writes a button's data by hand, is refused.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { fold, foldKeepingEnye } from '../../src/lib/fold.js';

const lint = async (code: string, file: string) => {
  const [result] = await new ESLint({ cwd: path.resolve('.') }).lintText(code, { filePath: path.resolve(file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => `${m.line}: ${m.message}`);
};

describe('one text normaliser', () => {
  it('folds accents and case; the search index\'s words keep «ñ»', () => {
    expect(fold('Narración Térmica')).toBe('narracion termica');
    expect(fold('Pingüino ÀÑO')).toBe('pinguino ano');
    expect(foldKeepingEnye('Año')).toBe('año');
    expect(foldKeepingEnye('Pingüino à la carte')).toBe('pinguino a la carte');
  });

  it('the lint refuses a second one anywhere in src/, and allows lib/fold.ts its own', async () => {
    const code = [
      "export const a = (s: string) => s.normalize('NFD').replace(/[\\u0300-\\u036f]/g, '');",
      "export const b = (s: string) => s.replace(/\\p{M}/gu, '');",
      "export const c = (s: string) => s.normalize('NFC');",
    ].join('\n');
    const lines = (await lint(code, 'src/domain/quiz/nuevo.ts')).map((m) => m.split(':')[0]);
    expect(lines).toEqual(['1', '1', '2']);
    expect(await lint(code, 'src/lib/fold.ts')).toEqual([]);
  }, 60_000);
});

describe('every button through the callback registry', () => {
  it('the lint refuses callback data written as a literal, a template or a sum, and takes the registry\'s', async () => {
    const code = [
      "import { CALLBACKS } from '../bot/callbacks.js';",
      "export const a = { text: 'Sí', callback_data: 'ap:1:n' };",
      "export const b = (id: string) => ({ text: 'Sí', callback_data: `ap:${id}:n` });",
      "export const c = (id: string) => ({ text: 'Sí', callback_data: 'sm:' + id });",
      "export const d = (id: string) => ({ text: 'Sí', callback_data: CALLBACKS.noReason.format(id) });",
    ].join('\n');
    const lines = (await lint(code, 'src/bot/nuevo-teclado.ts')).map((m) => m.split(':')[0]);
    expect(lines).toEqual(['2', '3', '4']);
  }, 60_000);
});
