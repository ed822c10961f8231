/**
 * «Borra mis datos» for a single owner (issue 28, Build 1; issue 22: a new audit chain), through the
 * real bot, the emulator and the real agent service: a question with two buttons bound to the asker,
 * only the second explicit tap deletes; notes, cards and review history, course, files, runs, usage
 * and audit go; the reply says what went, in counts; the new chain's first entry records the
 * deletion without content and verifies; the demo notes do not come back.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditLog } from '../../src/store/auditCheck.js';
import { openNotebook } from '../../src/store/index.js';
import type { ChatClient } from '../support/telegram.js';
import { OWNER, OWNER2, startStack, type Stack } from './stack.js';
import { button, real, until } from './steps.js';

let stack: Stack;
let owner: ChatClient;
let keysDir: string;
beforeAll(async () => {
  keysDir = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-claves-'));
  stack = await startStack(real, { CUADERNO_CLAVES_DIR: keysDir });
  owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
});
afterAll(async () => {
  await stack?.close();
  await rm(keysDir, { recursive: true, force: true });
});

const SECRET_NOTE = 'El contrapunto de Bach es secreto de Ana';

/** Fills the owner's folder through the store, the way the bot and the tools write it. */
async function fill(dataDir: string): Promise<void> {
  const nb = await openNotebook(dataDir, { keysDir });
  await nb.notes.add('música', SECRET_NOTE, 1);
  await nb.cards.append([{ pregunta: '¿Quién escribió el Arte de la fuga?', respuesta: 'Bach', id_nota: 1, tipo: 'definicion' }, { pregunta: '¿Qué es un canon?', respuesta: 'Una imitación estricta', id_nota: 1, tipo: 'definicion' }]);
  await nb.reviews.update((s) => {
    const snap = { estado: 0, dificultad: 5, estabilidad: 1, vencimiento: '2030-01-02T00:00:00.000Z', repeticiones: 1, fallos: 0 };
    s.registro.push({ n: 1, id_tarjeta: 1, calificacion: 3, fecha: '2030-01-01T06:00:00.000Z', antes: snap as never, despues: snap as never });
  });
  await nb.course.write({ titulo: 'Música', semanas: [1, 2, 3].map((n) => ({ numero: n, titulo: `Tema ${n}`, inicio: null, terminos: [] })) });
  await nb.usage.append({ origen: 'facturado', tarea: 'prueba', modelo: 'claude-sonnet-5-5', tokens_entrada: 10, tokens_salida: 10 });
  await nb.audit.append({ timestamp: '2030-01-01T06:00:00.000Z', event: 'solicitud', call_id: 'c1', tool: 'buscar_notas', args: { consulta: SECRET_NOTE } });
  await nb.audit.append({ timestamp: '2030-01-01T06:00:01.000Z', event: 'resultado', call_id: 'c1', tool: 'buscar_notas', ok: true });
  await mkdir(path.join(dataDir, 'portadas'), { recursive: true });
  await writeFile(path.join(dataDir, 'portadas', 'semana_01.png'), 'png');
  await mkdir(path.join(dataDir, 'runs', 'r1'), { recursive: true });
  await writeFile(path.join(dataDir, 'runs', 'r1', 'estado.json'), '{}');
}

describe('«borra mis datos», single owner', () => {
  it('asks with buttons bound to the owner; «No» keeps everything; «Sí» removes it all and says what, in counts', async () => {
    const dir = stack.config.dataDir;
    await fill(dir);

    await owner.say('borra mis datos');
    const ask = await owner.waitText(/¿Borrar todos tus datos\?/);
    expect(ask.buttons.map((b) => b.text)).toEqual(['🗑 Sí, bórralo todo', '↩️ No, déjalo']);
    // Another allowed person pressing the owner's button deletes nothing.
    const other = stack.h.client({ userId: OWNER2, chatId: OWNER, firstName: 'Bea' });
    await other.press(ask.messageId, button(ask, /Sí, bórralo/));
    await until(async () => stack.h.answers.some((a) => a.fromId === OWNER2));
    expect(stack.h.answers.find((a) => a.fromId === OWNER2)).toMatchObject({ showAlert: true });
    await owner.press(ask.messageId, button(ask, /No, déjalo/));
    await owner.waitText(/no he borrado nada/);
    expect((await stack.notebook.notes.list()).some((n) => n.texto === SECRET_NOTE)).toBe(true);

    // `/borrar N` is still a card; `/borrar` alone asks about everything.
    await owner.say('/borrar');
    const again = await owner.waitFor('the second question', (msgs) => msgs.find((m) => m.messageId !== ask.messageId && /¿Borrar todos tus datos\?/.test(m.text)));
    await owner.press(again.messageId, button(again, /Sí, bórralo/));
    const done = await owner.waitText(/^Hecho: he borrado/);
    expect(done.text).toMatch(/13 notas, 2 tarjetas, 1 respuesta de repaso, tu curso \(3 semanas\), 1 archivo \(portadas, audios o material\), 1 trabajo, 1 apunte de gasto y 2 líneas del registro de actividad/);
    expect(done.buttons).toEqual([]);

    expect(await stack.notebook.notes.list()).toEqual([]);
    expect(await stack.notebook.cards.list()).toEqual([]);
    expect(await stack.notebook.usage.list()).toEqual([]);
    expect(await stack.notebook.course.read()).toBeNull();
    expect((await stack.notebook.reviews.read()).registro).toEqual([]);
    const left = (await readdir(dir)).filter((n) => !n.endsWith('.lock'));
    expect(left.sort()).toEqual(['auditoria.jsonl', 'bot', 'cuaderno.id', 'notas.json']);

    // The new chain: one entry, the date and the counts, no content; it verifies.
    const text = await readFile(path.join(dir, 'auditoria.jsonl'), 'utf8');
    expect(text).not.toContain('Bach');
    const lines = text.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ event: 'datos_borrados', seq: 1, cuentas: { notas: 13, tarjetas: 2, repasos: 1, semanas: 3, archivos: 1, trabajos: 1, usos: 1, auditoria: 2 } });
    const check = await verifyAuditLog(path.join(dir, 'auditoria.jsonl'), keysDir);
    expect(check.problems).toEqual([]);

    // The notebook is empty (the demo notes do not come back), and the chain goes on from the deletion.
    await owner.say('/notas');
    await owner.waitFor('the empty notes list', (msgs) => msgs.slice(-1).find((m) => !/Nota 1\b/.test(m.text) && /nota/i.test(m.text)));
    const nb = await openNotebook(dir, { keysDir });
    await nb.audit.append({ timestamp: '2030-01-02T06:00:00.000Z', event: 'solicitud', call_id: 'c2', tool: 'buscar_notas', args: {} });
    expect((await nb.audit.list()).map((e) => e.seq)).toEqual([1, 2]);
    expect((await verifyAuditLog(path.join(dir, 'auditoria.jsonl'), keysDir)).problems).toEqual([]);
  });
});
