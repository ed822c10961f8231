/* global process, fetch */
// Run by no-network.process.test.ts with the OCR child's own flags (`node --import no-network.cjs`):
// tries every way out to the test's local server — from this thread, from a worker thread, and from
// the thread tesseract.js starts (a model folder given as a URL) — then reads a printed page offline.
// Prints one JSON object: each attempt with the error code it got, and the OCR's text.
import dgram from 'node:dgram';
import dns from 'node:dns/promises';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import tls from 'node:tls';
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { createWorker } from 'tesseract.js';

const [port, langPath, imagePath] = process.argv.slice(2);
const url = `http://127.0.0.1:${port}/`;
const attempts = {
  'net.connect': () => new Promise((ok, ko) => net.connect(Number(port), '127.0.0.1', ok).on('error', ko)),
  'http.get': () => new Promise((ok, ko) => http.get(url, ok).on('error', ko)),
  'tls.connect': () => new Promise((ok, ko) => tls.connect(Number(port), '127.0.0.1', ok).on('error', ko)),
  'http2.connect': () => new Promise((ok, ko) => http2.connect(url, ok).on('error', ko)),
  fetch: () => fetch(url),
  'dns.lookup': () => dns.lookup('localhost'),
  'dgram.send': () => new Promise((ok, ko) => dgram.createSocket('udp4').send('x', Number(port), '127.0.0.1', (e) => (e ? ko(e) : ok()))),
};
const codeOf = async (fn) => {
  try {
    await fn();
    return 'conectado';
  } catch (e) {
    return e.code ?? String(e);
  }
};
const results = {};
for (const [what, fn] of Object.entries(attempts)) results[what] = await codeOf(fn);

results['worker: net.connect, fetch'] = await new Promise((resolve) => {
  const w = new Worker(`
    const { parentPort } = require('node:worker_threads');
    const net = require('node:net');
    let a;
    try { net.connect(${Number(port)}, '127.0.0.1'); a = 'conectado'; } catch (e) { a = e.code; }
    fetch('${url}').then(() => 'conectado', (e) => e.code).then((b) => parentPort.postMessage(a + ', ' + b));
  `, { eval: true });
  w.once('message', (m) => { resolve(m); void w.terminate(); });
  w.once('error', (e) => resolve(String(e)));
});

// tesseract.js fetches a model given as a URL from its own worker thread; the error crosses the
// thread as a message only, so the refusal is known by its words.
results['tesseract: modelo por URL'] = await new Promise((resolve) => {
  const byWords = (e) => (/sin red/.test(String(e)) ? 'ERR_SIN_RED' : String(e));
  createWorker('spa', 1, { langPath: url, gzip: true, cacheMethod: 'none', errorHandler: (e) => resolve(byWords(e)) })
    .then((w) => { resolve('conectado'); void w.terminate(); }, (e) => resolve(byWords(e)));
});

const w = await createWorker('spa', 1, { langPath, gzip: true, cacheMethod: 'none' });
const { data } = await w.recognize(await readFile(imagePath));
await w.terminate();
process.stdout.write(`${JSON.stringify({ results, text: data.text })}\n`);
// The thread whose model never came is still waiting: end it with the process.
process.exit(0);
