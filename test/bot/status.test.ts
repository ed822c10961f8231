/** /estado reads the same from typed records: every task with its state, and what the run waits for. */
import { describe, expect, it } from 'vitest';
import { renderStatus, statusWait } from '../../src/bot/status.js';

describe('/estado', () => {
  const tasks = [
    { label: 'Recuperar notas', state: 'hecha' as const, attempt: 1 },
    { label: 'Portada', state: 'en_curso' as const, attempt: 2 },
    { label: 'Narración', state: 'pendiente' as const, attempt: 1 },
  ];

  it('lists every task, not only the running ones, and says what it waits for', () => {
    expect(renderStatus({ run: { text: 'prepara la semana 3', workS: 12, tasks }, pending: [], budget: { spent: 0, limit: 5 } })).toBe([
      'En marcha: «prepara la semana 3» (llevo 12 s de trabajo).',
      'Tareas:',
      '✅ Recuperar notas — hecha',
      '🔄 Portada — en marcha (intento 2)',
      '⬜ Narración — en cola',
      '⏳ Espera a que termine: Portada.',
      'Sin aprobaciones pendientes.',
      'Presupuesto del mes: quedan 5,00 USD de 5,00 USD.',
    ].join('\n'));
  });

  it('a paused run waits for the owner, named in words', () => {
    const view = { run: { text: 'x', workS: 3, waiting: true, tasks: [] }, pending: [{ tool: 'narrar_resumen' }] };
    expect(statusWait(view)).toEqual({ kind: 'aprobacion', what: 'narrar el resumen de la semana' });
    const text = renderStatus(view);
    // Waiting is not working: no «En marcha», and the time is work time only.
    expect(text.split('\n')[0]).toBe('⏸ Esperando tu respuesta: «x». Hasta que respondas no hago nada (llevo 3 s de trabajo; el rato que espero no cuenta).');
    expect(text).not.toMatch(/En marcha/);
    expect(text).toContain('• todavía ninguna: estoy pensando qué hacer');
    expect(text).toContain('⏸ Espera tu permiso para narrar el resumen de la semana (los botones están más arriba).');
    expect(text).not.toMatch(/narrar_resumen/);
  });

  it('with nothing running it says so, without a task list', () => {
    expect(renderStatus({ pending: [] })).toBe('No hay nada en marcha.\nSin aprobaciones pendientes.');
  });
});
