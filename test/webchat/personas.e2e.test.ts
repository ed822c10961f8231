/**
 * Class mode on the local chat page (issue 28, Build 6): the page plays the teacher and two
 * students, each a different Telegram user of the embedded Bot API with their own private chat and
 * their own notebook; an invite made on the page is a page link (never a `t.me` link: the embedded
 * getMe's username is made up); the teacher is greeted as who gives the class. Driven through the
 * page's own HTTP routes with the page's secret, as the page's script drives them.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDataDir } from '../../src/store/users.js';
import { PAGE_STUDENTS, PAGE_TEACHER } from '../../src/webchat/index.js';
import { startLocalClass, type LocalClass } from '../support/local-class.js';

let c: LocalClass;
beforeAll(async () => { c = await startLocalClass('cuaderno-personas-'); });
afterAll(async () => c?.close());

const [ANA, BRUNO] = PAGE_STUDENTS as [typeof PAGE_STUDENTS[0], typeof PAGE_STUDENTS[0]];

async function post(path: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${c.tg.apiRoot}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${c.tg.pageSecret}` }, body: JSON.stringify(body) });
}

/** The bot's messages in one persona's chat, as the page's snapshot shows them. */
const botMessages = (chatId: number) => c.tg.server.history(chatId).filter((m) => m.from?.is_bot);

async function waitBot(chatId: number, re: RegExp): Promise<string> {
  for (;;) {
    const hit = botMessages(chatId).find((m) => re.test(m.text ?? ''));
    if (hit) return hit.text!;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The first SSE event of `/events` for a persona: its snapshot. */
async function snapshot(persona?: number): Promise<{ user: { id: number; first_name: string }; personas: Array<{ id: number; first_name: string }>; messages: Array<{ chat: { id: number } }> }> {
  const ctl = new AbortController();
  const res = await fetch(`${c.tg.apiRoot}/events${persona ? `?persona=${persona}` : ''}`, { headers: { Authorization: `Bearer ${c.tg.pageSecret}` }, signal: ctl.signal });
  const reader = res.body!.getReader();
  let text = '';
  while (!/data: .*\n\n/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
  ctl.abort();
  return JSON.parse(/data: (.*)\n\n/.exec(text)![1]!) as never;
}

describe('class mode on the local page', () => {
  it('the teacher is greeted as who gives the class, not as a student preparing a week', async () => {
    expect((await post('/api/messages', { text: '/start' })).status).toBe(200);
    const hello = await waitBot(PAGE_TEACHER.id, /^Hola, Profesora/);
    expect(hello).toMatch(/Das esta clase/);
    expect(hello).not.toMatch(/preparo tu semana/);
  });

  it('an invite is a page link; each student persona joins with it in their own chat and their own folder', async () => {
    await post('/api/messages', { text: '/invitar' });
    const invite = await waitBot(PAGE_TEACHER.id, /unirse=/);
    expect(invite).not.toMatch(/t\.me/);
    const link = new RegExp(`${c.tg.apiRoot.replace(/[.]/g, '\\.')}/\\?unirse=([A-Za-z0-9_-]+)`).exec(invite);
    expect(link).not.toBeNull();
    const code = decodeURIComponent(link![1]!);
    // The first link replaces none, and says so by saying nothing of an earlier one; the link is a link.
    expect(invite).not.toMatch(/antes/);
    const sent = botMessages(PAGE_TEACHER.id).find((m) => m.text === invite)!;
    const url = link![0]!;
    expect(sent.entities).toContainEqual({ type: 'text_link', offset: invite.indexOf(url), length: url.length, url });

    for (const s of [ANA, BRUNO]) {
      expect((await post('/api/messages', { text: `/start ${code}`, persona: s.id })).status).toBe(200);
      await waitBot(s.id, new RegExp(`¡Hola, ${s.first_name}! Ya estás en la clase`));
    }
    await post('/api/messages', { text: '/nota arte: Ana apunta que Monet pintó la catedral de Ruan', persona: ANA.id });
    await waitBot(ANA.id, /guardada/);
    expect((await c.cb.class!.roster.students()).map((s) => s.id)).toEqual([ANA.id, BRUNO.id]);
    expect(await readdir(userDataDir(c.config.dataDir, ANA.id))).toContain('notas.json');

    // Each persona's page sees only their own chat; the switcher lists all three.
    const ana = await snapshot(ANA.id);
    expect(ana.user).toMatchObject({ id: ANA.id, first_name: 'Alumna A' });
    expect(ana.personas.map((p) => p.first_name)).toEqual(['Profesora', 'Alumna A', 'Alumno B']);
    expect(new Set(ana.messages.map((m) => m.chat.id))).toEqual(new Set([ANA.id]));
    const teacher = await snapshot();
    expect(teacher.user.id).toBe(PAGE_TEACHER.id);
    expect(teacher.messages.every((m) => m.chat.id === PAGE_TEACHER.id)).toBe(true);
    expect(botMessages(BRUNO.id).some((m) => /Monet/.test(m.text ?? ''))).toBe(false);
  });

  it('«borra mis datos» from a student persona: only their folder, and the new audit chain records which persona acted', async () => {
    await post('/api/messages', { text: 'borra mis datos', persona: ANA.id });
    await waitBot(ANA.id, /¿Borrar todos tus datos\?/);
    const ask = botMessages(ANA.id).find((m) => /¿Borrar todos tus datos\?/.test(m.text ?? ''))!;
    const yes = (ask.reply_markup as { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> }).inline_keyboard.flat().find((b) => /Sí/.test(b.text))!;
    // Another persona pressing Ana's button deletes nothing.
    await post('/api/callbacks', { message_id: ask.message_id, data: yes.callback_data, persona: BRUNO.id });
    expect((await post('/api/callbacks', { message_id: ask.message_id, data: yes.callback_data, persona: ANA.id })).status).toBe(200);
    const done = await waitBot(ANA.id, /^Hecho: he borrado/);
    expect(done).toMatch(/13 notas/);
    const audit = (await readFile(path.join(userDataDir(c.config.dataDir, ANA.id), 'auditoria.jsonl'), 'utf8')).trim().split('\n');
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!)).toMatchObject({ event: 'datos_borrados', persona: { id: ANA.id, nombre: 'Alumna A' } });
    expect(audit[0]).not.toMatch(/Monet/);
    expect((await c.cb.class!.roster.students()).map((s) => s.id)).toEqual([ANA.id, BRUNO.id]);
  });

  it('a persona the page does not have is refused', async () => {
    expect((await post('/api/messages', { text: 'hola', persona: 424242 })).status).toBe(400);
    expect((await fetch(`${c.tg.apiRoot}/events?persona=abc`, { headers: { Authorization: `Bearer ${c.tg.pageSecret}` } })).status).toBe(400);
  });
});
