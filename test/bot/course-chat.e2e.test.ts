/**
 * The course in the chat (issue 25): the real bot behind the embedded Bot API and the real agent
 * (offline planner) on a temp data dir. `/curso` shows the course; a pasted syllabus is a proposal
 * that changes nothing until accepted and survives a restart; a reply changes one week of it; the
 * edits by command and in plain words; removing a week with notes asks first (move, leave without a
 * week, delete with a second confirmation); the routing's correction buttons both ways.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Message } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { COURSE_BUTTONS, COURSE_CHAT } from '../../src/strings/course-chat.js';
import { PASTE_FULL_PART } from '../../src/bot/paste.js';
import { withFileLock } from '../../src/store/lock.js';
import { DEMO_COURSE } from '../../src/domain/course/demo.js';
import { sendUserFile } from '../../src/webchat/user-files.js';
import { buttonsOf, waitForMessage } from '../main/chat-harness.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';

let chat: LocalChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const BIO = new URL('../fixtures/syllabi/biologia-celular.txt', import.meta.url);
const button = (m: Message, label: string | RegExp) => {
  const b = buttonsOf(m).find((x) => (typeof label === 'string' ? x.text === label : label.test(x.text)));
  if (!b?.callback_data) throw new Error(`no button ${String(label)} on «${m.text}»: ${JSON.stringify(buttonsOf(m))}`);
  return b.callback_data;
};
const fromBot = (m: Message) => m.from?.is_bot === true;

/** Says `text` and waits for the bot's next message that `pick` accepts. */
async function say(c: LocalChat, text: string, pick: (m: Message) => boolean = () => true, replyTo?: number): Promise<Message> {
  const sent = c.tg.server.sendUserText(text, undefined, replyTo === undefined ? {} : { replyTo });
  return waitForMessage(c.tg, `the answer to «${text.slice(0, 40)}»`, (ms) => ms.find((m) => m.message_id > sent.message_id && fromBot(m) && pick(m)));
}
/** Presses a button and waits for the next bot message after `after` (or the pressed one) that `pick` accepts. */
async function press(c: LocalChat, m: Message, data: string, pick: (x: Message) => boolean): Promise<Message> {
  const last = Math.max(...c.tg.server.history().map((x) => x.message_id));
  c.tg.server.pressButton(m.message_id, data);
  return waitForMessage(c.tg, `the answer to ${data}`, (ms) => ms.find((x) => x.message_id > last && fromBot(x) && pick(x)));
}
const courseFile = async (c: LocalChat) => JSON.parse(await readFile(path.join(c.dataDir, 'curso.json'), 'utf8')) as { titulo: string; semanas: { numero: number; titulo: string; inicio: string | null }[] };
const isProposal = (m: Message) => (m.text ?? '').startsWith('📚 He leído un temario');

describe('the course in the chat', () => {
  it('/curso shows the course; a pasted syllabus is a proposal that survives a restart, a reply changes a week, accepting saves it', async () => {
    chat = await startLocalChat('cv-curso-');
    const shown = await say(chat, '/curso');
    expect(shown.text).toBe(COURSE_CHAT.show(DEMO_COURSE.titulo, DEMO_COURSE.semanas, true));

    const bio = await readFile(BIO, 'utf8');
    const proposal = await say(chat, bio, isProposal);
    expect(proposal.text).toMatch(/«Biología celular», 14 semanas/);
    expect(proposal.text).toMatch(/\n3\. Citoesqueleto \(desde el 23 feb 2026\)\n/);
    expect(proposal.text).toMatch(/\n14\. Repaso general \(desde el 18 may 2026\)\n/);
    expect(buttonsOf(proposal).map((b) => b.text)).toEqual([COURSE_BUTTONS.use, COURSE_BUTTONS.change, COURSE_BUTTONS.discard, COURSE_BUTTONS.isMaterial]);
    // Nothing changes until it is accepted.
    await expect(readFile(path.join(chat.dataDir, 'curso.json'))).rejects.toThrow(/ENOENT/);

    const how = await press(chat, proposal, button(proposal, COURSE_BUTTONS.change), () => true);
    expect(how.text).toBe(COURSE_CHAT.changeHow(14));
    const bad = await say(chat, 'citoesqueleto nuevo', () => true, proposal.message_id);
    expect(bad.text).toBe(COURSE_CHAT.changeUsage());
    const changed = await say(chat, '3: Citoesqueleto y motores', (m) => /He leído un temario/.test(m.text ?? ''), proposal.message_id);
    expect(changed.text).toMatch(/^Cambiada la semana 3 de la propuesta\./);
    expect(changed.text).toMatch(/\n3\. Citoesqueleto y motores \(desde el 23 feb 2026\)\n/);

    // The pending proposal is on disk: a restarted bot answers its button.
    await chat.restartBot();
    const mine = await chat.notebook.notes.add('membranas', 'La bicapa lipídica deja pasar el agua y los gases pequeños, no los iones.', 2);
    const done = await press(chat, changed, button(changed, COURSE_BUTTONS.use), () => true);
    // The demo's 12 example notes belonged to the demo's weeks: they go; the student's own note stays.
    expect(done.text).toBe(`${COURSE_CHAT.accepted('Biología celular', 14)}\n${COURSE_CHAT.examplesRemoved(12, 0)}`);
    expect((await chat.notebook.notes.list()).map((n) => n.id)).toEqual([mine.id]);
    // Answered, the proposal says what was decided instead of «No cambio nada hasta que lo aceptes».
    const answered = await waitForMessage(chat.tg, 'the proposal marked accepted', (ms) => ms.find((m) => m.message_id === changed.message_id && (m.text ?? '').endsWith(COURSE_CHAT.proposalAnswered(true))));
    expect(answered.text).not.toMatch(/No cambio nada/);
    expect(buttonsOf(answered)).toEqual([]);
    const saved = await courseFile(chat);
    expect(saved.semanas).toHaveLength(14);
    expect(saved.semanas[2]).toMatchObject({ numero: 3, titulo: 'Citoesqueleto y motores', inicio: '2026-02-23' });
    // The first version of the proposal lost its buttons when the reply changed it.
    expect(buttonsOf(chat.tg.server.history().find((m) => m.message_id === proposal.message_id)!)).toEqual([]);
    const shownNow = await say(chat, '/curso');
    expect(shownNow.text!.split('\n')[0]).toBe('📚 Biología celular — 14 semanas');
    expect(shownNow.text).toMatch(/\n12\. Apoptosis \(desde el 4 may 2026\)\n/);
  }, 120_000);

  it('edits by command and in plain words; bad input gets one sentence and changes nothing', async () => {
    chat = await startLocalChat('cv-curso-edit-');
    await say(chat, await readFile(BIO, 'utf8'), isProposal).then((p) => press(chat!, p, button(p, COURSE_BUTTONS.use), () => true));

    expect((await say(chat, '/curso semana 3 Citoesqueleto y motores')).text).toBe(COURSE_CHAT.renamed(3, 'Citoesqueleto y motores'));
    expect((await say(chat, '/curso fecha 2 2026-02-17')).text).toBe(COURSE_CHAT.dated(2, '2026-02-17'));
    expect((await say(chat, '/curso semana 15 Seminario final')).text).toBe(COURSE_CHAT.added(15, 'Seminario final'));
    expect((await say(chat, 'cambia el título de la semana 4 a Núcleo celular')).text).toBe(COURSE_CHAT.renamed(4, 'Núcleo celular'));
    expect((await say(chat, 'la semana 5 empieza el 10 de marzo')).text).toBe(COURSE_CHAT.dated(5, '2026-03-10'));
    let c = await courseFile(chat);
    expect(c.semanas.map((w) => w.titulo).slice(1, 5)).toEqual(['Membrana plasmática y transporte', 'Citoesqueleto y motores', 'Núcleo celular', 'Retículo endoplasmático y aparato de Golgi']);
    expect(c.semanas[1]!.inicio).toBe('2026-02-17');
    expect(c.semanas[4]!.inicio).toBe('2026-03-10');
    expect(c.semanas).toHaveLength(15);

    const before = JSON.stringify(await courseFile(chat));
    expect((await say(chat, '/curso fecha 2 2026-02-30')).text).toBe(COURSE_CHAT.badDate('2026-02-30'));
    expect((await say(chat, '/curso quitar 20')).text).toBe(COURSE_CHAT.badWeek('20', 'del 1 al 15'));
    expect((await say(chat, `/curso semana 3 ${'x'.repeat(201)}`)).text).toBe(COURSE_CHAT.badTitle(200));
    expect((await say(chat, '/curso semana 17 Otra')).text).toBe(COURSE_CHAT.badNewWeek('17', 16));
    expect((await say(chat, '/curso cambia')).text).toBe(COURSE_CHAT.usage());
    expect(JSON.stringify(await courseFile(chat))).toBe(before);

    // A week without notes is marked without class at once, keeping every number (the guide's);
    // removing it and moving the later ones down is asked for in so many words.
    expect((await say(chat, '/curso quitar 15')).text).toBe(COURSE_CHAT.markedNoClass(15));
    c = await courseFile(chat);
    expect(c.semanas).toHaveLength(15);
    expect(c.semanas[14]).toMatchObject({ numero: 15, titulo: 'Seminario final', sin_clase: true });
    expect((await say(chat, '/curso quitar 15')).text).toBe(COURSE_CHAT.alreadyNoClass(15));
    expect((await say(chat, '/curso quitar 15 renumerar')).text).toBe(COURSE_CHAT.removed(15, 14));
    c = await courseFile(chat);
    expect(c.semanas).toHaveLength(14);
  });

  it('removing a week with notes asks: move them, leave them without a week, or delete them after a second question', async () => {
    chat = await startLocalChat('cv-curso-quitar-');
    await say(chat, await readFile(BIO, 'utf8'), isProposal).then((p) => press(chat!, p, button(p, COURSE_BUTTONS.use), () => true));
    const nb = chat.notebook;
    const n12 = await nb.notes.add('apoptosis', 'La apoptosis es la muerte celular programada, con caspasas.', 12);
    const n13 = await nb.notes.add('células madre', 'Las células madre se diferencian en otros tipos celulares.', 13);
    const n10 = await nb.notes.add('mitosis', 'La mitosis reparte los cromosomas en dos núcleos hijos.', 10);

    const ask = await say(chat, '/curso quitar 12');
    expect(ask.text).toBe(COURSE_CHAT.orphans([12], 1, 0));
    // The week stays, without class: its notes can go to any week with class, never to itself.
    expect(buttonsOf(ask).map((b) => b.text)).toContain(COURSE_BUTTONS.moveTo(14));
    expect(buttonsOf(ask).map((b) => b.text)).not.toContain(COURSE_BUTTONS.moveTo(12));
    // Nothing changed while asking.
    expect((await courseFile(chat)).semanas.some((w) => 'sin_clase' in w)).toBe(false);
    const moved = await press(chat, ask, button(ask, COURSE_BUTTONS.moveTo(9)), () => true);
    expect(moved.text).toBe(`${COURSE_CHAT.markedNoClass(12)}\n${COURSE_CHAT.movedTo(9)}`);
    const week = async (id: number) => (await nb.notes.get(id))!.semana;
    expect([await week(n12.id), await week(n13.id), await week(n10.id)]).toEqual([9, 13, 10]);
    const kept = await courseFile(chat);
    expect(kept.semanas).toHaveLength(14);
    expect(kept.semanas.map((w) => w.titulo).slice(10, 14)).toEqual(['Señalización celular', 'Apoptosis', 'Células madre y diferenciación', 'Repaso general']);
    expect(kept.semanas.filter((w) => 'sin_clase' in w).map((w) => w.numero)).toEqual([12]);

    // In plain words, asking to renumber: week 13 goes and the later ones move down one; «leave them without a week».
    const ask2 = await say(chat, 'quita la semana 13 y renumera las demás');
    expect(ask2.text).toBe(COURSE_CHAT.orphans([13], 1, 0));
    const left = await press(chat, ask2, button(ask2, COURSE_BUTTONS.noWeek), () => true);
    expect(left.text).toBe(`${COURSE_CHAT.removed(13, 13)}\n${COURSE_CHAT.leftWithout()}`);
    expect(await week(n13.id)).toBeNull();
    expect((await courseFile(chat)).semanas.map((w) => w.titulo).slice(11, 13)).toEqual(['Apoptosis', 'Repaso general']);

    // Delete: a second question, and «no» keeps everything.
    const ask3 = await say(chat, '/curso quitar 10');
    const sure = await press(chat, ask3, button(ask3, COURSE_BUTTONS.delete), () => true);
    expect(sure.text).toBe(COURSE_CHAT.confirmDelete(1, 0));
    const gone = await press(chat, sure, button(sure, COURSE_BUTTONS.confirmDelete), () => true);
    expect(gone.text).toBe(`${COURSE_CHAT.markedNoClass(10)}\n${COURSE_CHAT.deleted(1, 0)}`);
    expect(await nb.notes.get(n10.id)).toBeUndefined();
    expect((await courseFile(chat)).semanas).toHaveLength(13);
  });

  it('a change interrupted after the notes moved and before the course was written: the same tap finishes it, nothing moves twice', async () => {
    chat = await startLocalChat('cv-curso-corte-');
    await say(chat, await readFile(BIO, 'utf8'), isProposal).then((p) => press(chat!, p, button(p, COURSE_BUTTONS.use), () => true));
    const nb = chat.notebook;
    const n12 = await nb.notes.add('apoptosis', 'La apoptosis es la muerte celular programada, con caspasas.', 12);
    const n14 = await nb.notes.add('repaso', 'Repasar todo el temario antes del examen final de junio.', 14);
    const ask = await say(chat, '/curso quitar 12');
    // Another process holds the course file: the notes move, the course cannot be written.
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let locked!: () => void;
    const lockTaken = new Promise<void>((r) => { locked = r; });
    const holder = withFileLock(path.join(chat.dataDir, 'curso.json'), async () => { locked(); await held; });
    await lockTaken;
    const failed = await press(chat, ask, button(ask, COURSE_BUTTONS.moveTo(9)), () => true);
    expect(failed.text).toBe(COURSE_CHAT.saveFailed());
    release();
    await holder;
    const week = async (id: number) => (await nb.notes.get(id))!.semana;
    expect([await week(n12.id), await week(n14.id)]).toEqual([9, 14]);
    expect((await courseFile(chat)).semanas.some((w) => 'sin_clase' in w)).toBe(false);
    // The buttons are still there; the same tap finishes the change with the plan already fixed.
    const done = await press(chat, ask, button(ask, COURSE_BUTTONS.moveTo(9)), () => true);
    expect(done.text).toBe(`${COURSE_CHAT.markedNoClass(12)}\n${COURSE_CHAT.movedTo(9)}`);
    expect([await week(n12.id), await week(n14.id)]).toEqual([9, 14]);
    expect((await courseFile(chat)).semanas.filter((w) => 'sin_clase' in w).map((w) => w.numero)).toEqual([12]);
  }, 120_000);

  it('a guide with a week without class: the proposal marks it, and nothing is prepared for it', async () => {
    chat = await startLocalChat('cv-curso-sin-clase-');
    const guide = await readFile(new URL('../fixtures/syllabi/guias/termodinamica.txt', import.meta.url), 'utf8');
    const p = await say(chat, guide, isProposal);
    expect(p.text).toMatch(/«Termodinámica», 14 semanas \(una sin clase\)/);
    expect(p.text).toMatch(/\n⛔ 7\. Semana Santa — no hay clase \(desde el 22 mar 2027\) — sin clase, no se prepara\n/);
    await press(chat, p, button(p, COURSE_BUTTONS.use), () => true);
    expect((await say(chat, '/semana 7')).text).toBe(COURSE_CHAT.noClassWeek(7, 'Semana Santa — no hay clase'));
    expect((await say(chat, 'prepara la semana 7')).text).toBe(COURSE_CHAT.noClassWeek(7, 'Semana Santa — no hay clase'));
    expect(chat.cb.runs.current(chat.tg.server.chatId)).toBeUndefined();
  });

  it('a shorter syllabus whose dropped weeks have notes asks before replacing the course', async () => {
    chat = await startLocalChat('cv-curso-cambio-');
    // The demo course, with a note of the student's own in its week 4 (música): the example notes go
    // with the demo course, the student's is asked about.
    await chat.notebook.notes.add('música', 'El jazz nació en Nueva Orleans a comienzos del siglo XX.', 4);
    const p = await say(chat, 'Genética\nSemana 1: Mendel\nSemana 2: Ligamiento', isProposal);
    const ask = await press(chat, p, button(p, COURSE_BUTTONS.use), () => true);
    expect(ask.text).toMatch(/^Con este cambio desaparece la semana 4/);
    await expect(readFile(path.join(chat.dataDir, 'curso.json'))).rejects.toThrow(/ENOENT/);
    const kept = await press(chat, ask, button(ask, COURSE_BUTTONS.keep), () => true);
    expect(kept.text).toBe(COURSE_CHAT.kept());
    await expect(readFile(path.join(chat.dataDir, 'curso.json'))).rejects.toThrow(/ENOENT/);

    const p2 = await say(chat, 'Genética\nSemana 1: Mendel\nSemana 2: Ligamiento\n', isProposal);
    const ask2 = await press(chat, p2, button(p2, COURSE_BUTTONS.use), () => true);
    const notesBefore = await chat.notebook.notes.list();
    const was34 = notesBefore.filter((n) => n.semana === 3 || n.semana === 4).map((n) => n.id);
    expect(was34.length).toBeGreaterThan(0);
    const done = await press(chat, ask2, button(ask2, COURSE_BUTTONS.noWeek), () => true);
    expect(done.text).toBe(`${COURSE_CHAT.accepted('Genética', 2)}\n${COURSE_CHAT.leftWithout()}\n${COURSE_CHAT.examplesRemoved(12, 0)}`);
    const after = await chat.notebook.notes.list();
    expect(after.filter((n) => was34.includes(n.id)).every((n) => n.semana === null)).toBe(true);
    expect(after).toHaveLength(notesBefore.length - 12);
  });

  it('a list of topics typed one a line, under a lead-in that names the course, is a proposal; accepted, it is the course', async () => {
    chat = await startLocalChat('cv-curso-temas-');
    const topics = ['La Revolución Francesa', 'Napoleón y el Imperio', 'La Revolución Industrial', 'Los nacionalismos'];
    const p = await say(chat, `Historia Contemporánea:\n${topics.join('\n')}`);
    expect(p.text).toBe(COURSE_CHAT.proposal('Historia Contemporánea', topics.map((titulo, i) => ({ numero: i + 1, titulo, inicio: null }))));
    await expect(readFile(path.join(chat.dataDir, 'curso.json'))).rejects.toThrow(/ENOENT/);
    const done = await press(chat, p, button(p, COURSE_BUTTONS.use), () => true);
    expect(done.text).toBe(`${COURSE_CHAT.accepted('Historia Contemporánea', 4)}\n${COURSE_CHAT.examplesRemoved(12, 0)}`);
    const saved = await courseFile(chat);
    expect(saved.titulo).toBe('Historia Contemporánea');
    expect(saved.semanas.map((w) => [w.numero, w.titulo])).toEqual(topics.map((t, i) => [i + 1, t]));
  });

  it('a numbered syllabus under «mi curso es …» is a proposal and never starts a run on the course in use', async () => {
    chat = await startLocalChat('cv-curso-sin-trabajo-');
    // Two topics: too few for the numbered-list share alone; «Historia» is a word of the demo's weeks.
    const p = await say(chat, 'mi curso es Historia Contemporanea, 4 semanas:\n1. La Revolución Francesa\n2. Napoleón y el Imperio');
    expect(p.text).toBe(COURSE_CHAT.proposal('Historia Contemporanea', [{ numero: 1, titulo: 'La Revolución Francesa', inicio: null }, { numero: 2, titulo: 'Napoleón y el Imperio', inicio: null }]));
    expect(chat.cb.runs.current(chat.tg.server.chatId)).toBeUndefined();
    // The chat's next answer is to the next message: nothing else was said in between.
    const next = await say(chat, '/curso');
    expect(chat.tg.server.history().filter((m) => fromBot(m) && m.message_id < next.message_id).map((m) => m.message_id)).toEqual([p.message_id]);
    expect(chat.cb.runs.current(chat.tg.server.chatId)).toBeUndefined();
  });

  it('the guess can be corrected both ways; a text file is routed like a paste', async () => {
    chat = await startLocalChat('cv-curso-ruta-');
    const p = await say(chat, 'Genética\nSemana 1: Mendel y los guisantes\nSemana 2: Ligamiento y recombinación', isProposal);
    const asMaterial = await press(chat, p, button(p, COURSE_BUTTONS.isMaterial), (m) => (m.text ?? '').startsWith('De «'));
    // A paste is named by its title: the student made no file.
    expect(asMaterial.text).toMatch(/^De «Genética»:/);
    expect(buttonsOf(asMaterial).map((b) => b.text)).toEqual(['✅ Guardar', '📅 Cambiar semana', '❌ Descartar', COURSE_BUTTONS.isSyllabus]);
    const back = await press(chat, asMaterial, button(asMaterial, COURSE_BUTTONS.isSyllabus), isProposal);
    expect(back.text).toMatch(/«Genética», 2 semanas/);
    expect(buttonsOf(back).map((b) => b.text)).toEqual([COURSE_BUTTONS.use, COURSE_BUTTONS.change, COURSE_BUTTONS.discard]);

    // A list of topics proposed as a syllabus keeps the way back once read as material, though no line is labelled.
    const topics = await say(chat, 'La Revolución Francesa\nNapoleón y el Imperio\nLa Revolución Industrial\nLos nacionalismos', isProposal);
    const topicsAsMaterial = await press(chat, topics, button(topics, COURSE_BUTTONS.isMaterial), (m) => (m.text ?? '').startsWith('De «'));
    expect(buttonsOf(topicsAsMaterial).map((b) => b.text)).toContain(COURSE_BUTTONS.isSyllabus);

    // Paragraphs of prose could be no syllabus: only the import's own buttons under them.
    const prose = 'La mitosis es la división del núcleo de una célula en dos núcleos con el mismo número de cromosomas. '.repeat(12);
    const plain = await say(chat, prose, (m) => (m.text ?? '').startsWith('De «'));
    expect(buttonsOf(plain).map((b) => b.text)).toEqual(['✅ Guardar', '📅 Cambiar semana', '❌ Descartar']);
    // Prose with a list might be one: the button is offered, and a tap that finds no week says so.
    const material = await say(chat, `${prose}\n\nSus fases son:\n- Profase\n- Metafase\n- Anafase\n- Telofase`, (m) => (m.text ?? '').startsWith('De «') && m.message_id > plain.message_id);
    expect(buttonsOf(material).map((b) => b.text)).toContain(COURSE_BUTTONS.isSyllabus);
    const refused = await press(chat, material, button(material, COURSE_BUTTONS.isSyllabus), () => true);
    expect(refused.text).toMatch(/^No he podido leerlo como temario: No he encontrado ninguna semana/);

    const sent = await sendUserFile(chat.tg.server, await readFile(BIO), 'programa.md', 'document');
    const fromFile = await waitForMessage(chat.tg, 'the proposal from the file', (ms) => ms.find((m) => m.message_id > sent.message_id && isProposal(m)));
    expect(fromFile.text).toMatch(/«Biología celular», 14 semanas/);
    // A week written twice is asked about in the proposal, not refused.
    const unsure = await say(chat, 'Semana 1: Célula\nSemana 2: Membrana\nSemana 2: Núcleo');
    expect(unsure.text).toMatch(/^📚 He leído un temario: «Mi curso», 2 semanas[\s\S]*❓ Tengo una duda[\s\S]*La semana 2 aparece dos veces \(líneas 2 y 3\): he dejado la primera y he quitado «Núcleo»/);

    // A syllabus long enough to be the first part of a split paste: offered once, then routed whole.
    const long = ['Ecología de sistemas', ...Array.from({ length: 52 }, (_, i) => `Semana ${i + 1}: Tema de estudio número ${i + 1} con bastante detalle y lecturas`)].join('\n');
    expect(long.length).toBeGreaterThan(PASTE_FULL_PART);
    const offer = await say(chat, long);
    expect(offer.text).toMatch(/^Me llegó un texto largo \(/);
    const longProposal = await press(chat, offer, buttonsOf(offer)[0]!.callback_data!, isProposal);
    expect(longProposal.text).toMatch(/«Ecología de sistemas», 52 semanas/);
  }, 120_000);
});
