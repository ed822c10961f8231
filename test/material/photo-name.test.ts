/**
 * A photo of a page is named by the page (split.ts `photoName`): every photo arrives as «foto.jpg»,
 * and three of them were three identical «🔁 Leer de nuevo «foto.jpg»» buttons and quotes that said
 * «foto.jpg, p. 1».
 */
import { describe, expect, it } from 'vitest';
import { photoName } from '../../src/domain/material/split.js';

describe('the name of a photo of a page', () => {
  it('is the page\'s own title', () => {
    expect(photoName('Los ecosistemas\n\nUn ecosistema es el conjunto formado por los seres vivos de un lugar y su medio.')).toBe('Los ecosistemas');
  });

  it('less an aside in brackets after it (issue #44: «Circuitos RC (apuntes 14/10)»)', () => {
    expect(photoName('## Circuitos RC (apuntes 14/10)\n\nCarga de un capacitor C a través de una resistencia R.')).toBe('Circuitos RC');
  });

  it('else its first words, cut at a word, with «…»', () => {
    expect(photoName('La genética estudia la herencia biológica y la variación de los caracteres entre generaciones.')).toBe('La genética estudia la herencia biológica y la…');
    expect(photoName('La célula es la unidad de la vida.')).toBe('La célula es la unidad de la vida.');
  });
});
