/**
 * `npm start`'s class-mode wiring as a real process: with MODO_CLASE=1 a single-owner data dir
 * becomes the teacher's folder (the embedded chat's user is the teacher) and stays so on the next
 * start; without it, a class's data dir is refused in one sentence instead of growing a stray notebook.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openNotebook } from '../../src/store/index.js';
import { userDataDir } from '../../src/store/users.js';
import { DEFAULT_WEBCHAT_USER } from '../../src/webchat/index.js';
import { freePort } from '../support/telegram.js';
import { cleanupAfterEach, spawnBot, tempDir } from './chat-harness.js';

cleanupAfterEach();

describe('npm start in class mode', () => {
  it('moves a single-owner install into the teacher\'s folder once; a class dir without MODO_CLASE is refused', async () => {
    const tmp = await tempDir('cv-clase-');
    const data = path.join(tmp, 'data');
    await (await openNotebook(data)).notes.add('arte', 'Nota de antes del modo clase: el fauvismo usa colores puros.');

    const first = spawnBot({ CUADERNO_DATA_DIR: data, CHAT_PORT: String(await freePort()), MODO_CLASE: '1' });
    const out = await first.waitForStdout(/Ctrl\+C para salir/, 60_000);
    expect(out).toMatch(/Modo clase: tus datos de antes son ahora los del profesor/);
    first.signal('SIGTERM');
    expect((await first.exited).code).toBe(0);
    expect((await readdir(data)).sort()).toEqual(['usuarios', 'webchat']);
    const teacher = await openNotebook(userDataDir(data, DEFAULT_WEBCHAT_USER.id));
    expect((await teacher.notes.list()).some((n) => /fauvismo/.test(n.texto))).toBe(true);

    const single = spawnBot({ CUADERNO_DATA_DIR: data, CHAT_PORT: String(await freePort()) });
    expect((await single.exited).code).toBe(2);
    expect(single.stderr().trim()).toBe(`No se pudo arrancar Cuaderno Vivo: ${data} es la carpeta de una clase: arranca con MODO_CLASE=1, o usa otra carpeta de datos.`);
    expect((await readdir(data)).sort()).toEqual(['usuarios', 'webchat']);

    const again = spawnBot({ CUADERNO_DATA_DIR: data, CHAT_PORT: String(await freePort()), MODO_CLASE: '1' });
    expect(await again.waitForStdout(/Ctrl\+C para salir/, 60_000)).not.toMatch(/tus datos de antes/);
    again.signal('SIGTERM');
    expect((await again.exited).code).toBe(0);
  }, 180_000);
});
