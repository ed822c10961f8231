/**
 * End to end: our grammY bot talks HTTP (long polling) to the `telegram-test-api` emulator through
 * the local stand-in for uploads and chat actions; test clients type and press buttons through the
 * emulator's client API. Behind the bot is the real agent service with the offline planner
 * (`CUADERNO_MODELO=local`) and the real tools, in a temp data dir — no mocks of our modules.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { OWNER, STRANGER, startStack, type Stack } from './stack.js';
import { answerUntilReport, button, nextApproval, real, until } from './steps.js';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe('who may do what, cancelling, commands', () => {
  it("a stranger is turned away and nothing runs; a stranger cannot press the owner's button", async () => {
    stack = await startStack(real);
    const stranger = stack.h.client({ userId: STRANGER, firstName: 'Eve' });
    await stranger.say('prepare la semana 3');
    await stranger.waitText(/Este cuaderno es privado/);
    await stranger.say('/semana 1');
    await stranger.waitFor('two refusals', (m) => m.filter((x) => /privado/.test(x.text)).length === 2);
    expect(await stack.notebook.audit.list()).toEqual([]);
    expect(await stack.notebook.usage.list()).toEqual([]);

    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('prepare la semana 1');
    const cover = await nextApproval(owner, new Set());
    // Eve presses Ana's button (as she could in a shared chat): an alert, nothing decided.
    const eveInAnasChat = stack.h.client({ userId: STRANGER, chatId: OWNER, firstName: 'Eve' });
    await eveInAnasChat.press(cover.messageId, button(cover, /Aprobar/));
    await until(async () => stack!.h.answers.some((x) => x.fromId === STRANGER));
    expect(stack.h.answers.find((x) => x.fromId === STRANGER)).toMatchObject({ showAlert: true, text: 'Este botón es de otra persona o ya no sirve.' });
    expect((await owner.messages()).find((m) => m.messageId === cover.messageId)!.buttons.length).toBeGreaterThanOrEqual(2);

    const { report } = await answerUntilReport(owner, () => 'Rechazar');
    expect(report.text).toMatch(/Generar la portada de la semana 1: no lo aprobaste[\s\S]*Narrar el resumen de la semana 1: no lo aprobaste/);
    expect(stack.h.uploads.filter((u) => u.chatId === OWNER && u.method !== 'sendPhoto')).toEqual([]);
  });


  it('/cancelar mid-run stops it, says what had finished, and closes its approval', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('prepare la semana 4');
    const cover = await nextApproval(owner, new Set());
    await owner.say('y también las tarjetas');
    await owner.waitText(/Todavía tengo a medias «prepare la semana 4».*\/cancelar/);
    await owner.say('/cancelar');
    await owner.waitText(/^Cancelando…/);
    const report = await owner.waitText(/📋 Informe/);
    expect(report.text).toMatch(/Cancelado\. Ya estaba terminado: Búsqueda en tus notas/);
    const after = (await owner.messages()).find((m) => m.messageId === cover.messageId)!;
    expect(after.text).toMatch(/🚫 Cancelada/);
    expect(after.buttons).toEqual([]);
    await owner.waitFor('cancelled status', (m) => m.some((x) => /^🚫 Cancelado: «prepare la semana 4»/.test(x.text)));
    expect((await stack.notebook.audit.list()).some((e) => e.tool === 'generar_portada' && e.outcome === 'ok')).toBe(false);
    // The button is stale now: an alert, and the keyboard goes.
    await owner.press(cover.messageId, button(cover, /Aprobar/));
    await until(async () => stack!.h.answers.some((x) => /ya no sirve/.test(x.text ?? '')));
    await owner.say('/cancelar');
    await owner.waitText(/No hay nada en marcha que cancelar/);
  });


  it('a new request while a run waits asks with buttons; a stranger cannot discard it; «Descártalo» ends it with its report', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('prepare la semana 2');
    const cover = await nextApproval(owner, new Set());
    await owner.say('prepara la semana 3');
    const busy = await owner.waitText(/Todavía tengo a medias «prepare la semana 2».*¿Sigo con ese, o lo descarto\?/);
    expect(busy.buttons.map((b) => b.text)).toEqual(['▶️ Sigue con ese', '🗑 Descártalo']);
    // Someone else in the chat cannot throw the owner's run away.
    const eve = stack.h.client({ userId: STRANGER, chatId: OWNER, firstName: 'Eve' });
    await eve.press(busy.messageId, button(busy, /Descártalo/));
    await until(async () => stack!.h.answers.some((x) => x.fromId === STRANGER));
    expect(stack.h.answers.find((x) => x.fromId === STRANGER)).toMatchObject({ showAlert: true, text: 'Este botón es de otra persona o ya no sirve.' });
    // «Sigue con ese» changes nothing: the approval is still open.
    await owner.say('y las tarjetas');
    const busy2 = await owner.waitFor('a second question', (m) => m.filter((x) => /¿Sigo con ese/.test(x.text)).at(1));
    await owner.press(busy2.messageId, button(busy2, /Sigue con ese/));
    await owner.waitText(/^▶️ Sigo con «prepare la semana 2»/);
    expect((await owner.messages()).find((m) => m.messageId === cover.messageId)!.buttons.length).toBeGreaterThanOrEqual(2);
    // «Descártalo»: the run is cancelled (what was done is kept and reported); nothing is generated.
    await owner.press(busy.messageId, button(busy, /Descártalo/));
    const report = await owner.waitText(/📋 Informe/);
    expect(report.text).toMatch(/Cancelado/);
    expect((await stack.notebook.audit.list()).some((e) => e.tool === 'generar_portada' && e.outcome === 'ok')).toBe(false);
  });

  it('commands: /ayuda, /semana with a bad week, /nota and /notas, /gasto, /estado', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('/ayuda');
    await owner.waitText(/prepara la semana 3[\s\S]*\/cancelar/);
    await owner.say('/semana 9');
    // The range is the owner's course's (the demo course here).
    await owner.waitText(/^No existe la semana 9: tu curso tiene las semanas del 1 al 4\. Prueba, por ejemplo, \/semana 1$/);
    await owner.say('/semana');
    await owner.waitText(/número del 1 al 4 \(1 estadística, 2 python, 3 historia del arte, 4 música\)/);
    await owner.say('/nota corto');
    await owner.waitText(/demasiado corta/);
    await owner.say('/nota música: el contrapunto combina melodías independientes');
    await owner.waitText(/^Nota 13 guardada \(tema: música\), en la semana 4 · Música\.$/);
    // The topic is a week's title: the note takes that week.
    expect((await stack.notebook.notes.list()).at(-1)).toMatchObject({ id: 13, tema: 'música', semana: 4 });
    await owner.say('/notas');
    // The newest first, with its week; eight a page.
    // A title takes a phone's line (cut at a word past 48 characters).
    await owner.waitText(/^📒 Tus notas \(13\), página 1 de 2:\n\n📅 Semana 4 · Música\n13 · El contrapunto combina melodías independientes\n12 · Practicar la guitarra cada día con un metrónomo… 📘\n/);
    await owner.say('/gasto');
    await owner.waitText(/Gasto de este mes \(todos tus trabajos\): 0,00 USD de 5,00 USD/);
    await owner.say('/estado');
    await owner.waitText(/No hay nada en marcha\.\nSin aprobaciones pendientes\.\nPresupuesto del mes/);
    await owner.say('/desconocida');
    await owner.waitText(/No conozco esa orden/);
    expect(stack.logs).toEqual([]);
  });

  it('an unanswered approval expires and counts as a rejection, said in the report', async () => {
    stack = await startStack(real, { APROBACION_EXPIRA_S: '1' });
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('prepare la semana 1');
    const report = await owner.waitText(/📋 Informe/, 40_000);
    expect(report.text).toMatch(/No se hizo:[\s\S]*Generar la portada[\s\S]*Narrar el resumen/);
    const approvals = (await owner.messages()).filter((m) => m.text.startsWith('🔐'));
    expect(approvals).toHaveLength(2);
    for (const a of approvals) {
      expect(a.text).toMatch(/⌛ Caducó sin respuesta: cuenta como rechazo\./);
      expect(a.buttons).toEqual([]);
    }
  });

  it('when the monthly budget is spent, new agent runs are refused and nothing is spent', async () => {
    stack = await startStack(real, { PRESUPUESTO_MENSUAL_USD: '0.01' });
    await stack.notebook.usage.append({ origen: 'facturado', tarea: 'antes', modelo: 'claude-sonnet-5-5', tokens_entrada: 10_000, tokens_salida: 1_000 });
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('prepare la semana 3');
    await owner.waitText(/presupuesto de este mes está agotado \(0,03 USD de 0,01 USD\)/);
    await owner.say('/gasto');
    await owner.waitText(/Gasto de este mes \(todos tus trabajos\): 0,03 USD de 0,01 USD \(te quedan 0,00 USD\)\. Es lo que ha costado que el asistente leyera y escribiera unas 8300 palabras\.\nEl presupuesto está agotado/);
    expect(await stack.notebook.audit.list()).toEqual([]);
    expect(await stack.notebook.usage.list()).toHaveLength(1);
  });
});
