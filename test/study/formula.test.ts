/** Formulas found in a note and said in words. */
import { describe, expect, it } from 'vitest';
import { formulasIn, meaningOf, speakFormula, speakFormulasIn } from '../../src/domain/study/formula.js';

describe('formulas', () => {
  it('are said in words, subscripts and Greek letters included', () => {
    expect(speakFormula('η = 1 − T₂/T₁')).toBe('eta es uno menos T dos entre T uno');
    expect(speakFormula('η = W / Q₁ = 1 − Q₂ / Q₁')).toBe('eta es W entre Q uno, es decir, uno menos Q dos entre Q uno');
    expect(speakFormula('p² + 2pq + q² = 1')).toBe('p elevado a dos más dos p por q más q elevado a dos es uno');
  });

  it('are read whole and in order, a Unicode minus, brackets and one-letter symbols included', () => {
    const rate = 'v = −(1/a)·d[A]/dt = k[A]^m[B]^n';
    expect(formulasIn(`La velocidad es ${rate} en cada instante.`).map((f) => [f.text, f.subject])).toEqual([[rate, 'v']]);
    expect(speakFormula(rate)).toBe('v es menos uno entre a por d de A entre d t, es decir, k por A elevado a m por B elevado a n');
    expect(formulasIn('La ley de Arrhenius: k = A·e^(−Ea/RT) con Ea en julios.').map((f) => f.text)).toEqual(['k = A·e^(−Ea/RT)']);
    expect(speakFormula('k = A·e^(−Ea/RT)')).toBe('k es A por e elevado a menos E a entre R T');
    expect(formulasIn('ΔG = ΔH − TΔS').map((f) => f.text)).toEqual(['ΔG = ΔH − TΔS']);
    expect(speakFormula('ΔG = ΔH − TΔS')).toBe('incremento de G es incremento de H menos T por incremento de S');
    expect(speakFormula('E = mc²')).toBe('E es m por c elevado a dos');
    expect(speakFormulasIn('Es espontánea cuando ΔG es negativo.')).toBe('Es espontánea cuando incremento de G es negativo.');
  });

  it('say their brackets only where the words cannot: a sum, or a quotient divided as a whole', () => {
    expect(speakFormula('A = (1 + r)^n')).toBe('A es abre paréntesis uno más r cierra paréntesis elevado a n');
    expect(speakFormula('E = (ΔQ/Q) / (ΔR/R)')).toBe('E es abre paréntesis incremento de Q entre Q cierra paréntesis entre abre paréntesis incremento de R entre R cierra paréntesis');
    expect(speakFormula('S = k·ln(W)')).toBe('S es k por logaritmo neperiano de W');
  });

  it('are found around «=», a value with its unit is not one, and prose words stay prose', () => {
    const text = 'La potencia es:\n\nP = V · I\n\nCon V = 12 V y R = 4 ohm la corriente vale 3 A.';
    expect(formulasIn(text).map((f) => [f.text, f.subject])).toEqual([['P = V · I', 'P']]);
    expect(speakFormulasIn('El rendimiento vale η = 1 − T₂/T₁ siempre.')).toBe('El rendimiento vale eta es uno menos T dos entre T uno siempre.');
  });

  it('takes a symbol\'s meaning from the text when it says it', () => {
    const text = 'I = Q / t\n\ndonde Q es la carga que pasa y t es el tiempo que tarda. La temperatura absoluta (T) se mide en kelvin.';
    expect(meaningOf('Q', text)).toBe('la carga que pasa');
    expect(meaningOf('T', text)).toBe('La temperatura absoluta');
    expect(meaningOf('x', text)).toBeUndefined();
  });
});

describe('a table row read as «celda · celda · celda»', () => {
  const row = 'Etapa · Proceso · Temperatura · Calor Trabajo\n2 → 3 · Expansión adiabática · baja de T₁ a T₂ · Q = 0 el gas realiza trabajo\n';
  it('never glues its cells into a formula', () => {
    expect(formulasIn(row).map((f) => f.text)).not.toContain('T₂ · Q = 0');
    expect(formulasIn(row).some((f) => f.text.includes('·'))).toBe(false);
  });
  it('leaves a product written in a sentence a formula', () => {
    expect(formulasIn('El trabajo máximo es W = η · Q₁ en cada ciclo.').map((f) => f.text)).toEqual(['W = η · Q₁']);
  });
  it('keep a bracket that opens a formula and closes in it, and symbols named by a few letters («Vmax»)', () => {
    expect(formulasIn('Cuando la concentración es igual a la constante:\n\n[S] = Km\n').map((f) => f.text)).toEqual(['[S] = Km']);
    const lb = '1/v0 = (Km / Vmax) · (1/[S]) + 1/Vmax';
    expect(formulasIn(`La recta de dobles inversos:\n\n${lb}\n`).map((f) => f.text)).toEqual([lb]);
    expect(speakFormula(lb)).toBe('uno entre v cero es K m entre V max por uno entre S más uno entre V max');
    // A series written with an ellipsis is one formula, its symbol named by a few letters.
    expect(formulasIn('En serie, la suma:\n\nReq = R1 + R2 + … + Rn\n').map((f) => f.text)).toEqual(['Req = R1 + R2 + … + Rn']);
    expect(speakFormula('Req = R1 + R2 + … + Rn')).toBe('R eq es R uno más R dos más puntos suspensivos más R n');
    // A formula cut inside a bracket it opened is never taken: it ends before that bracket.
    expect(formulasIn('Se cumple v = (a + 2 cuando sube.').map((f) => f.text)).not.toContain('v = (a + 2');
  });
});
