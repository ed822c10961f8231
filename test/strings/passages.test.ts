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
