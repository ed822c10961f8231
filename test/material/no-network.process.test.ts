/**
 * The OCR child can reach no network (issue 26: «OCR runs in a child process whose --import preload
 * refuses every outbound connection (worker threads inherit it): it works»). A probe started with
 * the child's own flags tries every way out — net, http, tls, http2, fetch, DNS, UDP, a worker
 * thread, tesseract.js's own thread fetching a model by URL — against a local server that counts
 * what reaches it; then reads a printed page offline. And the engine's real child carries the flags.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createTesseractOcr, NO_NETWORK_PRELOAD, ocrChildCommand, SPA_LANG_PATH } from '../../src/domain/material/ocr.js';
import { ocrAccuracy, printedPage } from '../support/material-fixtures.js';

const PAGE = ['El agua hierve a cien grados al nivel del mar. A más altura, la presión es menor y hierve antes.'];
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** The command lines of this process's children (Linux /proc). */
async function childCommandLines(): Promise<string[][]> {
  const tasks = await readdir(`/proc/${process.pid}/task`);
  const pids = (await Promise.all(tasks.map((t) => readFile(`/proc/${process.pid}/task/${t}/children`, 'utf8').catch(() => '')))).join(' ').split(/\s+/).filter(Boolean);
  return Promise.all(pids.map(async (p) => (await readFile(`/proc/${p}/cmdline`, 'utf8').catch(() => '')).split('\0').filter(Boolean)));
}

describe('the OCR process has no network', () => {
  it('every connection attempt is refused, in the process and its threads; OCR still reads the page', { timeout: 120_000 }, async () => {
    let reached = 0;
    const server = http.createServer((_req, res) => res.end('hola'));
    server.on('connection', () => reached++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cv-sin-red-'));
    dirs.push(dir);
    const image = path.join(dir, 'pagina.png');
    await writeFile(image, await printedPage(PAGE, { format: 'png' }));
    try {
      const probe = path.resolve('test/support/no-network-probe.mjs');
      const { stdout } = await promisify(execFile)(process.execPath, [...ocrChildCommand().execArgv, probe, String(port), SPA_LANG_PATH, image], { maxBuffer: 1 << 20 });
      const { results, text } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { results: Record<string, string>; text: string };
      expect(Object.keys(results)).toHaveLength(9);
      for (const [what, code] of Object.entries(results)) {
        expect(code, what).toMatch(what.startsWith('worker') ? /^ERR_SIN_RED, ERR_SIN_RED$/ : /ERR_SIN_RED/);
      }
      expect(ocrAccuracy(PAGE.join(' '), text)).toBeGreaterThanOrEqual(0.95);
      // And the server, which would have seen any of them, saw none.
      expect(reached).toBe(0);
      // The same server answers from here: the refusals were the preload's, not the machine's.
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('hola');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('the engine reads in a child started with the preload; close() ends it', { timeout: 120_000 }, async () => {
    const ocr = createTesseractOcr();
    try {
      const read = await ocr.recognize(await printedPage(PAGE, { format: 'png' }));
      expect(ocrAccuracy(PAGE.join(' '), read.text)).toBeGreaterThanOrEqual(0.95);
      const children = (await childCommandLines()).filter((args) => args.some((a) => /ocr-child\.(ts|js)$/.test(a)));
      expect(children).toHaveLength(1);
      const args = children[0]!;
      expect(args[args.indexOf('--import') + 1]).toBe(NO_NETWORK_PRELOAD);
    } finally {
      await ocr.close();
    }
    expect((await childCommandLines()).filter((args) => args.some((a) => /ocr-child\.(ts|js)$/.test(a)))).toEqual([]);
  });
});
