/**
 * A title the student wrote may end in a full stop («Arrhenius.»): wherever a sentence goes on after
 * it, its punctuation is never doubled («Arrhenius..», «Arrhenius.:»).
 */
import { describe, expect, it } from 'vitest';
import { NARRATION } from '../../src/strings/narration.js';
import { REPORT } from '../../src/strings/agent.js';
import { S } from '../../src/strings/chat.js';
import { COURSE_LINES } from '../../src/strings/console.js';
import { NOTES } from '../../src/strings/notes.js';
import { ended } from '../../src/strings/list.js';

const DOUBLED = /\.\.(?!\.)|\.:|[?!]\./u;

describe('a title ending in a full stop', () => {
  it('closes a sentence once', () => {
    expect(ended('Arrhenius.')).toBe('Arrhenius.');
    expect(ended('Arrhenius')).toBe('Arrhenius.');
    expect(ended('¿Qué es la entropía?')).toBe('¿Qué es la entropía?');
    expect(ended('Semana 4 · Arrhenius.', ':')).toBe('Semana 4 · Arrhenius:');
    expect(ended('Ecuaciones, etc...', ':')).toBe('Ecuaciones, etc...:');
  });

  it('is said once in the episode, the reports, the chat and the terminal', () => {
    const said = [
      NARRATION.intro('Aviso.', 4, 'Arrhenius.'),
      REPORT.weekOnly('Semana 4 · Arrhenius.'),
      REPORT.notesOfWeek('Semana 4 · Arrhenius.', []),
      REPORT.notesOfWeek('Semana 4 · Arrhenius.', [1, 2]),
      S.emptyWeek(4, 'Semana 4 · Arrhenius.', ['tarjetas']),
      COURSE_LINES.weekSaved(4, 'Arrhenius.', true),
      NOTES.emptyWeek('Semana 4 · Arrhenius.'),
    ];
    for (const line of said) expect(line, line).not.toMatch(DOUBLED);
    expect(said[0]).toBe('Aviso. Este es el resumen de la semana 4: Arrhenius.');
    expect(said[4]).toMatch(/^Semana 4 · Arrhenius: todavía no tiene notas/u);
  });
});
