/**
 * Class mode end to end (`MODO_CLASE=1`): the real bot over the emulator, a real agent service and
 * notebook per person, updates from several users. Proves: a single-owner install becomes the
 * teacher's; students join by the invite link, strangers get one sentence; two students never see
 * each other's notes, cards, files or approvals — not even when both prepare the same week at
 * once; deletion and removal take a person's folder away.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openNotebook } from '../../src/store/index.js';
import { ClassRoster } from '../../src/store/users.js';
import { commandsFor, type Audience } from '../../src/strings/chat.js';
import { consentFile } from '../../src/domain/media/consent.js';
import type { ChatClient } from '../support/telegram.js';
import { invite as inviteLink, startClassStack, TEACHER, type ClassStack } from './class-stack.js';
import { answerUntilReport, button, isCover, nextApproval, until } from './steps.js';

const ANA = 301;
const BOB = 302;
const EVE = 399;
const GROUP = -100888;
const exists = (p: string) => stat(p).then(() => true, () => false);

let stack: ClassStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

/** The teacher asks for an invite; returns the code of the link. */
async function invite(s: ClassStack): Promise<string> {
  const link = await inviteLink(s);
  expect(link.bot).toBe('TestNameBot'); // the username getMe gives
  return link.code;
}

const menuOf = (who: Audience) => commandsFor(who).map(({ command, description }) => ({ command, description }));

/** The first bot message after sending `text`. */
async function answerTo(c: ChatClient, text: string): Promise<string> {
  const before = (await c.messages()).length;
  await c.say(text);
  return (await c.waitFor(`an answer to «${text}»`, (m) => m.length > before && m))[before]!.text;
}

/** A class of two: Ana and Bob joined with the teacher's link. */
async function anaAndBob(s: ClassStack): Promise<{ ana: ChatClient; bob: ChatClient }> {
  const code = await invite(s);
  return { ana: await join(s, ANA, 'Ana', code), bob: await join(s, BOB, 'Bob', code) };
}

async function join(s: ClassStack, userId: number, firstName: string, code: string): Promise<ChatClient> {
  const c = s.h.client({ userId, firstName });
  await c.say(`/start ${code}`);
  await c.waitText(/Ya estás en la clase/);
  return c;
}

describe('class mode', () => {
  it('a single-owner install becomes the teacher\'s; students join by invite; strangers get one sentence', async () => {
    stack = await startClassStack({
      before: async (dataDir) => {
        const nb = await openNotebook(dataDir);
        await nb.notes.add('arte', 'Nota del dueño de antes: el fauvismo usa colores puros.');
      },
    });
    const s = stack;
    // Everything the single owner had is now the teacher's folder.
    expect(await readdir(s.config.dataDir)).toEqual(['usuarios']);
    const teacher = s.h.client({ userId: TEACHER, firstName: 'Profe' });
    await teacher.say('/notas');
    await teacher.waitText(/Tus notas \(13\)/);
    await teacher.say('¿qué tengo sobre el fauvismo?');
    await teacher.waitText(/Nota del dueño de antes/);

    // A stranger: one plain sentence, no folder made for them, no id or variable names shown.
    const eve = s.h.client({ userId: EVE, firstName: 'Eve' });
    await eve.say('hola, prepara la semana 1');
    const refusal = await eve.waitText(/enlace de invitación/);
    expect(refusal.text).not.toMatch(/ALLOWED|MODO_CLASE|399/);
    await eve.say('/start código-inventado');
    await eve.waitText(/no sirve/);
    expect(await exists(s.dirOf(EVE))).toBe(false);

    // A student asking for the teacher's command is told it is not theirs.
    const code = await invite(s);
    const ana = await join(s, ANA, 'Ana', code);
    const welcome = (await ana.messages()).find((m) => /Ya estás en la clase/.test(m.text))!;
    // As short as /start, with its buttons; every command stays in /ayuda and the menu (below).
    expect(welcome.text.split('\n').length).toBeLessThanOrEqual(6);
    expect(welcome.buttons.map((b) => b.text)).toEqual(['📚 Poner mi curso', '📎 Mandar apuntes', '🗓 Preparar una semana']);
    expect(welcome.text).not.toMatch(/\/invitar|\/alumnos/);
    await ana.say('/invitar');
    await ana.waitText(/solo puede hacerlo quien da la clase/);
    // The same link works for a second student (one link for the whole class, until it expires).
    await join(s, BOB, 'Bob', code);
    expect((await new ClassRoster(s.config.dataDir).students()).map((x) => x.id)).toEqual([ANA, BOB]);

    // Each one's /ayuda and command menu list what applies to them, one line each, and each is understood.
    const menus = s.h.myCommands as Array<Array<{ command: string; description: string }>>;
    expect(menus).toEqual([menuOf('alumno'), menuOf('profesor')]);
    expect(menuOf('alumno').map((c) => c.command)).not.toContain('invitar');
    expect(menuOf('alumno').map((c) => c.command)).toContain('borrar_mis_datos');
    for (const [who, client] of [['profesor', teacher], ['alumno', ana]] as const) {
      const help = await answerTo(client, '/ayuda');
      const lines = help.split('\n').filter((l) => l.startsWith('/'));
      expect(lines.map((l) => /^\/(\w+)/.exec(l)![1])).toEqual(commandsFor(who).map((c) => c.command));
      for (const c of commandsFor(who).filter((x) => x.command !== 'cronograma')) {
        expect(await answerTo(client, `/${c.command}`), `${who} /${c.command}`).not.toMatch(/No conozco esa orden/);
      }
    }
    expect(await answerTo(ana, '/alumnos')).toMatch(/solo puede hacerlo quien da la clase/);
  });

  it("two students never mix: notes, cards, files, approvals — and the same week at once gives each their own cover", async () => {
    stack = await startClassStack();
    const s = stack;
    const { ana, bob } = await anaAndBob(s);

    await ana.say('/nota cubismo: Ana apunta que Picasso inventó el collage sintético');
    await ana.waitText(/guardada/);
    await bob.say('/nota jazz: Bob apunta que Miles Davis grabó Kind of Blue en modal');
    await bob.waitText(/guardada/);
    // Each asks about the other's note: not found in their own notebook.
    await bob.say('¿qué tengo sobre el collage sintético?');
    const bobSearch = await bob.waitText(/collage sintético/);
    expect(bobSearch.text).not.toMatch(/Picasso|Ana apunta/);
    await ana.say('¿qué tengo sobre el collage sintético?');
    expect((await ana.waitText(/Picasso/)).text).toMatch(/Ana apunta/);
    await ana.say('/notas');
    const anaNotes = await ana.waitText(/Tus notas/);
    // One note a line under its week, by its topic: Ana's is there, Bob's is not.
    expect(anaNotes.text).toMatch(/· Cubismo\n/);
    expect(anaNotes.text).not.toMatch(/Jazz|Bob apunta/i);

    // Both ask for the same week at the same instant.
    await Promise.all([ana.say('prepara la semana 1'), bob.say('prepara la semana 1')]);
    const [anaRun, bobRun] = await Promise.all([
      answerUntilReport(ana, () => 'Aprobar'),
      answerUntilReport(bob, (m) => (isCover(m) ? 'Aprobar' : 'Rechazar')),
    ]);
    expect(anaRun.report.text).toMatch(/portada/i);
    expect(bobRun.report.text).toMatch(/portada/i);
    // Each cover in its owner's folder, approved by its owner; nothing at the top of the data dir.
    for (const [id, name] of [[ANA, 'Ana'], [BOB, 'Bob']] as const) {
      const covers = await readdir(path.join(s.dirOf(id), 'portadas'));
      expect(covers.filter((f) => f.endsWith('.png'))).toHaveLength(1);
      const audit = await openNotebook(s.dirOf(id)).then((nb) => nb.audit.list());
      const results = audit.filter((e) => e.tool === 'generar_portada' && e.event === 'resultado');
      expect(results).toHaveLength(1);
      expect(results[0]).toMatchObject({ outcome: 'ok', approval: { approved: true, by: name } });
    }
    expect(await exists(path.join(s.config.dataDir, 'portadas'))).toBe(false);
    await until(async () => s.h.uploads.filter((u) => u.method === 'sendPhoto' && u.chatId === BOB).length >= 1);
    expect(s.h.uploads.filter((u) => u.method === 'sendPhoto' && /^Portada · Semana 1/.test(String(u.fields.caption))).map((u) => u.chatId).sort()).toEqual([ANA, BOB]);

    // Files: Ana narrated week 1, Bob did not — Bob's /wav 1 finds nothing of Ana's.
    await bob.say('/wav 1');
    await bob.waitText(/Todavía no hay narración de la semana 1/);
    await ana.say('/wav 1');
    await until(async () => s.h.uploads.some((u) => u.method === 'sendDocument' && u.chatId === ANA));
    expect(s.h.uploads.some((u) => u.method === 'sendDocument' && u.chatId === BOB)).toBe(false);

    // Cards: both decks number from 1; Bob editing "card 1" edits his own, never Ana's.
    const anaDeck = () => openNotebook(s.dirOf(ANA)).then((nb) => nb.cards.list());
    const bobDeck = () => openNotebook(s.dirOf(BOB)).then((nb) => nb.cards.list());
    const anaBefore = await anaDeck();
    expect(anaBefore.some((c) => c.id === 1)).toBe(true);
    expect((await bobDeck()).some((c) => c.id === 1)).toBe(true);
    await bob.say('/editar 1 ¿Quién grabó Kind of Blue? | Miles Davis');
    await until(async () => (await bobDeck()).find((c) => c.id === 1)?.respuesta === 'Miles Davis');
    expect(await anaDeck()).toEqual(anaBefore);

    // Approvals in a shared group: Bob pressing Ana's button is refused and leaves it as it was.
    const anaInGroup = s.h.client({ userId: ANA, chatId: GROUP, firstName: 'Ana', type: 'group' });
    const bobInGroup = s.h.client({ userId: BOB, chatId: GROUP, firstName: 'Bob', type: 'group' });
    const eveInGroup = s.h.client({ userId: EVE, chatId: GROUP, firstName: 'Eve', type: 'group' });
    await anaInGroup.say('/semana 2');
    const cover = await nextApproval(anaInGroup, new Set());
    const seen = s.h.answers.length;
    const answerTo = (id: number) => s.h.answers.slice(seen).find((a) => a.fromId === id);
    await bobInGroup.press(cover.messageId, button(cover, /Aprobar/));
    await eveInGroup.press(cover.messageId, button(cover, /Aprobar/));
    await until(async () => answerTo(BOB) !== undefined && answerTo(EVE) !== undefined);
    expect(answerTo(BOB)).toMatchObject({ showAlert: true, text: 'Este botón es de otra persona o ya no sirve.' });
    expect(answerTo(EVE)).toMatchObject({ showAlert: true, text: expect.stringMatching(/enlace de invitación/) });
    expect((await anaInGroup.messages()).find((m) => m.messageId === cover.messageId)!.buttons.length).toBeGreaterThanOrEqual(2);
    expect(await readdir(path.join(s.dirOf(BOB), 'portadas'))).not.toContain('semana_02.png');
    await answerUntilReport(anaInGroup, () => 'Rechazar', []);
    // Any button, not only approvals: Bob confirming Ana's «delete card 1» in the group deletes nothing
    // (his own deck also has a card 1 — without the binding, his would go).
    await anaInGroup.say('/borrar 1');
    const ask = await anaInGroup.waitFor('the card-deletion question', (msgs) => msgs.find((m) => /^¿Borrar la tarjeta 1 \(«/.test(m.text) && m.buttons.length === 2));
    const bobCards = (await bobDeck()).length;
    const seen2 = s.h.answers.length;
    await bobInGroup.press(ask.messageId, button(ask, /Sí, bórrala/));
    await until(async () => s.h.answers.slice(seen2).some((a) => a.fromId === BOB));
    expect(s.h.answers.slice(seen2).find((a) => a.fromId === BOB)).toMatchObject({ showAlert: true, text: 'Este botón es de otra persona o ya no sirve.' });
    expect((await bobDeck()).length).toBe(bobCards);
    expect((await anaDeck()).some((c) => c.id === 1)).toBe(true);
    await anaInGroup.press(ask.messageId, button(ask, /Sí, bórrala/));
    await until(async () => !(await anaDeck()).some((c) => c.id === 1));
    expect((await bobDeck()).length).toBe(bobCards);
  });

  it('a student deletes their data (confirmed, only by them) and revokes voice consent; budgets are per student; the teacher sees spend and removes a student', async () => {
    stack = await startClassStack();
    const s = stack;
    const { ana, bob } = await anaAndBob(s);
    await ana.say('/notas'); // opens Ana's notebook (her folder is made on first use)
    await ana.waitText(/Tus notas/);
    await bob.say('/nota jazz: Bob apunta que Miles Davis grabó Kind of Blue');
    await bob.waitText(/guardada/);

    // Voice consent: revoked from the chat, their file only.
    await writeFile(consentFile(s.dirOf(BOB)), JSON.stringify({ titular: 'Bob', alcance: 'narrar', valido_hasta: '2099-01-01' }));
    await writeFile(consentFile(s.dirOf(ANA)), JSON.stringify({ titular: 'Ana', alcance: 'narrar', valido_hasta: '2099-01-01' }));
    await bob.say('/retirar_voz');
    await bob.waitText(/he retirado tu permiso de voz/);
    expect(await exists(consentFile(s.dirOf(BOB)))).toBe(false);
    expect(await exists(consentFile(s.dirOf(ANA)))).toBe(true);
    await bob.say('/retirar_voz');
    await bob.waitText(/no hay nada que retirar/);

    // Deleting: the confirmation button belongs to Bob; Ana pressing it in Bob's chat changes nothing.
    await bob.say('/borrar_mis_datos');
    const ask = await bob.waitText(/¿Borrar todos tus datos\?/);
    const anaInBobsChat = s.h.client({ userId: ANA, chatId: BOB, firstName: 'Ana' });
    await anaInBobsChat.press(ask.messageId, button(ask, /Sí, bórralo/));
    await until(async () => s.h.answers.some((a) => a.fromId === ANA));
    expect(s.h.answers.find((a) => a.fromId === ANA)).toMatchObject({ showAlert: true });
    expect(await exists(s.dirOf(BOB))).toBe(true);
    const anaNotes = await readFile(path.join(s.dirOf(ANA), 'notas.json'), 'utf8');
    await bob.press(ask.messageId, button(ask, /Sí, bórralo/));
    const gone = await bob.waitText(/^Hecho: he borrado/);
    expect(gone.text).toMatch(/13 notas/);
    // Only a new audit chain recording the deletion, and an empty notebook, are left in Bob's folder.
    expect((await readdir(s.dirOf(BOB))).filter((n) => !n.endsWith('.lock')).sort()).toEqual(['auditoria.jsonl', 'bot', 'cuaderno.id', 'notas.json']);
    const record = (await readFile(path.join(s.dirOf(BOB), 'auditoria.jsonl'), 'utf8')).trim().split('\n');
    expect(record).toHaveLength(1);
    expect(JSON.parse(record[0]!)).toMatchObject({ event: 'datos_borrados', seq: 1, cuentas: { notas: 13 } });
    expect(record[0]).not.toMatch(/Miles Davis/);
    // Ana's folder is untouched.
    expect(await readFile(path.join(s.dirOf(ANA), 'notas.json'), 'utf8')).toBe(anaNotes);
    expect((await readdir(path.join(s.config.dataDir, 'usuarios'))).filter((n) => n.startsWith('.'))).toEqual([]);
    // Still in the class, with a fresh notebook.
    await bob.say('/notas');
    const fresh = await bob.waitFor('a fresh notes list', (msgs) => msgs.slice(-1).find((m) => /Tus notas|no tiene notas/.test(m.text)));
    expect(fresh.text).not.toMatch(/Bob apunta/);

    // The teacher's list: each student's billed spend this month, read from their own usage log.
    const anaNb = await openNotebook(s.dirOf(ANA));
    await anaNb.usage.append({ origen: 'facturado', tarea: 'prueba', modelo: 'claude-sonnet-5-5', tokens_entrada: 1_000, tokens_salida: 1_000 });
    // Each student has their own monthly budget: Ana's spent budget stops Ana, not Bob.
    await anaNb.usage.append({ origen: 'facturado', tarea: 'mucho', modelo: 'claude-sonnet-5-5', tokens_entrada: 0, tokens_salida: 600_000 });
    await ana.say('prepara la semana 2');
    await ana.waitText(/El presupuesto de este mes está agotado \(6,012 USD de 5,00 USD\)/);
    // Bob's fresh notebook has no notes yet: the cover, the one part that needs none, is his run.
    await bob.say('haz la portada de la semana 2');
    await bob.waitText(/⏳/);
    await answerUntilReport(bob, () => 'Rechazar');
    const teacher = s.h.client({ userId: TEACHER, firstName: 'Profe' });
    await teacher.say('/alumnos');
    const list = await teacher.waitText(/Tus alumnos \(2\)/);
    expect(list.text).toMatch(/• Ana — 6,012 USD/);
    expect(list.text).toMatch(/• Bob — 0,00 USD/);
    // Only the teacher may press «Quitar»; then a confirmation, then Ana is out and her folder gone.
    await ana.press(list.messageId, button(list, /Quitar a Ana/));
    await until(async () => s.h.answers.filter((a) => a.fromId === ANA).length >= 2);
    expect(s.h.answers.filter((a) => a.fromId === ANA)[1]).toMatchObject({ showAlert: true, text: 'Este botón es de otra persona o ya no sirve.' });
    expect(await exists(s.dirOf(ANA))).toBe(true);
    await teacher.press(list.messageId, button(list, /Quitar a Ana/));
    const confirm = await teacher.waitText(/¿Quitar a Ana de la clase\?/);
    await teacher.press(confirm.messageId, button(confirm, /Sí, quitar a Ana/));
    await teacher.waitText(/Ana ya no está en la clase/);
    expect(await exists(s.dirOf(ANA))).toBe(false);
    expect((await new ClassRoster(s.config.dataDir).students()).map((x) => x.id)).toEqual([BOB]);
    await ana.say('/notas');
    await ana.waitFor('the stranger sentence', (msgs) => msgs.slice(-1).find((m) => /enlace de invitación/.test(m.text)));
    expect(await exists(s.dirOf(ANA))).toBe(false);
    expect(JSON.parse(await readFile(path.join(s.config.dataDir, 'clase.json'), 'utf8'))).toMatchObject({ version: 1 });
  });

  it("a student's damaged notebook at start sets that student aside with one console line; the others start and work (issue 40, hole 11)", async () => {
    stack = await startClassStack();
    const s = stack;
    const { ana, bob } = await anaAndBob(s);
    await answerTo(ana, '/notas');
    await answerTo(bob, '/notas');
    await writeFile(path.join(s.dirOf(BOB), 'notas.json'), '{"version": 2, "notas": [');
    const logged = s.logs.length;

    await s.restart();
    const lines = s.logs.slice(logged).filter((l) => l.includes(String(BOB)));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Modo clase: dejo aparte a la persona 302 porque no pude abrir el cuaderno de esa persona \(.*notas\.json está dañado/);
    const teacher = s.h.client({ userId: TEACHER, firstName: 'Profe' });
    expect(await answerTo(ana, '/curso')).toMatch(/semana/i);
    expect(await answerTo(teacher, '/curso')).toMatch(/semana/i);
    // The damaged file is left as it was, for the student or the teacher to look at.
    expect(await readFile(path.join(s.dirOf(BOB), 'notas.json'), 'utf8')).toBe('{"version": 2, "notas": [');
  });

  it("a restart resumes every student's paused run in their own chat; their old buttons still work", async () => {
    stack = await startClassStack();
    const s = stack;
    const { ana, bob } = await anaAndBob(s);
    await Promise.all([ana.say('/semana 1'), bob.say('/semana 3')]);
    const [anaCover, bobCover] = await Promise.all([nextApproval(ana, new Set()), nextApproval(bob, new Set())]);

    await s.restart();
    expect(s.running.resumed).toBe(2);
    await ana.waitText(/🔁 Reanudo tras un reinicio: «\/semana 1»/);
    await bob.waitText(/🔁 Reanudo tras un reinicio: «\/semana 3»/);
    await ana.press(anaCover.messageId, button(anaCover, /Aprobar/));
    await bob.press(bobCover.messageId, button(bobCover, /Aprobar/));
    await Promise.all([answerUntilReport(ana, () => 'Rechazar', [anaCover.messageId]), answerUntilReport(bob, () => 'Rechazar', [bobCover.messageId])]);
    const pngs = async (id: number) => (await readdir(path.join(s.dirOf(id), 'portadas'))).filter((f) => f.endsWith('.png'));
    expect(await pngs(ANA)).toEqual(['semana_01.png']);
    expect(await pngs(BOB)).toEqual(['semana_03.png']);
  });
});
