/**
 * A class student's «con flux» reaches the image engine (issue 41): the bot as the operator runs it
 * (`node dist/main.js`, MODO_CLASE=1, the local planner) against the embedded Bot API, a teacher's
 * invite, one student who joins, registers their voice and asks «prepara la semana 1 con flux,
 * narrada con mi voz», tapping each approval as it shows. Twice: with the shared queue (REDIS_URL,
 * one `npm run trabajador` process that advertises both engines) and with the bot's own GPU lane.
 *
 * The premise a class benchmark rests on: the student's cover is made by the image server and their
 * narration by the speech server — not drawn on the CPU. Covers in tests are 256² (PORTADA_PX), the
 * probe's size: the start-up probe is told apart by its prompt, as the benchmark's engine does.
 */
import { readFile, readdir, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Message, User } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { openNotebook } from '../../src/store/index.js';
import { userDataDir } from '../../src/store/users.js';
import { consentFile } from '../../src/domain/media/consent.js';
import { PROBE_PROMPT, PROBE_WORD } from '../../src/domain/media/probe.js';
import type { EmbeddedTelegram } from '../../src/webchat/index.js';
import { compiled } from '../support/compiled.js';
import { startImageServer, startSpeechServer, type RecordedRequest } from '../support/media-servers.js';
import { deletePrefix, SHARED_REDIS_URL, spawnNode, testPrefix, type NodeProc } from '../lanes/support.js';
import { cleanupAfterEach, startPolling, startTelegram, tempDir, until, waitForMessage, WAIT_MS, WEBCHAT_TOKEN } from './chat-harness.js';

cleanupAfterEach();
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const TEACHER = 50;
const STUDENT: User = { id: 1001, is_bot: false, first_name: 'Alumna' };
const TEACHER_USER: User = { id: TEACHER, is_bot: false, first_name: 'Profe' };
/** A word of the student's own in the week's notes: the cover's prompt carries it to the engine. */
const MARK = 'alumnabaab';

const body = (r: RecordedRequest): Record<string, unknown> => (r.body ?? {}) as Record<string, unknown>;
/** The requests that are the class's work, the bot's start-up probe left out. */
const work = (requests: readonly RecordedRequest[], isProbe: (b: Record<string, unknown>) => boolean) => requests.filter((r) => r.method === 'POST' && !isProbe(body(r)));

const botSays = (t: EmbeddedTelegram, chatId: number, what: string, re: RegExp): Promise<Message> =>
  waitForMessage(t, what, () => t.server.history(chatId).find((m) => m.from?.is_bot === true && re.test(m.text ?? '')));

describe('a class student’s GPU cover', () => {
  it.each(['cola', 'cola+cpu', 'proceso'] as const)('reaches the image engine, not the CPU (%s)', async (variant) => {
    const dir = await tempDir(`cv-clase-gpu-${variant}-`);
    const dataDir = path.join(dir, 'data');
    const t = await startTelegram(dir);
    const images = await startImageServer('ok');
    const speech = await startSpeechServer('ok');
    cleanups.push(async () => { await images.close(); await speech.close(); });
    const engines = { FLUX_URL: images.url, XTTS_URL: speech.url };
    let worker: NodeProc | undefined;
    let cpuWorker: NodeProc | undefined;
    let queue: Record<string, string> = {};
    if (variant !== 'proceso') {
      const prefix = testPrefix();
      cleanups.push(() => deletePrefix(SHARED_REDIS_URL, prefix));
      queue = { REDIS_URL: SHARED_REDIS_URL, CUADERNO_COLA_PREFIJO: prefix };
      const w = spawnNode([compiled('trabajador'), '--carril', 'gpu', '--motores', 'flux,xtts', '--nombre', 'gpu-41'], { ...queue, ...engines });
      worker = w;
      cleanups.push(w.kill);
      await until('the worker to take jobs', () => w.out().includes('"ready"'));
    }
    if (variant === 'cola+cpu') {
      // Issue 41 item 2: a CPU worker beside it takes the week's CPU work off the bot.
      const c = spawnNode([compiled('trabajador'), '--carril', 'cpu', '--nombre', 'cpu-41'], queue);
      cpuWorker = c;
      cleanups.push(c.kill);
      await until('the CPU worker to take jobs', () => c.out().includes('"ready"'));
    }
    await startPolling(t, {
      TELEGRAM_BOT_TOKEN: WEBCHAT_TOKEN,
      TELEGRAM_API_ROOT: t.apiRoot,
      ALLOWED_USER_IDS: String(TEACHER),
      MODO_CLASE: '1',
      CUADERNO_DATA_DIR: dataDir,
      CUADERNO_CLAVES_DIR: path.join(dir, 'claves'),
      CUADERNO_MODELO: 'local',
      ...engines,
      ...queue,
    });

    // The teacher's invite; the student joins with it, registers their voice and has a note of their own.
    t.server.sendUserText('/invitar', TEACHER_USER);
    const invite = await botSays(t, TEACHER, 'the invite', /\?start=/);
    const code = /\?start=([\w-]+)/.exec(invite.text!)![1]!;
    t.server.sendUserText(`/start ${code}`, STUDENT);
    await botSays(t, STUDENT.id, 'the welcome', /Ya estás en la clase/);
    const own = userDataDir(dataDir, STUDENT.id);
    await mkdir(own, { recursive: true });
    await writeFile(consentFile(own), JSON.stringify({ titular: 'Alumna', alcance: 'narraciones de Cuaderno Vivo', valido_hasta: '2099-12-31', voz: 'voz-alumna' }));
    await (await openNotebook(own)).notes.add('Marca', Array.from({ length: 8 }, () => MARK).join(' '), 1);

    // Each approval tapped as it shows; then the report.
    const tapped = new Set<number>();
    const off = t.server.subscribe((e) => {
      if ((e.type !== 'message' && e.type !== 'edit') || e.message.chat.id !== STUDENT.id) return;
      const m = e.message;
      const approve = ((m.reply_markup?.inline_keyboard ?? []) as Array<Array<{ text: string; callback_data?: string }>>).flat().find((b) => b.text === '✅ Aprobar' && b.callback_data);
      if (!approve || tapped.has(m.message_id)) return;
      tapped.add(m.message_id);
      setImmediate(() => t.server.pressButton(m.message_id, approve.callback_data!, STUDENT, STUDENT.id));
    });
    cleanups.push(async () => off());
    t.server.sendUserText('prepara la semana 1 con flux, narrada con mi voz', STUDENT);
    await botSays(t, STUDENT.id, 'the report', /^📋 Informe/);
    expect(tapped.size).toBe(2);

    // The cover: one request to the image server, with the student's own words — the GPU drew it.
    const covers = work(images.requests, (b) => b.prompt === PROBE_PROMPT);
    expect(covers).toHaveLength(1);
    expect(String(body(covers[0]!).prompt)).toContain(MARK);
    const narrations = work(speech.requests, (b) => String(b.input ?? '').trim() === PROBE_WORD);
    expect(narrations.map((r) => body(r).voice)).toEqual(['voz-alumna']);
    // What the student got says so, and there is no drawing beside it.
    const files = (await readdir(path.join(own, 'portadas'))).filter((f) => f.endsWith('.png'));
    expect(files).toEqual(['semana_01-flux.png']);
    const sidecar = JSON.parse(await readFile(path.join(own, 'portadas', 'semana_01-flux.json'), 'utf8')) as { engine: string };
    expect(sidecar.engine).toBe('flux');
    // With the queue, the worker ran it (the bot only queued it).
    const finished = (w: NodeProc) => w.out().split('\n').filter((l) => l.includes('"type":"finished"')).map((l) => (JSON.parse(l) as { stage: string; jobId: string }));
    if (worker) {
      expect(finished(worker).map((e) => e.stage).sort()).toEqual(['narracion.voz', 'portada.imagen']);
      expect(finished(worker).every((e) => e.jobId.startsWith(`${STUDENT.id}-`))).toBe(true);
    }
    // With a CPU worker, the cover's prompt and the narration's script, watermark and MP3 ran there (the title stays on the bot), not on the bot.
    if (cpuWorker) {
      expect(finished(cpuWorker).map((e) => e.stage).sort()).toEqual(['narracion.codificar', 'narracion.guion', 'narracion.marca', 'portada.prompt']);
      expect(finished(cpuWorker).every((e) => e.jobId.startsWith(`${STUDENT.id}-`))).toBe(true);
    }
  }, 3 * WAIT_MS);
});
