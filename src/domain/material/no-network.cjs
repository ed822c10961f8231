/* global require, __filename, URL */
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS on purpose: see below */
// Preload of the OCR child process (`node --import <this file>`, ocr.ts): the process
// that reads the student's images — untrusted bytes — can open no connection at all. Every public
// path out is replaced by one that throws: net/tls sockets (which http, https, http2 and fetch's
// undici all go through), the http(s) request functions and agents, DNS (callbacks, promises,
// Resolver), UDP, fetch and WebSocket. Worker threads do not run `--import` preloads, so the Worker
// class is replaced too: each new thread loads this file first, then its own code.
// Plain CommonJS on purpose: it runs before any loader (tsx) and is required at a thread's start.
'use strict';

const { syncBuiltinESMExports } = require('node:module');
const { pathToFileURL } = require('node:url');
const path = require('node:path');

const CODE = 'ERR_SIN_RED';

function refuse(what) {
  const e = new Error(`sin red: ${what} no está permitido en el lector de imágenes`);
  e.code = CODE;
  throw e;
}

function replace(obj, names, what) {
  for (const name of names) {
    if (typeof obj[name] !== 'function') continue;
    const label = `${what}.${name}`;
    Object.defineProperty(obj, name, { configurable: true, writable: true, value: function refused() { refuse(label); } });
  }
}

const net = require('node:net');
replace(net.Socket.prototype, ['connect'], 'net.Socket');
replace(net, ['connect', 'createConnection'], 'net');
replace(require('node:tls'), ['connect'], 'tls');
for (const mod of ['node:http', 'node:https']) {
  const m = require(mod);
  replace(m, ['request', 'get'], mod);
  replace(m.Agent.prototype, ['createConnection'], `${mod}.Agent`);
}
replace(require('node:http2'), ['connect'], 'http2');
const dns = require('node:dns');
const DNS = ['lookup', 'lookupService', 'resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveCaa', 'resolveCname', 'resolveMx', 'resolveNaptr', 'resolveNs', 'resolvePtr', 'resolveSoa', 'resolveSrv', 'resolveTxt', 'reverse'];
replace(dns, DNS, 'dns');
replace(dns.Resolver.prototype, DNS, 'dns.Resolver');
replace(dns.promises, DNS, 'dns.promises');
replace(dns.promises.Resolver.prototype, DNS, 'dns.promises.Resolver');
replace(require('node:dns/promises'), DNS, 'dns/promises');
const dgram = require('node:dgram');
replace(dgram.Socket.prototype, ['connect', 'send'], 'dgram.Socket');

Object.defineProperty(globalThis, 'fetch', { configurable: true, writable: true, value: async function fetch() { refuse('fetch'); } });
for (const name of ['WebSocket', 'EventSource']) {
  if (name in globalThis) {
    Object.defineProperty(globalThis, name, { configurable: true, writable: true, value: function refused() { refuse(name); } });
  }
}

// Threads: each one starts by requiring this file, then runs what it was given.
const threads = require('node:worker_threads');
const Original = threads.Worker;
const SELF = JSON.stringify(__filename);
class GuardedWorker extends Original {
  constructor(filename, options = {}) {
    let code;
    if (options.eval) {
      code = `require(${SELF});\n${String(filename)}`;
    } else {
      const s = filename instanceof URL ? filename.href : String(filename);
      const url = /^(file|data):/.test(s) ? s : pathToFileURL(path.resolve(s)).href;
      code = `require(${SELF});\nimport(${JSON.stringify(url)}).catch((e) => { process.nextTick(() => { throw e; }); });`;
    }
    super(code, { ...options, eval: true });
  }
}
threads.Worker = GuardedWorker;

syncBuiltinESMExports();
