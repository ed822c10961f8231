/**
 * The offline planner honours the reasons of the owner's earlier noes where it can (pure): the voice
 * or the image they asked for — how a thing is made, never whether (asked again, it was asked for) —
 * and only for the same thing (same tool, same week) they refused.
 */
import { describe, expect, it } from 'vitest';
import { honourReasons, type PlannedCall } from '../../src/agent/model/honour.js';
import type { RefusalReason } from '../../src/store/index.js';

const week4: PlannedCall[] = [
  { name: 'crear_tarjetas', input: { id_nota: 10 } },
  { name: 'generar_portada', input: { semana: 4, maqueta: true } },
  { name: 'narrar_resumen', input: { semana: 4, motor: 'juguete' } },
];
const no = (tool: string, semana: number, motivo: string): RefusalReason => ({ tool, semana, motivo, fecha: '2026-12-01T10:00:00.000Z' });

describe('the reasons of earlier noes', () => {
  it('«mejor con mi voz» narrates in the owner\'s voice; «con una voz sintética» back again', () => {
    expect(honourReasons(week4, [no('narrar_resumen', 4, 'Mejor con mi voz')])[2]).toEqual({ name: 'narrar_resumen', input: { semana: 4, motor: 'xtts' } });
    const calls = [{ name: 'narrar_resumen', input: { semana: 4, motor: 'xtts' } }];
    expect(honourReasons(calls, [no('narrar_resumen', 4, 'no con mi voz, que suena rara')])[0]!.input.motor).toBe('juguete');
  });

  it('the cover on the graphics card, or the drawing, as the reason says', () => {
    expect(honourReasons(week4, [no('generar_portada', 4, 'la quiero de verdad, con la tarjeta gráfica')])[1]!.input.maqueta).toBe(false);
    const gpu = [{ name: 'generar_portada', input: { semana: 4, maqueta: false } }];
    expect(honourReasons(gpu, [no('generar_portada', 4, 'tarda mucho, mejor el dibujo')])[0]!.input.maqueta).toBe(true);
  });

  it('«hoy no quiero audio» was about that day: asked again, the narration is proposed as asked', () => {
    expect(honourReasons(week4, [no('narrar_resumen', 4, 'hoy no quiero audio')])).toEqual(week4);
  });

  it('a reason about another week, another tool, or one it cannot read changes nothing', () => {
    expect(honourReasons(week4, [no('narrar_resumen', 3, 'mejor con mi voz'), no('generar_portada', 4, 'no me gusta el color')])).toEqual(week4);
  });

  it('the newest reason about the same thing wins', () => {
    const reasons = [no('narrar_resumen', 4, 'mejor con mi voz'), no('narrar_resumen', 4, 'mejor una voz sintética')];
    expect(honourReasons(week4, reasons)[2]!.input.motor).toBe('juguete');
  });
});
