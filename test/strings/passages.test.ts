/**
 * The line under a quoted passage: its topic begins with a capital past its section's number, and the
 * names in it are written as any passage of the answer writes them — a passage need not repeat the
 * name its topic holds («6. el ciclo de carnot» under a passage about adiabatic curves).
 */
import { describe, expect, it } from 'vitest';
import { passageMessages } from '../../src/strings/passages.js';

describe('a quoted passage’s topic', () => {
  const passages = [
    { text: 'El ciclo de Carnot está formado por dos isotermas y dos adiabáticas.', noteId: 6, tema: '6. el ciclo de carnot' },
    { text: 'Las adiabáticas son procesos sin intercambio de calor.', noteId: 7, tema: '6. el ciclo de carnot' },
  ];

  it('starts with a capital after its number and writes the names as the answer’s passages do', () => {
    const text = passageMessages('ciclo de carnot', passages).map((m) => m.text).join('\n');
    expect(text.match(/· 6\. El ciclo de Carnot/g)).toHaveLength(2);
    expect(text).not.toMatch(/carnot/);
  });
});

describe('the answer’s subject (walk item 11)', () => {
  it('writes an acronym as the passages write it: «circuito rc» is echoed «circuito RC»', () => {
    const rc = [{ text: 'La constante de tiempo de un circuito RC es τ = RC (en segundos).', noteId: 11, tema: 'circuitos rc (apuntes 14/10)' }];
    const [first] = passageMessages('constante de tiempo de un circuito rc', rc);
    expect(first!.text.split('\n')[0]).toBe('Esto dicen tus notas sobre «constante de tiempo de un circuito RC»:');
    expect(first!.text).toMatch(/· Circuitos RC \(apuntes 14\/10\)$/);
  });

  it('leaves alone capitals that are typography: a heading set in capitals, a word opening a line', () => {
    const shouted = [{ text: 'TEMA 2. LA DERIVA CONTINENTAL\nOJO: la deriva no es la tectónica.', noteId: 2, tema: 'tema 2. la deriva continental' }];
    expect(passageMessages('la deriva y el ojo', shouted)[0]!.text.split('\n')[0]).toBe('Esto dicen tus notas sobre «la deriva y el ojo»:');
  });
});
