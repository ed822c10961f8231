/**
 * Class mode on the local page in a real Chromium at 390×844 (issue 28, Build 6): the persona
 * switcher shows who the page plays; the teacher's invite is a page link; opening it switches the
 * page to a student who joins with it; choosing the other student joins them too, each in their own
 * chat; back as the teacher, only the teacher's chat shows. Screenshot to docs/img when SCREENSHOTS=1.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, PHONE, skipBrowserTests, type LaunchedBrowser } from '../support/browser.js';
import { startLocalClass, type LocalClass } from '../support/local-class.js';

const shotsDir = process.env.SCREENSHOTS === '1' ? path.resolve('docs/img') : undefined;

describe.skipIf(skipBrowserTests())('class mode on the local page, in a browser', () => {
  let c: LocalClass;
  let browser: LaunchedBrowser;
  beforeAll(async () => {
    c = await startLocalClass('cuaderno-personas-nav-');
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await c?.close();
  });

  it('teacher invites with a page link; each student persona joins from it, in their own chat', async () => {
    const { page } = browser;
    expect(page.viewportSize()).toEqual({ width: PHONE.width, height: PHONE.height });
    await page.goto(c.tg.chatUrl);
    await page.waitForSelector('body[data-ready="true"]');
    const select = page.locator('#persona');
    await select.waitFor();
    expect(await select.locator('option').allTextContents()).toEqual(['Profesora', 'Alumna A', 'Alumno B']);
    expect(await select.inputValue()).toBe(String(c.tg.server.user.id));

    const box = page.getByRole('textbox', { name: 'Mensaje para el bot' });
    await box.fill('/invitar');
    await box.press('Enter');
    const invite = page.locator('.msg.in', { hasText: 'unirse=' }).last();
    await invite.waitFor();
    const link = /(http:\/\/127\.0\.0\.1:\d+\/\?unirse=[A-Za-z0-9_%-]+)/.exec((await invite.textContent()) ?? '')?.[1];
    expect(link).toBeDefined();
    expect(await invite.textContent()).not.toMatch(/t\.me/);

    // Opening the invite: the page becomes Alumna A, who joins with it.
    await page.goto(link!);
    await page.locator('.msg.in', { hasText: '¡Hola, Alumna A! Ya estás en la clase' }).waitFor();
    expect(await select.inputValue()).toBe(String(c.tg.server.personas[1]!.id));
    // Her own first message reads «/start», as Telegram shows an opened link: not the link's code.
    expect(await page.locator('.msg.out .text').allTextContents()).toEqual(['/start']);
    expect(new URL(page.url()).search).toBe('');
    await expect.poll(() => page.locator('.msg.in', { hasText: 'unirse=' }).count()).toBe(0);
    // The switcher fits the phone's top bar next to the bot's name.
    const bar = await page.locator('.topbar').boundingBox();
    const sw = await page.locator('#personas').boundingBox();
    expect(sw!.x + sw!.width).toBeLessThanOrEqual(bar!.x + bar!.width);
    if (shotsDir) {
      await page.locator('#toast').waitFor({ state: 'hidden' });
      await page.locator('.msg.in', { hasText: 'Ya estás en la clase' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: path.join(shotsDir, 'chat-clase-personas.png') });
    }

    // The other student, chosen in the switcher, joins with the same invite in their own chat.
    await select.selectOption({ label: 'Alumno B' });
    await page.locator('.msg.in', { hasText: '¡Hola, Alumno B! Ya estás en la clase' }).waitFor();
    expect(await page.locator('.msg.in', { hasText: 'Alumna A' }).count()).toBe(0);
    expect((await c.cb.class!.roster.students()).map((s) => s.name)).toEqual(['Alumna A', 'Alumno B']);

    // Back as the teacher: the teacher's chat, with the invite, and none of the students' messages.
    await select.selectOption({ label: 'Profesora' });
    await page.locator('.msg.in', { hasText: 'unirse=' }).waitFor();
    expect(await page.locator('.msg.in', { hasText: 'Ya estás en la clase' }).count()).toBe(0);
  }, 120_000);
});
