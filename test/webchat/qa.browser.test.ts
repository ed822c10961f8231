/**
 * What the notebook's owner actually types, mistakes included, in the local chat page (real
 * Chromium, phone-sized) with the real bot and the real agent on the offline planner: every reply
 * is one clear Spanish answer in tú, never a stack trace, raw JSON, a tool argument or a server
 * path. Screenshots go to $QA_SHOTS when it is set.
 */
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAX_CHARS, PASTE_FULL_PART } from '../../src/lib/paste-parts.js';
import { launchChromium, skipBrowserTests, type LaunchedBrowser } from '../support/browser.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';

const shotsDir = process.env.QA_SHOTS;
const WAIT_MS = 30_000;

/** Words that give away usted, model-facing tool wording, or a crash, in a bot message. */
const NOT_FOR_THE_OWNER = [
  /\b(quiere|Use|pida|inténtelo|Escriba|verifique|aprobó)\b/, // usted: the bot speaks tú
  /motor:\s*"|maqueta:\s*true|\btitular\b/, // tool arguments and the tools' wording for the model
  /^\s+at .+\(.+:\d+:\d+\)/m, /\b(TypeError|ReferenceError|Error:)/, // stack traces
  /\{"\w+":/, // raw JSON
];

/** The 4,736-character paste's own heading: its proposal's name. */
const TITLE = 'El impresionismo y la luz';

/** A paragraph of exactly `n` characters, in sentences. */
function paragraph(n: number, seed: number): string {
  const sentence = `Monet pintó la catedral de Ruan a distintas horas (${seed}) para mostrar cómo la luz cambia el color. `;
  return sentence.repeat(Math.ceil(n / sentence.length)).slice(0, n - 1).trimEnd().padEnd(n - 1, 'x') + '.';
}

/**
 * Heading, paragraphs up to character 3,489 (the last paragraph break before 4,096, below the
 * length the bot joins), then one long paragraph: 4,736 characters in all.
 */
function thePaste(): string {
  const head = `# ${TITLE}\n\n`;
  const paras = [paragraph(1150, 1), paragraph(1150, 2)];
  paras.push(paragraph(3489 - head.length - paras.join('\n\n').length - 2, 3));
  const first = head + paras.join('\n\n');
  expect(first.length).toBe(3489);
  return `${first}\n\n${paragraph(4736 - 3491, 4)}`;
}

describe.skipIf(skipBrowserTests())('QA: what the owner types, in the local chat', () => {
  let chat: LocalChat;
  let browser: LaunchedBrowser;
  let page: Page;

  beforeAll(async () => {
    chat = await startLocalChat('webchat-qa-');
    browser = await launchChromium();
    page = browser.page;
    await page.goto(chat.tg.chatUrl);
    await page.waitForSelector('body[data-ready="true"]');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await chat?.close();
  });

  const box = (): Locator => page.getByRole('textbox', { name: 'Mensaje para el bot' });
  const botMessages = (): Promise<string[]> => page.locator('#log > .msg.in').evaluateAll((els) => els.map((e) => (e.querySelector('.text')?.textContent ?? '')));

  /** Types `text` and presses Intro, as a person does; resolves with the first new bot message matching `expected`. */
  async function say(text: string, expected: RegExp): Promise<string> {
    const before = await page.locator('#log > .msg').count();
    await box().fill(text);
    await box().press('Enter');
    return waitForBot(before, expected);
  }

  async function waitForBot(afterIndex: number, expected: RegExp): Promise<string> {
    const handle = await page.waitForFunction(({ from, source, flags }) => {
      const re = new RegExp(source, flags);
      const found = Array.from(document.querySelectorAll('#log > .msg')).slice(from)
        .find((m) => m.classList.contains('in') && re.test(m.querySelector('.text')?.textContent ?? ''));
      return found?.querySelector('.text')?.textContent ?? false;
    }, { from: afterIndex, source: expected.source, flags: expected.flags }, { timeout: WAIT_MS });
    return (await handle.jsonValue()) as string;
  }

  const shot = async (name: string) => { if (shotsDir) await page.screenshot({ path: path.join(shotsDir, name) }); };

  it('commands typed in full are sent with Intro, even capitalised by the phone keyboard', async () => {
    // Typing "/ayuda" opens the command menu; Intro must send it, not just complete it.
    expect(await say('/ayuda', /Ejemplos:/)).toContain('/semana N');
    expect(await say('/nota', /Escribe la nota tras la orden/)).toContain('/nota mitosis:');
    expect(await say('/Semana 9', /No existe la semana 9/)).toMatch(/semanas del 1 al 4.*\/semana 1/);
    expect(await say('/semana abc', /Indica la semana con un número del 1 al 4/)).toContain('/semana 1');
    expect(await say('/cancelar', /^No hay nada en marcha que cancelar\.$/)).toBeTruthy();
  }, WAIT_MS * 6);

  it('a greeting is answered without starting a run; unclear requests get a question in tú', async () => {
    const before = await page.locator('#log > .msg').count();
    // One line: what to ask, with a week of the course, and (on the example course) where to set their own.
    expect(await say('¡hola! 👋', /^¡Hola/)).toMatch(/^¡Hola[^\n]*«prepara la semana \d», o escribe \/start para poner tu propio curso\.$/);
    const after = await botMessages();
    expect(after.slice(-1)[0]).not.toMatch(/Empiezo/);
    expect(await chat.notebook.usage.list()).toEqual([]);
    expect(await page.locator('#log > .msg').count()).toBe(before + 2);

    const asked = await say('prepare la semana 9', /No existe la semana 9/);
    expect(asked).toMatch(/No existe la semana 9\. Tu curso tiene las semanas del 1 al 4\. ¿Cuál quieres\?/);
    await shot('qa-semana-9.png');
  }, WAIT_MS * 4);

  it('a note that is too long is refused with its length and nothing is saved; accents and emoji are kept', async () => {
    const notesBefore = (await chat.notebook.notes.list()).length;
    const refused = await say(`/nota arte: ${'el cubismo descompone las formas '.repeat(70)}`, /demasiado larga/);
    expect(refused).toMatch(/\(\d{4} caracteres; el máximo es 2000\), así que no la he guardado/);
    expect((await chat.notebook.notes.list()).length).toBe(notesBefore);
    expect(await say('/nota arte: el cubismo 🎨 rompe la perspectiva única, ¿verdad? Ñandú', /^Nota \d+ guardada \(tema: arte\), en la semana 3 · Historia del arte\.$/)).toBeTruthy();
    const saved = (await chat.notebook.notes.list()).at(-1)!;
    expect(saved.texto).toBe('el cubismo 🎨 rompe la perspectiva única, ¿verdad? Ñandú');
    // The list is one note a line (its topic); the note whole keeps its accents and emoji.
    expect(await say('/notas', new RegExp(`Tus notas \\(${notesBefore + 1}\\)`))).toContain(`\n${saved.id} · Arte\n`);
    await page.locator('#log > .msg.in').last().getByRole('button', { name: `📄 ${saved.id}` }).click();
    await page.locator('.msg.in', { hasText: `Nota ${saved.id} · Arte` }).last().waitFor({ timeout: WAIT_MS });
    expect(await page.locator('.msg.in', { hasText: `Nota ${saved.id} · Arte` }).last().textContent()).toContain('el cubismo 🎨 rompe la perspectiva única, ¿verdad? Ñandú');
  }, WAIT_MS * 4);

  it('"con mi voz" without consent or XTTS_URL: the approval says what is missing and what to do; busy and /estado meanwhile', async () => {
    const before = await page.locator('#log > .msg').count();
    await box().fill('narre la semana 3 con mi voz');
    await box().press('Enter');
    const card = page.locator('#log > .msg').nth(before).locator('~ .msg.in', { hasText: /Necesito tu permiso/ }).filter({ has: page.getByRole('button') }).last();
    await card.waitFor({ timeout: WAIT_MS });
    const preview = (await card.locator('.text').textContent())!;
    expect(preview).toContain('⚠️ Así no va a salir, aunque lo apruebes:');
    expect(preview).toMatch(/Falta tu consentimiento para usar tu voz: lo registra quien pone en marcha el bot \(si eres tú/);
    expect(preview).toMatch(/Tu voz se genera en un servidor de voz que no está configurado/);
    expect(preview).not.toMatch(/XTTS|consentimiento\.json|juguete/);
    expect(preview.match(/con una voz sintética/g)).toHaveLength(1);
    expect(preview).not.toContain(chat.dataDir);
    await card.locator('.text').evaluate((el) => el.closest('.msg')?.scrollIntoView({ block: 'end' }));
    await shot('qa-voz-sin-consentimiento.png');

    // While it waits for the owner: a second request is told what is running; /estado lists the approval.
    expect(await say('prepare la semana 2', /Todavía tengo a medias «narre la semana 3 con mi voz»/)).toContain('/cancelar');
    expect(await say('/estado', /^(?:En marcha:|⏸ Esperando tu respuesta:)/)).toMatch(/Aprobaciones pendientes: 1\s*• narrar el resumen de la semana/);

    // It cannot work as asked, so there is no ✅ Aprobar to tap (issue 28): only no, or the synthetic voice.
    expect(await card.getByRole('button').allTextContents()).toEqual(['❌ Rechazar', '🔄 Mejor con la voz sintética']);
    const beforeReport = await page.locator('#log > .msg').count();
    await card.getByRole('button', { name: '❌ Rechazar' }).click();
    const skip = page.getByRole('button', { name: '➡️ Seguir sin motivo' });
    await skip.waitFor({ timeout: WAIT_MS });
    await skip.click();
    const report = await waitForBot(beforeReport, /📋 Informe/);
    expect(report).not.toMatch(/✅ Narración/);
    expect(report).toMatch(/No se hizo:\s*• Narrar el resumen de la semana/);
    expect(report).not.toContain(chat.dataDir);
    expect(report).not.toMatch(/narrar_resumen/);
    await page.locator('#log > .msg.in').last().evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await shot('qa-voz-informe.png');
  }, WAIT_MS * 4);

  it('a paste over 5,000 characters goes as two messages, as Telegram sends it, and is answered once', async () => {
    const before = await page.locator('#log > .msg').count();
    const paste = Array.from({ length: 72 }, (_, i) => `Párrafo ${String(i).padStart(2, '0')}: la fuga desarrolla un sujeto en varias voces que entran.`).join('\n\n');
    expect(paste.length).toBeGreaterThan(5_000);
    await box().fill(paste);
    await box().press('Enter');
    const offer = await waitForBot(before, /texto largo en 2 partes/);
    expect(offer).toMatch(/¿Son apuntes para estudiar\? Puedo guardarlo como nota\./);
    const mine = await page.locator('#log > .msg.out').evaluateAll((els) => els.map((e) => e.querySelector('.text')?.textContent ?? '').filter((t) => t.startsWith('Párrafo')));
    expect(mine).toHaveLength(2);
    expect(mine.every((t) => t.length <= 4096)).toBe(true);
    expect(mine.join('\n\n')).toBe(paste);
    const answers = (await page.locator('#log > .msg').evaluateAll((els, from) => els.slice(from).filter((e) => e.classList.contains('in')).length, before));
    expect(answers).toBe(1);
  }, WAIT_MS * 2);

  // One paste, one proposal: the page cuts by the rule the bot joins by (lib/paste-parts.ts).
  it('4,736 characters: parts the bot joins, one offer, one proposal named by its heading', async () => {
    const before = await page.locator('#log > .msg').count();
    const paste = thePaste();
    expect(paste.length).toBe(4736);
    await box().fill(paste);
    await box().press('Enter');
    await waitForBot(before, /texto largo en 2 partes/);
    const offer = page.locator('.msg.in', { hasText: /texto largo en 2 partes/ }).last();
    const mine = (await page.locator('#log > .msg.out').evaluateAll((els) => els.map((e) => e.querySelector('.text')?.textContent ?? ''))).slice(-2);
    expect(mine).toHaveLength(2);
    expect(Array.from(mine[0]!).length).toBeGreaterThanOrEqual(PASTE_FULL_PART);
    expect(mine.every((t) => Array.from(t).length <= MESSAGE_MAX_CHARS)).toBe(true);
    expect(mine.join(' ').replace(/\s+/g, ' ')).toBe(paste.replace(/\s+/g, ' '));

    await offer.getByRole('button', { name: /Guardar como nota/ }).click();
    await page.locator('.msg.in', { hasText: `De «${TITLE}»` }).waitFor({ timeout: WAIT_MS });
    const answers = (await page.locator('#log > .msg').evaluateAll((els, from) => els.slice(from).filter((e) => e.classList.contains('in')).map((e) => e.querySelector('.text')?.textContent ?? ''), before));
    expect(answers.filter((t) => t.startsWith('De «'))).toHaveLength(1);
    expect(answers.join('\n')).not.toMatch(/Texto pegado/);
  }, WAIT_MS * 3);

  it('nothing the bot said reads as usted, tool wording, a stack trace, raw JSON or a server path', async () => {
    const said = await botMessages();
    expect(said.length).toBeGreaterThan(10);
    for (const text of said) {
      expect(text).not.toContain(path.dirname(chat.dataDir));
      for (const bad of NOT_FOR_THE_OWNER) expect(text, text).not.toMatch(bad);
    }
  });
});
