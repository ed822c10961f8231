/**
 * Hole 9: state files. One clear Spanish message per case (which file, what is wrong, how to
 * recover) for a directory, wrong types and bad entries; a UTF-8 BOM is stripped and the file
 * loads; a damaged chat.json keeps the pending approval answerable.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentService } from '../../src/agent/service.js';
import { createBot, startBot, type CuadernoBot, type RunningBot } from '../../src/bot/index.js';
import { loadConfig } from '../../src/config.js';
import { openNotebook } from '../../src/store/index.js';
import { loadWebchatToken, startEmbeddedTelegram, type EmbeddedTelegram } from '../../src/webchat/index.js';
import { startBotProcess } from '../main/bot-process.js';
import { stopBotAndRuns } from '../support/local-chat.js';
import { freePort } from '../support/telegram.js';
import { tempDir } from '../tools/helpers.js';
import { cli } from './support.js';
import { TEST_ENV } from '../support/test-env.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
async function dataDir(): Promise<string> {
  const t = await tempDir('cv-state-');
  cleanups.push(t.cleanup);
  return t.dir;
}
const SEED = path.resolve('assets/notas.json');

describe('hand-damaged state files get one clear sentence each', () => {
  it('notas.json replaced by a directory: which file, what is wrong, how to recover — no raw EISDIR', async () => {
    const dir = await dataDir();
    await mkdir(path.join(dir, 'notas.json'));
    for (const args of [['notas'], ['herramienta', 'buscar_notas', '{"consulta":"luz","k":1}']]) {
      const r = await cli(args, { CUADERNO_DATA_DIR: dir });
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr).toMatch(/notas\.json.*es una carpeta, no un archivo/);
      expect(r.stderr).toMatch(/recuperarlo/);
      expect(r.stderr).not.toMatch(/EISDIR/);
    }
  });

  it('a UTF-8 BOM (as some editors save) is stripped and the file loads', async () => {
    const dir = await dataDir();
    await writeFile(path.join(dir, 'notas.json'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), await readFile(SEED)]));
    await writeFile(path.join(dir, 'tarjetas.json'), '\ufeff[]');
    const notas = await cli(['notas', '--json'], { CUADERNO_DATA_DIR: dir });
    expect(notas.stderr).toBe('');
    expect(notas.code).toBe(0);
    expect(JSON.parse(notas.stdout)).toHaveLength(12);
    const cards = await cli(['herramienta', 'crear_tarjetas', '{"id_nota":1}'], { CUADERNO_DATA_DIR: dir });
    expect(JSON.parse(cards.stdout).is_error).toBe(false);
  });

  it('wrong types in notas.json name the entry and the field', async () => {
    const dir = await dataDir();
    await writeFile(path.join(dir, 'notas.json'), JSON.stringify([{ id: 1, tema: 'Luz', texto: 'x' }, { id: '2', tema: 'Color', texto: 'y' }]));
    const r = await cli(['notas'], { CUADERNO_DATA_DIR: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/notas\.json.*el elemento 2 tiene un "id" que no es un entero positivo/);
  });

  it('bad entries in bot/estado.json stop start-up with one sentence (not GrammyError traces later)', async () => {
    const dir = await dataDir();
    await mkdir(path.join(dir, 'bot'), { recursive: true });
    await writeFile(path.join(dir, 'bot', 'estado.json'), JSON.stringify({
      version: 1,
      runs: [{ runId: 'r1', chatId: 'hola', ownerId: 100000001, group: false, mode: 'agente', text: 'x', startedAt: 1 }],
      approvals: [],
    }));
    const port = await freePort();
    const bot = startBotProcess({ CUADERNO_DATA_DIR: dir, CHAT_PORT: String(port), CUADERNO_MODELO: 'local' });
    cleanups.push(async () => { bot.killGroup(); await bot.exited; });
    const first = await Promise.race([bot.exited, bot.waitForStdout(/Chat local listo/, 60_000).then(() => 'ready' as const, () => 'ready' as const)]);
    expect(first).not.toBe('ready');
    expect(first).toMatchObject({ code: 2 });
    expect(bot.stderr()).toMatch(/estado\.json está dañado: el trabajo 1 tiene "chatId" = "hola", que no es un número entero/);
    expect(bot.stderr()).not.toMatch(/GrammyError|\n\s+at /);
  });
});

describe('a damaged chat.json', () => {
  it('is set aside and the pending approval is asked again, answerable, on the page', async () => {
    const dir = await dataDir();
    const filesDir = path.join(dir, 'webchat');
    await mkdir(filesDir, { recursive: true });
    const token = await loadWebchatToken(filesDir);
    const config = loadConfig({ ...TEST_ENV, CUADERNO_DATA_DIR: dir, CUADERNO_MODELO: 'local' });
    const boot = async (): Promise<{ tg: EmbeddedTelegram; cb: CuadernoBot; running: RunningBot }> => {
      const tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token, filesDir, log: () => undefined });
      const service = await createAgentService({ config });
      const cb = await createBot({ config, service, notebook: service.toolbox.notebook, token, apiRoot: tg.apiRoot, allowedUserIds: [tg.server.chatId], log: () => undefined });
      const running = await startBot(cb, config, { pollTimeoutS: 1, webhook: false });
      return { tg, cb, running };
    };
    const waitApproval = async (tg: EmbeddedTelegram) => {
      const req = await tg.server.waitForRequest('sendMessage', (r) => String(r.params.text).startsWith('🔐'), 40_000);
      return tg.server.history().find((m) => 'text' in m && m.text === req.params.text && (m.reply_markup?.inline_keyboard.length ?? 0) > 0)!;
    };
    let first = await boot();
    first.tg.server.sendUserText('prepare la semana 3');
    const asked = await waitApproval(first.tg);
    expect(asked).toBeDefined();
    await first.running.stop();
    await first.cb.runs.idle();
    await first.tg.close();
    await writeFile(path.join(filesDir, 'chat.json'), '{"version":1,"savedAt":"2026-'); // cut mid-write

    const second = await boot();
    // The run goes on after the test's last check (the narration): it must be over before the
    // data dir is removed, or the removal races its writes (ENOTEMPTY).
    cleanups.push(async () => { await stopBotAndRuns(second.cb, second.running); await second.tg.close(); });
    first = second;
    const again = await waitApproval(second.tg);
    expect(again.message_id).not.toBe(asked.message_id);
    const approve = (again.reply_markup!.inline_keyboard.flat() as { text: string; callback_data?: string }[]).find((b) => /Aprobar/.test(b.text))!;
    second.tg.server.pressButton(again.message_id, approve.callback_data!);
    // The tap decides it: the cover is made with the owner's approval.
    const notebook = await openNotebook(dir);
    const coverDone = async () => (await notebook.audit.list()).find((e) => e.tool === 'generar_portada' && e.event === 'resultado');
    while (!(await coverDone())) await new Promise((r) => setTimeout(r, 50));
    expect(await coverDone()).toMatchObject({ outcome: 'ok', approval: { approved: true } });
  });
});
