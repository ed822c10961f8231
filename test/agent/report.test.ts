/**
 * The five-line report reads only what the tools accepted (issue 23): a refused call's input is the
 * model's own words (`semana: 9` in a four-week course, `id_nota: "la primera"`), so the report names
 * the refusal and nothing read from that input. Pure: typed results in, text out.
 */
import { describe, expect, it } from 'vitest';
import { buildReport, callRecord } from '../../src/agent/report.js';
import { weekTitle } from '../../src/domain/course/course.js';
import { DEMO_COURSE } from '../../src/domain/course/demo.js';
import type { ToolResult } from '../../src/tools/contract.js';

const refused: ToolResult = { kind: 'error', code: 'VALIDATION', message: 'Argumentos no válidos para generar_portada: semana=9 fuera de [1, 2, 3, 4].' };
const made: ToolResult = { kind: 'ok', data: { ruta: 'portadas/semana_03.png' } };

describe('the report of a run with a refused call', () => {
  it('a refused week is never named: only the refusal is reported', () => {
    const report = buildReport([callRecord('generar_portada', { semana: 9, maqueta: true }, refused)], DEMO_COURSE);
    expect(report).not.toMatch(/Semana 9/);
    expect(report).toMatch(/^Portada: no se hizo — argumentos no válidos/m);
  });

  it('refused, then corrected: the report is about the corrected week', () => {
    const report = buildReport([callRecord('generar_portada', { semana: 9, maqueta: true }, refused), callRecord('generar_portada', { semana: 3, maqueta: true }, made)], DEMO_COURSE);
    expect(report.split('\n')[0]).toBe(`${weekTitle(DEMO_COURSE, 3)}.`);
    expect(report).toMatch(/^Portada: hecha/m);
  });

  it('the cover and the narration both rejected: said once, not «no la aprobaste» twice', () => {
    const no: ToolResult = { kind: 'rechazado', notApproved: { reason: 'rechazado' } };
    const report = buildReport([callRecord('generar_portada', { semana: 3, maqueta: true }, no), callRecord('narrar_resumen', { semana: 3, motor: 'juguete' }, no)], DEMO_COURSE, { week: 3 });
    expect(report.match(/aprobaste/g)).toHaveLength(1);
    expect(report).toMatch(/^Portada y narración: no se hicieron — no aprobaste ninguna de las dos\.$/m);
    // One of the two made: each keeps its own line.
    const one = buildReport([callRecord('generar_portada', { semana: 3, maqueta: true }, made), callRecord('narrar_resumen', { semana: 3, motor: 'juguete' }, no)], DEMO_COURSE, { week: 3 });
    expect(one).toMatch(/^Portada: hecha/m);
    expect(one).toMatch(/^Narración: no se hizo — no la aprobaste\.$/m);
  });

  it('a refused card call names no note read from its input', () => {
    const bad: ToolResult = { kind: 'error', code: 'VALIDATION', message: 'Argumentos no válidos para crear_tarjetas: id_nota debe ser un número.' };
    const report = buildReport([callRecord('crear_tarjetas', { id_nota: 1 }, { kind: 'ok', data: { ids: [10, 11] } }), callRecord('crear_tarjetas', { id_nota: 'la primera' }, bad)], DEMO_COURSE);
    expect(report).not.toMatch(/NaN|la primera/);
    expect(report).toMatch(/ no se hicieron — /);
  });

  it('a week the course lacks has a plain title, never an error', () => {
    expect(weekTitle(DEMO_COURSE, 9)).toBe('Semana 9');
  });
});

describe('the report of a week with no notes yet', () => {
  it('says the week has no notes and what to send, and why no cards — not «notas revisadas ninguna» nor «no se pidieron»', () => {
    const search = callRecord('buscar_notas', { consulta: 'historia del arte renacimiento impresionismo cubismo pintura', k: 5 }, { kind: 'ok', data: [] });
    const lines = buildReport([search, callRecord('generar_portada', { semana: 3, maqueta: true }, made)], DEMO_COURSE, { week: 3 }).split('\n');
    expect(lines[0]).toBe(`${weekTitle(DEMO_COURSE, 3)}: todavía no tiene notas; mándame tus apuntes (texto, PDF o una foto) y la preparo con ellos.`);
    expect(lines[1]).toBe('Tarjetas: ninguna, porque no hay notas de las que hacerlas.');
  });
});

describe('how a thing not done and the usage read', () => {
  const noNotes: ToolResult = { kind: 'error', code: 'NOT_FOUND', message: 'La herramienta narrar_resumen falló: No hay notas de la semana 2; no se puede escribir el contenido.' };
  const usage = callRecord('registrar_uso', { tarea: 'semana-2', modelo: 'claude-sonnet-5-5', tokens_entrada: 10, tokens_salida: 5 }, { kind: 'ok', data: {} });

  it('«no se hizo», in lower case, with the reason read on as part of the sentence', () => {
    const report = buildReport([callRecord('narrar_resumen', { semana: 2, motor: 'juguete' }, noNotes)], DEMO_COURSE, { week: 2 });
    expect(report.split('\n')[3]).toBe('Narración: no se hizo — no hay notas de la semana 2; no se puede escribir el contenido.');
    expect(report).not.toMatch(/\bNO\b/);
  });

  it('the usage line is there when the run is paid for, and left out when it costs nothing', () => {
    const calls = [callRecord('generar_portada', { semana: 3, maqueta: true }, made), usage];
    expect(buildReport(calls, DEMO_COURSE, { week: 3 }).split('\n').at(-1)).toBe('Uso: anotado; el coste va abajo.');
    const free = buildReport(calls, DEMO_COURSE, { week: 3, billed: false }).split('\n');
    expect(free).toHaveLength(4);
    expect(free.join('\n')).not.toMatch(/^Uso:/m);
  });
});
