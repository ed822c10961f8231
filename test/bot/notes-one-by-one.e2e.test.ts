/**
 * The notes one by one (issue 46 item 1), through the real bot, the real agent (offline planner)
 * and the embedded Bot API, with two allowed ids on one notebook (the first owns it):
 * - `/notas` and «mis notas de la semana 3» list each note with its week and source, a page at a
 *   time, every message within Telegram's limit;
 * - «borra la nota 29, está mal leída» asks about note 29 alone — never «¿Borrar todos tus datos?» —,
 *   deletes it, then offers its cards, whose deletion leaves tombstones; audited with who asked;
 * - a note moves to another week of the student's own six-week course (by words and by buttons),
 *   its cards with it; it is corrected through force_reply (search finds the new text); a card too;
 * - the other allowed id may look but not delete or move;
 * - a card deleted from a note's cards is not made again by the next request for the week's cards.
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Message, User } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentService } from '../../src/agent/service.js';
import { createBot, startBot, type CuadernoBot, type RunningBot } from '../../src/bot/index.js';
import { loadConfig } from '../../src/config.js';
import { MESSAGE_TEXT_MAX } from '../../src/lib/message-pack.js';
import type { Notebook } from '../../src/store/index.js';
import { startEmbeddedTelegram, newWebchatToken, type EmbeddedTelegram } from '../../src/webchat/index.js';
import { buttonsOf, until, waitForMessage } from '../main/chat-harness.js';
import { stopBotAndRuns } from '../support/local-chat.js';
import { TEST_ENV } from '../support/test-env.js';

const TOKEN = newWebchatToken();
const OTHER: User = { id: 555_000_111, is_bot: false, first_name: 'Bea' };

interface Chat {
  tmp: string;
  dataDir: string;
  tg: EmbeddedTelegram;
  notebook: Notebook;
  cb: CuadernoBot;
  running: RunningBot;
}
let chat: Chat | undefined;
afterEach(async () => {
  if (!chat) return;
  await stopBotAndRuns(chat.cb, chat.running);
  await chat.tg.close();
  await rm(chat.tmp, { recursive: true, force: true });
  chat = undefined;
});

/** The product as the local chat runs it, with a second allowed id beside the owner (the page's person). */
async function start(): Promise<Chat> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'cv-notas-'));
  const dataDir = path.join(tmp, 'data');
  const tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: TOKEN, filesDir: path.join(tmp, 'chat-files') });
  return { tmp, dataDir, tg, ...(await boot(dataDir, tg)) };
}

/** A bot and its agent over `dataDir` (a second call after stopping the first is a restart). */
async function boot(dataDir: string, tg: EmbeddedTelegram): Promise<Pick<Chat, 'notebook' | 'cb' | 'running'>> {
  const config = loadConfig({ ...TEST_ENV, CUADERNO_DATA_DIR: dataDir, CUADERNO_MODELO: 'local' });
  const service = await createAgentService({ config });
  const notebook = service.toolbox.notebook;
  const cb = await createBot({ config, service, notebook, token: TOKEN, apiRoot: tg.apiRoot, allowedUserIds: [tg.server.chatId, OTHER.id], statusEditIntervalMs: 0 });
  const running = await startBot(cb, config, { pollTimeoutS: 1, webhook: false });
  return { notebook, cb, running };
}

const text = (m: Message) => m.text ?? '';
const data = (m: Message, label: RegExp) => {
  const b = buttonsOf(m).find((x) => label.test(x.text));
  if (!b?.callback_data) throw new Error(`no button ${label} on «${text(m)}»: ${buttonsOf(m).map((x) => x.text).join(' | ')}`);
  return b.callback_data;
};
/** The first message after `after` (a message id) that `test` accepts, in the page's chat or `chatId`'s. */
const next = (c: Chat, what: string, after: number, test: (m: Message) => boolean, chatId = c.tg.server.chatId) =>
  waitForMessage(c.tg, what, () => c.tg.server.history(chatId).find((m) => m.message_id > after && m.from?.is_bot === true && test(m)));
const last = (c: Chat, chatId = c.tg.server.chatId) => c.tg.server.history(chatId).at(-1)?.message_id ?? 0;
const audit = async (c: Chat) => (await readFile(path.join(c.dataDir, 'auditoria.jsonl'), 'utf8').catch(() => '')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

const OWN_COURSE = { titulo: 'Literatura', semanas: [1, 2, 3, 4, 5, 6].map((n) => ({ numero: n, titulo: ['Lírica', 'Épica', 'Narración', 'Teatro', 'Ensayo', 'Crítica'][n - 1]!, inicio: null, terminos: [] })) };

/**
 * The student's own course and notes 13…29 (the demo's example notes gone, as when a student sets
 * their own course): 29 read from a PDF (page 3) in week 3, with two cards; the rest typed, week 5.
 */
async function fillOwnCourse(nb: Notebook): Promise<void> {
  await nb.course.write(OWN_COURSE);
  const typed = Array.from({ length: 16 }, (_, i) => ({ tema: 'ensayo', texto: `El ensayo número ${i + 1} argumenta una idea propia con libertad de forma.`, semana: 5 }));
  await nb.notes.addMany([...typed, { tema: 'narración', texto: 'La narraciom cuenta hechos reales o ficticios a traves de un narrador.', semana: 3, origen: { archivo: 'apuntes-literatura.pdf', pagina: 3 } }]);
  await nb.notes.removeMany(Array.from({ length: 12 }, (_, i) => i + 1));
  await nb.cards.append([
    { id_nota: 29, tipo: 'definicion', semana: 3, pregunta: '¿Qué cuenta la narración?', respuesta: 'hechos reales o ficticios' },
    { id_nota: 29, tipo: 'definicion', semana: 3, pregunta: '¿A través de quién se cuenta una narración?', respuesta: 'un narrador' },
  ]);
}

describe('notes one by one', () => {
  it('lists one note a line under its week, paged; «borra la nota 29» deletes that note only, then its cards; moves and corrections; all audited', async () => {
    chat = await start();
    const c = chat;
    const t = c.tg.server;
    await fillOwnCourse(c.notebook);

    // «mis notas de la semana 3»: the week's notes with their source.
    let mark = last(c);
    t.sendUserText('mis notas de la semana 3');
    const week3 = await next(c, 'week 3\'s notes', mark, (m) => /Tus notas de la semana 3/.test(text(m)));
    expect(text(week3)).toMatch(/^📒 Tus notas de la semana 3 · Narración \(1\):/);
    // One note a line, its title the start of its text where its topic is the week's own.
    expect(text(week3)).toBe('📒 Tus notas de la semana 3 · Narración (1):\n\n29 · La narraciom cuenta hechos reales o ficticios a…\n\nToca un número para ver la nota entera, de dónde viene, moverla, corregirla o borrarla.');
    expect(buttonsOf(week3).map((b) => b.text)).toEqual(['📄 29']);

    // /notas: every note, newest first, eight a page, each with its week; the pages follow with buttons, each within the limit.
    mark = last(c);
    t.sendUserText('/notas');
    const page1 = await next(c, '/notas', mark, (m) => /^📒 Tus notas \(17\), página 1 de 3:/.test(text(m)));
    expect(text(page1)).toBe('📒 Tus notas (17), página 1 de 3:\n\n📅 Semana 3 · Narración\n29 · La narraciom cuenta hechos reales o ficticios a…\n\n📅 Semana 5 · Ensayo\n28 · El ensayo número 16 argumenta una idea propia…\n27 · El ensayo número 15 argumenta una idea propia…\n26 · El ensayo número 14 argumenta una idea propia…\n25 · El ensayo número 13 argumenta una idea propia…\n24 · El ensayo número 12 argumenta una idea propia…\n23 · El ensayo número 11 argumenta una idea propia…\n22 · El ensayo número 10 argumenta una idea propia…\n\nToca un número para ver la nota entera, de dónde viene, moverla, corregirla o borrarla.');
    expect(text(page1)).not.toMatch(/Sin semana|Lírica/);
    expect(buttonsOf(page1).map((b) => b.text)).toEqual(['📄 29', '📄 28', '📄 27', '📄 26', '📄 25', '📄 24', '📄 23', '📄 22', 'Siguientes ▶️']);
    t.pressButton(page1.message_id, data(page1, /Siguientes/));
    const page2 = await waitForMessage(c.tg, 'page 2 in place', () => t.history().find((m) => m.message_id === page1.message_id && /página 2 de 3/.test(text(m))));
    expect(buttonsOf(page2).map((b) => b.text).slice(-2)).toEqual(['◀️ Anteriores', 'Siguientes ▶️']);
    for (const m of t.history()) expect(text(m).length).toBeLessThanOrEqual(MESSAGE_TEXT_MAX);

    // «borra la nota 29, está mal leída»: a question about note 29 alone.
    mark = last(c);
    t.sendUserText('borra la nota 29, está mal leída');
    const ask = await next(c, 'the question about note 29', mark, (m) => /¿Borrar la nota 29/.test(text(m)));
    expect(text(ask)).toBe('¿Borrar la nota 29 («La narraciom cuenta hechos reales o ficticios a traves de…»)? Solo esa nota; no se puede deshacer.');
    expect(buttonsOf(ask).map((b) => b.text)).toEqual(['🗑 Sí, borra la nota 29', '↩️ No, consérvala']);
    expect(t.history().some((m) => /Borrar todos tus datos|bórralo todo/.test(text(m) + buttonsOf(m).map((b) => b.text).join()))).toBe(false);
    t.pressButton(ask.message_id, data(ask, /Sí, borra la nota 29/));
    await waitForMessage(c.tg, 'note 29 deleted', () => t.history().find((m) => m.message_id === ask.message_id && text(m) === '🗑 Nota 29 borrada.'));
    expect((await c.notebook.notes.list()).map((n) => n.id)).not.toContain(29);
    expect((await c.notebook.notes.list())).toHaveLength(16);
    // Its two cards are offered too; deleting them leaves tombstones.
    const offer = await next(c, 'the cards offered', ask.message_id, (m) => /La nota 29 tenía 2 tarjetas/.test(text(m)));
    t.pressButton(offer.message_id, data(offer, /Sí, borra esas 2 tarjetas/));
    await waitForMessage(c.tg, 'cards deleted', () => t.history().find((m) => m.message_id === offer.message_id && /^🗑 2 tarjetas borradas/.test(text(m))));
    const deck = JSON.parse(await readFile(path.join(c.dataDir, 'tarjetas.json'), 'utf8')) as { tarjetas: Array<{ id_nota: number; borrada?: true }> };
    expect(deck.tarjetas.filter((x) => x.id_nota === 29)).toEqual([expect.objectContaining({ borrada: true }), expect.objectContaining({ borrada: true })]);

    // «mueve la nota 13 a la semana 6»: a week of this course (six weeks, not the demo's four).
    mark = last(c);
    t.sendUserText('mueve la nota 13 a la semana 6');
    await next(c, 'note 13 moved', mark, (m) => text(m) === '📅 Nota 13 movida a la semana 6 · Crítica.');
    expect((await c.notebook.notes.list()).find((n) => n.id === 13)?.semana).toBe(6);
    // By buttons: note 14 shown whole, then the course's weeks but its own.
    mark = last(c);
    t.sendUserText('enséñame la nota 14');
    const shown = await next(c, 'note 14 whole', mark, (m) => /^📄 Nota 14 · Ensayo/.test(text(m)));
    expect(text(shown)).toBe('📄 Nota 14 · Ensayo\n📅 Semana 5 · Ensayo\n\nEl ensayo número 2 argumenta una idea propia con libertad de forma.');
    t.pressButton(shown.message_id, data(shown, /Mover de semana/));
    const weeks = await next(c, 'the weeks to move to', shown.message_id, (m) => /¿A qué semana muevo la nota 14/.test(text(m)));
    // Each week by its title too, as the question back labels them.
    expect(buttonsOf(weeks).map((b) => b.text)).toEqual(['1 · Lírica', '2 · Épica', '3 · Narración', '4 · Teatro', '6 · Crítica', 'Sin semana', '↩️ Déjala donde está']);
    t.pressButton(weeks.message_id, data(weeks, /^2 · Épica$/));
    await waitForMessage(c.tg, 'note 14 moved', () => t.history().find((m) => m.message_id === weeks.message_id && text(m) === '📅 Nota 14 movida a la semana 2 · Épica.'));
    expect((await c.notebook.notes.list()).find((n) => n.id === 14)?.semana).toBe(2);

    // «corrige la nota 15»: force_reply with its text; a reply too short is refused, then the text is saved.
    mark = last(c);
    t.sendUserText('corrige la nota 15');
    const fix = await next(c, 'the correction question', mark, (m) => /texto corregido de la nota 15/.test(text(m)));
    expect(fix.reply_markup).toMatchObject({ force_reply: true });
    expect(text(fix)).toContain('El ensayo número 3 argumenta una idea propia con libertad de forma.');
    // The bot restarts while the question waits: the reply still corrects the note (the question is on disk).
    await stopBotAndRuns(c.cb, c.running);
    Object.assign(c, await boot(c.dataDir, c.tg));
    mark = last(c);
    t.sendUserText('corto', undefined, { replyTo: fix.message_id });
    await next(c, 'too short', mark, (m) => /demasiado corto/.test(text(m)));
    mark = last(c);
    t.sendUserText('El ensayo de Montaigne inaugura el género con sus Essais sobre la experiencia propia.', undefined, { replyTo: fix.message_id });
    await next(c, 'corrected', mark, (m) => text(m) === '✏️ Nota 15 corregida. Ya la encuentras con el texto nuevo.');
    expect((await c.notebook.notes.list()).find((n) => n.id === 15)?.texto).toBe('El ensayo de Montaigne inaugura el género con sus Essais sobre la experiencia propia.');
    // Search finds the new text, not the old one.
    expect((await c.notebook.index.search('Montaigne', 1)).found[0]?.note.id).toBe(15);
    mark = last(c);
    t.sendUserText('¿qué sé de Montaigne?');
    await next(c, 'the answer quotes the corrected note', mark, (m) => /Montaigne inaugura el género/.test(text(m)));

    // Every delete, move and edit is on record, with who asked; never the text.
    const owner = t.chatId;
    const lines = await audit(c);
    expect(lines).toEqual(expect.arrayContaining([
      expect.objectContaining({ event: 'notas_borradas', notas: [29], borradas: 1, por: owner }),
      expect.objectContaining({ event: 'tarjeta_borrada', id_nota: 29, por: owner }),
      expect.objectContaining({ event: 'nota_movida', nota: 13, de: 5, a: 6, por: owner }),
      expect.objectContaining({ event: 'nota_movida', nota: 14, de: 5, a: 2, por: owner }),
      expect.objectContaining({ event: 'nota_editada', nota: 15, por: owner }),
    ]));
    expect(lines.filter((l) => l.event === 'tarjeta_borrada')).toHaveLength(2);
    expect(JSON.stringify(lines)).not.toContain('Montaigne');
  }, 120_000);

  it('the other allowed id may look at a note but not delete or move it', async () => {
    chat = await start();
    const c = chat;
    const t = c.tg.server;
    await fillOwnCourse(c.notebook);
    // In words: one sentence, nothing deleted.
    let mark = last(c, OTHER.id);
    t.sendUserText('borra la nota 29', OTHER);
    await next(c, 'owner only', mark, (m) => /solo puede hacerlo la persona a la que pertenece este cuaderno/.test(text(m)), OTHER.id);
    t.sendUserText('mueve la nota 29 a la semana 1', OTHER);
    await waitForMessage(c.tg, 'owner only twice', () => t.history(OTHER.id).filter((m) => /solo puede hacerlo/.test(text(m)))[1]);
    // With the buttons: the note is shown, its 🗑 is refused by the gate.
    mark = last(c, OTHER.id);
    t.sendUserText('enséñame la nota 29', OTHER);
    const shown = await next(c, 'note 29 for the other id', mark, (m) => /^📄 Nota 29 · Narración/.test(text(m)), OTHER.id);
    expect(text(shown)).toContain('📄 De apuntes-literatura.pdf, página 3');
    const before = c.tg.server.requests.length;
    t.pressButton(shown.message_id, data(shown, /Borrar/), OTHER, OTHER.id);
    const refused = await c.tg.server.waitForRequest('answerCallbackQuery', (r) => c.tg.server.requests.indexOf(r) >= before);
    expect(JSON.stringify(refused)).toMatch(/solo puede hacerlo la persona/);
    t.pressButton(shown.message_id, data(shown, /Mover/), OTHER, OTHER.id);
    await c.tg.server.waitForRequest('answerCallbackQuery', (r) => c.tg.server.requests.indexOf(r) > c.tg.server.requests.indexOf(refused));
    expect(t.history(OTHER.id).some((m) => /¿Borrar la nota 29|¿A qué semana/.test(text(m)))).toBe(false);
    expect((await c.notebook.notes.list()).find((n) => n.id === 29)).toMatchObject({ semana: 3 });
    expect((await audit(c)).some((l) => l.event === 'nota_movida' || (l.event === 'notas_borradas' && (l.notas as number[]).includes(29)))).toBe(false);
  }, 60_000);

  it('a card corrected and a card deleted from a note: the next request for the week\'s cards does not make the deleted one again', async () => {
    chat = await start();
    const c = chat;
    const t = c.tg.server;
    t.sendUserText('haz las tarjetas de la semana 3');
    await until('the week\'s cards', async () => (await c.notebook.cards.list()).some((x) => x.id_nota === 7));
    await c.cb.runs.idle();
    const made = (await c.notebook.cards.list()).filter((x) => x.semana === 3);
    const gone = made.find((x) => x.id_nota === 7)!;
    const edited = made.find((x) => x.id_nota === 8)!;
    expect(gone && edited).toBeTruthy();

    /** Note `id` shown whole, then its cards with their buttons. */
    const cardsOf = async (id: number) => {
      const at = last(c);
      t.sendUserText(`la nota ${id}`);
      const shown = await next(c, `note ${id} whole`, at, (m) => new RegExp(`^📄 Nota ${id} `).test(text(m)));
      t.pressButton(shown.message_id, data(shown, /Tarjetas de esta nota/));
      return next(c, `note ${id}'s cards`, shown.message_id, (m) => new RegExp(`^🃏 Tarjetas de la nota ${id}`).test(text(m)));
    };

    // ✏️: force_reply, «pregunta | respuesta».
    const list8 = await cardsOf(8);
    expect(text(list8)).toContain(`${edited.id}. ${edited.pregunta}`);
    t.pressButton(list8.message_id, data(list8, new RegExp(`^✏️ ${edited.id}$`)));
    const fix = await next(c, 'the card\'s correction question', list8.message_id, (m) => new RegExp(`tarjeta ${edited.id} corregida`).test(text(m)));
    expect(fix.reply_markup).toMatchObject({ force_reply: true });
    const mark = last(c);
    t.sendUserText('¿Qué movimiento pintó la luz al aire libre? | el impresionismo', undefined, { replyTo: fix.message_id });
    await next(c, 'card corrected', mark, (m) => text(m) === `✏️ Tarjeta ${edited.id} corregida.`);
    expect((await c.notebook.cards.list()).find((x) => x.id === edited.id)).toMatchObject({ pregunta: '¿Qué movimiento pintó la luz al aire libre?', respuesta: 'el impresionismo' });

    // 🗑: asked, then a tombstone.
    const list = await cardsOf(7);
    t.pressButton(list.message_id, data(list, new RegExp(`^🗑 ${gone.id}$`)));
    const ask = await next(c, 'the card question', list.message_id, (m) => new RegExp(`^¿Borrar la tarjeta ${gone.id} `).test(text(m)));
    t.pressButton(ask.message_id, data(ask, /Sí, borra la tarjeta/));
    await waitForMessage(c.tg, 'card deleted', () => t.history().find((m) => m.message_id === ask.message_id && /^🗑 Tarjeta \d+ borrada/.test(text(m))));

    // The week's cards again: the deleted card is not made again.
    t.sendUserText('haz las tarjetas de la semana 3');
    await until('the second request done', async () => (await audit(c)).filter((l) => l.event === 'resultado' && l.tool === 'crear_tarjetas').length >= 2);
    await c.cb.runs.idle();
    const live = await c.notebook.cards.list();
    expect(live.some((x) => x.pregunta === gone.pregunta)).toBe(false);
    expect(live.find((x) => x.id === edited.id)?.respuesta).toBe('el impresionismo');
    const lines = await audit(c);
    expect(lines).toEqual(expect.arrayContaining([
      expect.objectContaining({ event: 'tarjeta_editada', tarjeta: edited.id, id_nota: 8, por: t.chatId }),
      expect.objectContaining({ event: 'tarjeta_borrada', tarjeta: gone.id, id_nota: 7, por: t.chatId }),
    ]));
  }, 120_000);
});
