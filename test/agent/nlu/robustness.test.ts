/**
 * What a one-layer classifier gets wrong by chance, pinned: glue words («con la GPU») must not sink
 * a request, a message about the work is never small talk, and common words are not «corrected»
 * into numbers («nueva» is not «nueve»).
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../../src/agent/intent.js';
import { understand } from '../../../src/agent/understand.js';
import { DEMO_COURSE } from '../../../src/domain/course/demo.js';

describe('the understanding, robust', () => {
  it('a request with an unknown tail is still that request', () => {
    expect(understand('prepare la portada de la semana 3 con la GPU')).toMatchObject({ intent: 'preparar', semana: 3 });
    expect(interpret('prepare la portada de la semana 3 con la GPU', DEMO_COURSE)).toMatchObject({ kind: 'plan', week: 3, maqueta: false });
  });

  it('naming a part of a week is never small talk: without a week it asks which', () => {
    for (const text of ['haz la portada', 'haga la portada', 'hazme la portada']) expect(understand(text), text).toEqual({ intent: 'ambiguo', quiere: 'portada' });
  });

  it('does not correct common words into keywords («nueva» is not «nueve»)', () => {
    expect(understand('busque mi nota nueva')).toEqual({ intent: 'buscar', consulta: 'nueva' });
    // Nor «cuánto» as «cuarto», nor «tarde» as «tardes».
    expect(understand('cuánto he gastado')).toEqual({ intent: 'orden', nombre: 'gasto' });
    expect(understand('recuérdame repasar a las 6 de la tarde')).toEqual({ intent: 'recordatorio', hora: '18:00' });
  });
});

describe('words stronger than the classifier', () => {
  it('an intent with a lasting effect needs a word of its own', () => {
    expect(understand('tarjetas del gótico')).toEqual({ intent: 'tarjetas', nota: 'gótico' });
    expect(understand('hazme la portada')).toEqual({ intent: 'ambiguo', quiere: 'portada' });
  });

  it('a removing or renaming verb on a week is a course edit, never a request to prepare it', () => {
    expect(understand('borra la semana 3')).toEqual({ intent: 'curso', cambio: 'quitar', semana: 3 });
    expect(understand('remove week 2')).toEqual({ intent: 'curso', cambio: 'quitar', semana: 2 });
    expect(understand('rename week 4 to Jazz')).toEqual({ intent: 'curso', cambio: 'titulo', semana: 4, titulo: 'Jazz' });
  });

  it('a complaint about one part of a week redoes that part; «con mi voz» names no part', () => {
    expect(understand('the voice in week 2 sounds awful')).toMatchObject({ intent: 'rehacer', que: 'narracion', semana: 2, redo: true });
    expect(understand('la voz de la semana 3 no me gusta')).toMatchObject({ intent: 'rehacer', que: 'narracion', semana: 3, redo: true });
    expect(understand('prepara la semana 2 con mi voz otra vez')).toMatchObject({ intent: 'preparar', semana: 2, voz: 'mia', redo: true });
  });
});
