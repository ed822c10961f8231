/**
 * Real headless Chromium for browser tests: Debian's /usr/bin/chromium driven by playwright-core
 * (no browser download). Each launch gets a fresh user-data-dir that is removed on close.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

/** A phone-sized viewport (CSS pixels) for screenshots and layout checks. */
export const PHONE = Object.freeze({ width: 390, height: 844, deviceScaleFactor: 2 });

/**
 * Browser tests skip only on a developer machine without chromium; under CI (`CI` set) a missing
 * browser is a failure, not a skip.
 */
export function skipBrowserTests(): boolean {
  return !existsSync(CHROMIUM_PATH) && !process.env.CI;
}

export interface LaunchedBrowser {
  context: BrowserContext;
  page: Page;
  /** Closes the browser and deletes its profile directory. */
  close(): Promise<void>;
}

/** Launches Chromium with a fresh profile, a phone-sized viewport and Spanish locale (and `timezoneId`, the browser's clock, when given). */
export async function launchChromium(viewport: { width: number; height: number; deviceScaleFactor: number } = PHONE, extraArgs: readonly string[] = [], timezoneId?: string): Promise<LaunchedBrowser> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'chromium-profile-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS, ...extraArgs],
      viewport: { width: viewport.width, height: viewport.height },
      deviceScaleFactor: viewport.deviceScaleFactor,
      locale: 'es-ES',
      colorScheme: 'light',
      ...(timezoneId ? { timezoneId } : {}),
      timeout: 30_000,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    return {
      context,
      page,
      close: async () => {
        await context.close();
        await rm(profile, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await rm(profile, { recursive: true, force: true });
    throw e;
  }
}

/** Types `text` into the local chat page's message box and sends it, as the owner does. */
export async function sendText(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Mensaje para el bot' });
  await box.fill(text);
  await box.press('Enter');
}
