/**
 * Checks the whole audit log (`cuaderno auditoria --verificar`), reading it line by line: every line
 * a JSON object with a timestamp and an event, every result after its request, and the HMAC chain
 * (auditChain.ts) whole — no line removed, edited, moved, added without the key, no end cut off.
 * Findings carry 1-based line numbers; the wording lives in strings/console.ts (AUDIT).
 */
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { AUDIT } from '../strings/console.js';
import { ERASE_EVENT } from './erase.js';
import { NOTEBOOK_EVENTS } from './auditEvents.js';
import { AUDIT_KEY_FILE, chainFields, findMirror, macOf, prefixMac } from './auditChain.js';
import type { ChainMirror } from './auditChain.js';
import { fileLines } from './lines.js';

export interface AuditFindings {
  lines: number;
  calls: number;
  /** What is wrong (exit 1): "línea 7: no es JSON válido". */
  problems: string[];
  /** Worth knowing, not damage: requests without a result (a crash, or a call still running), an old unchained prefix. */
  notes: string[];
}

/** A tool call's request and result, paired by call id; the student's review of a model's cards (domain/cards/proposals.ts), alone. */
const EVENTS = new Set(['solicitud', 'resultado', 'tarjetas_revisadas', ...NOTEBOOK_EVENTS]);
/** Events that stand alone (no call to pair with). */
const ALONE = new Set(['tarjetas_revisadas', ...NOTEBOOK_EVENTS]);
const HEX64 = /^[0-9a-f]{64}$/;

/** The key if it exists (verifying never creates one). */
async function readKey(keysDir: string): Promise<Buffer | undefined> {
  const text = await readFile(path.join(keysDir, AUDIT_KEY_FILE), 'utf8').catch(() => undefined);
  return text !== undefined && HEX64.test(text.trim()) ? Buffer.from(text.trim(), 'hex') : undefined;
}

interface Chained { n: number; seq: number; mac: string; macPrev: string }

/** One pass over the log with the mirror known (or not); returns the findings and the chain id it saw. */
async function scan(file: string, key: Buffer | undefined, mirror: ChainMirror | undefined): Promise<AuditFindings & { chain?: string; chained: number }> {
  const problems: string[] = [];
  const notes: string[] = [];
  const open = new Map<string, number>();
  let calls = 0;
  let lines = 0;
  let legacy = 0;
  let chain: string | undefined;
  const prefix = key ? prefixMac(key) : undefined;
  /** seq and line number of every chained line, in file order (numbers only: bounded memory per line). */
  const seqs: number[] = [];
  const lineOf: number[] = [];
  let last: Chained | undefined;
  const brokenLinks: Array<{ a: number; b: number; seq: number }> = [];
  const afterMirror: Array<{ n: number; seq: number; fits: boolean }> = [];
  for await (const { n, text, whole } of fileLines(file, { missingOk: true })) {
    lines = n;
    if (text.trim() === '') {
      problems.push(AUDIT.empty(n));
      continue;
    }
    let entry: unknown;
    try {
      entry = JSON.parse(text);
    } catch {
      problems.push(whole ? AUDIT.notJson(n) : AUDIT.cut(n));
      continue;
    }
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      problems.push(AUDIT.notObject(n));
      continue;
    }
    if (!whole) {
      // A torn tail is set aside by the next writer; its text never joined the chain.
      problems.push(AUDIT.cut(n));
      continue;
    }
    const e = entry as Record<string, unknown>;
    if (typeof e.timestamp !== 'string' || Number.isNaN(Date.parse(e.timestamp))) problems.push(AUDIT.badDate(n));
    // «Borra mis datos» starts a new chain: its record is the first line, and only there.
    if (n === 1 && e.event === ERASE_EVENT) { /* the deletion's record: no call */ } else if (typeof e.event !== 'string' || !EVENTS.has(e.event)) problems.push(AUDIT.badEvent(n, JSON.stringify(e.event)));
    else {
      const id = JSON.stringify(e.call_id ?? null);
      if (ALONE.has(e.event)) {
        // Not a call: nothing to pair.
      } else if (e.event === 'solicitud') {
        calls += 1;
        open.set(id, n);
      } else if (open.has(id)) open.delete(id);
      else problems.push(AUDIT.orphanResult(n, id));
    }

    const fields = chainFields(e);
    if (!fields) {
      if (seqs.length === 0) {
        legacy += 1;
        prefix?.add(text);
      } else problems.push(AUDIT.unchained(n));
      continue;
    }
    if (fields.seq === 0 || !HEX64.test(fields.mac_prev)) {
      problems.push(AUDIT.badChainFields(n));
      continue;
    }
    const mac = key ? macOf(key, text) : '';
    const here: Chained = { n, seq: fields.seq, mac, macPrev: fields.mac_prev };
    if (fields.cadena && fields.seq === 1) chain = fields.cadena;
    if (!last) {
      // The first chained line seals what came before it (an old install's lines, or nothing).
      if (key && prefix && fields.seq === 1 && fields.mac_prev !== prefix.digest()) {
        problems.push(legacy > 0 ? AUDIT.legacyChanged(legacy) : AUDIT.firstChanged(n));
      }
    } else if (fields.seq <= last.seq) {
      problems.push(AUDIT.reordered(n, fields.seq, last.seq, last.n));
    } else if (fields.seq === last.seq + 1 && key && fields.mac_prev !== last.mac) {
      brokenLinks.push({ a: last.n, b: n, seq: fields.seq });
    }
    if (mirror && key) {
      if (fields.seq === mirror.seq && mac !== mirror.mac) problems.push(AUDIT.lastEdited(n));
      if (fields.seq > mirror.seq) afterMirror.push({ n, seq: fields.seq, fits: fields.seq === mirror.seq + 1 && fields.mac_prev === mirror.mac });
    }
    seqs.push(fields.seq);
    lineOf.push(n);
    last = here;
  }

  if (!key && seqs.length > 0) problems.push(AUDIT.noKey(seqs.length));
  for (const l of brokenLinks) {
    if (!(mirror && l.seq > mirror.seq)) problems.push(AUDIT.edited(l.a, l.b));
  }
  // Gaps: numbers from 1 to the highest (or the mirror's) that no line carries.
  const order = seqs.map((s, i) => ({ s, n: lineOf[i]! })).sort((x, y) => x.s - y.s);
  let expected = 1;
  for (const { s, n } of order) {
    if (s > expected) problems.push(AUDIT.missing(expected, s - 1, n));
    expected = Math.max(expected, s + 1);
  }
  if (mirror && key) {
    if (expected - 1 < mirror.seq) problems.push(seqs.length === 0 ? AUDIT.emptied(mirror.seq) : AUDIT.truncated(expected, mirror.seq));
    const lastN = last?.n;
    for (const a of afterMirror) {
      if (a.fits && afterMirror.length === 1 && a.n === lastN) notes.push(AUDIT.mirrorBehind(a.n));
      else problems.push(AUDIT.forged(a.n));
    }
  } else if (seqs.length > 0 && key) notes.push(AUDIT.noMirror);
  if (legacy > 0) notes.push(seqs.length > 0 ? AUDIT.legacyPrefix(legacy) : AUDIT.legacyOnly(legacy));
  for (const [id, n] of open) notes.push(AUDIT.openCall(n, id));
  return { lines, calls, problems, notes, chained: seqs.length, ...(chain ? { chain } : {}) };
}

/**
 * Verifies the log at `file` against the key and mirror in `keysDir`. Reads only; repairs nothing.
 * A missing log is fine unless its mirror says it had entries.
 */
export async function verifyAuditLog(file: string, keysDir: string, notebook?: string): Promise<AuditFindings & { exists: boolean }> {
  const key = await readKey(keysDir);
  const exists = await access(file).then(() => true, () => false);
  // The mirror of this notebook's chain (wherever its folder is now), else the one whose last known
  // path is this log; a log naming its chain is checked against that chain's mirror.
  let mirror = await findMirror(keysDir, file, undefined, notebook);
  let found = await scan(file, key, mirror);
  if ((!mirror || mirror.cadena !== found.chain) && found.chain) {
    mirror = (await findMirror(keysDir, file, found.chain)) ?? mirror;
    if (mirror) found = await scan(file, key, mirror);
  }
  const { chain: _c, chained: _n, ...findings } = found;
  return { ...findings, exists };
}
