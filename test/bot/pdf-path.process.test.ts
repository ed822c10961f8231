/**
 * A PDF attachment's path (docs/architecture.md, «A PDF attachment's path»): the bot's thread crosses
 * the material's one handler and the call into the reader thread — not the reading pipeline, and no
 * other feature's middleware. Counted from a recorded trace (test/support/trace.ts, the coverage of
 * scripts/trace-files.ts) in a child process under plain Node, as the product runs. The embedded Bot
 * API (`src/webchat/`) plays Telegram there and is left out.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { PdfPath } from '../support/trace.js';

/** The goal of docs/architecture.md for a PDF on the bot's thread. */
const MAX_FILES = 25;

const ours = (files: string[]) => files.map((f) => f.split(path.sep).join('/')).filter((f) => !f.startsWith('webchat/'));

describe('a PDF attachment\'s path', () => {
  it(`crosses ≤ ${MAX_FILES} files on the bot's thread, none of the pipeline's or another feature's; the pipeline runs on the reader thread`, async () => {
    // Its threads from the sources too (not dist/'s compiled scripts, test-env.ts): their coverage names src/'s files.
    const { CUADERNO_HILOS_COMPILADOS: _compiled, ...env } = process.env;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'test/bot/pdf-path.child.ts'], { cwd: path.resolve('.'), env, timeout: 120_000, maxBuffer: 1 << 20 });
    const measured = JSON.parse(stdout.trim().split('\n').at(-1)!) as { first: PdfPath; next: PdfPath };
    for (const [which, p] of Object.entries(measured)) {
      const bot = ours(p.bot);
      const thread = ours(p.threads);
      // Measured whole: what showed the proposal ran on the bot's thread, the reading on the reader thread.
      expect(bot, which).toEqual(expect.arrayContaining(['bot/material.ts', 'domain/material/imports.ts', 'domain/material/reading.ts']));
      const pipeline = ['domain/material/extract.ts', 'domain/material/split.ts', 'domain/material/document-week.ts', 'domain/material/near-duplicates.ts', 'domain/material/versions.ts', 'domain/tfidf.ts'];
      expect(thread, which).toEqual(expect.arrayContaining(['pdf-thread.ts', ...pipeline]));
      // Other features' middlewares, and the pipeline, never on the bot's thread.
      const elsewhere = ['bot/review.ts', 'bot/reread.ts', 'bot/route-text.ts', 'bot/student-clock.ts', 'bot/runs.ts', 'store/reviews.ts', 'domain/review/service.ts', ...pipeline];
      expect(bot.filter((f) => elsewhere.includes(f)), which).toEqual([]);
      expect(bot.length, `${which}:\n${bot.join('\n')}`).toBeLessThanOrEqual(MAX_FILES);
    }
  }, 180_000);
});
