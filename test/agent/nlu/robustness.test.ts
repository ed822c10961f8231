/**
 * What a one-layer classifier gets wrong by chance, pinned: glue words («con la GPU») must not sink
 * a request, a message about the work is never small talk, and common words are not «corrected»
 * into numbers («nueva» is not «nueve»).
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../../src/agent/intent.js';
import { understand } from '../../../src/agent/understand.js';

describe('the understanding, robust', () => {
  it('a request with an unknown tail is still that request', () => {
    expect(understand('prepare la portada de la semana 3 con la GPU')).toMatchObject({ intent: 'preparar', semana: 3 });
    expect(interpret('prepare la portada de la semana 3 con la GPU')).toMatchObject({ kind: 'plan', week: 3, maqueta: false });
  });

  it('naming a part of a week is never small talk: without a week it asks which', () => {
    for (const text of ['haz la portada', 'haga la portada', 'hazme la portada']) expect(understand(text), text).toEqual({ intent: 'ambiguo', quiere: 'portada' });
  });

  it('does not read «nueva» as a number', () => {
    expect(understand('busque mi nota nueva')).toEqual({ intent: 'buscar', consulta: 'nueva' });
  });
});
