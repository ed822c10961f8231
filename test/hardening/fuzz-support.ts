/**
 * The seeded fuzz test of the dispatcher (docs/design.md §3): ≥ 10,000 generated calls — valid ones, mutated
 * ones (a key missing or extra, a wrong type, out of an enum or a bound, too long), garbage (every
 * JSON and non-JSON type, unicode, nesting to 5,000 levels), every Object.prototype name as a
 * key and as a tool name, and inputs that cannot be read as data (circular, a getter that throws,
 * a Proxy whose traps throw or that was revoked) and tool names that cannot be printed. The oracle
 * is the generator: it knows which inputs are schema-valid.
 *
 * Asserted: 0 crashes (dispatch never throws), 0 invalid inputs accepted, 0 disk changes for a
 * refused call, and a request + a result audit line for every call. Counts are printed.
 *
 * The 10,000 calls are generated once from the seed and played in two halves, each by its own file
 * (`fuzz.test.ts`, `fuzz-2.test.ts`) on its own data folder: a call waits mostly on the disk (the
 * audit's lock, line and mirror), so the two halves overlap on two workers where one file of 10,000
 * was the `rapido` tier's longest by far.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_NAMES } from '../../src/config.js';
import { mulberry32 } from '../../src/lib/prng.js';
import type { ToolResult } from '../../src/tools/contract.js';
import { makeToolbox, tempDir } from '../tools/helpers.js';
import { PROTO_NAMES } from './support.js';

const SEED = 2026;
const CASES = 10_000;
const TOOLS = ['buscar_notas', 'crear_tarjetas', 'generar_portada', 'narrar_resumen', 'registrar_uso'] as const;
type Tool = (typeof TOOLS)[number];

interface Case { name: unknown; input: unknown; valid: boolean; kind: string }

/** The generator's stream: restarted by `generate`, so every caller gets the same cases. */
let rand = mulberry32(SEED);
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const UNICODE = ['a', 'ñ', 'é', 'ü', '中', '文', '🎨', '\u0000', '\u202e', '\ud800', '"', '\\', '\n', ' ', '\u200b', 'ß', 'Ω', '💥', '<', '>'];
const text = (max: number) => Array.from({ length: int(0, max) }, () => pick(UNICODE)).join('');

/** Objects nested `depth` levels ({"a":{"a":…}}) or arrays ([[…]]), built without recursion. */
function nested(depth: number, arrays: boolean): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = arrays ? [v] : { a: v };
  return v;
}

/** Any value, JSON or not: what a buggy or hostile caller may hand in. */
function anyValue(depth = 0): unknown {
  switch (int(0, 17)) {
    case 0: return null;
    case 1: return rand() < 0.5;
    case 2: return int(-1e6, 1e6);
    case 3: return pick([0, -0, 2 ** 53, -(2 ** 53), Number.MAX_VALUE, 1e-300, 0.5, 3.7]);
    case 4: return pick([NaN, Infinity, -Infinity]);
    case 5: return text(40);
    case 6: return 'x'.repeat(int(2_001, 12_000));
    case 7: return undefined;
    case 8: return BigInt(int(0, 1e9));
    case 9: return () => 1;
    case 10: return Symbol('s');
    case 11: return new Date(int(0, 2e12));
    case 12: return new Map([['a', 1]]);
    case 13: return depth > 2 ? 1 : Array.from({ length: int(0, 4) }, () => anyValue(depth + 1));
    case 14: return depth > 2 ? {} : Object.fromEntries(Array.from({ length: int(0, 4) }, () => [pick([text(8), pick(PROTO_NAMES)]), anyValue(depth + 1)]));
    case 15: return nested(pick([10, 100, 3_000, 5_000]), rand() < 0.5);
    case 16: return JSON.parse('{"__proto__": {"polluted": true}}');
    default: return String(int(1, 4));
  }
}

function validArgs(tool: Tool): Record<string, unknown> {
  switch (tool) {
    case 'buscar_notas': return { consulta: text(60), k: int(1, 5) };
    case 'crear_tarjetas': return { id_nota: int(1, 12) };
    case 'generar_portada': return { semana: int(1, 4), maqueta: rand() < 0.5 };
    case 'narrar_resumen': return { semana: int(1, 4), motor: pick(['juguete', 'xtts']) };
    case 'registrar_uso': return { tarea: text(30), modelo: pick(MODEL_NAMES), tokens_entrada: int(0, 60_000), tokens_salida: int(0, 4_096) };
  }
}

/** A value `field` of `tool` certainly does not accept (wrong type, outside its enum or bounds, too long). */
function badValue(tool: Tool, field: string): unknown {
  const wrongType = () => {
    for (;;) {
      const v = anyValue();
      const isInt = typeof v === 'number' && Number.isInteger(v);
      if (field === 'consulta' || field === 'tarea') { if (typeof v !== 'string' || v.length > 2_000) return v; continue; }
      if (field === 'maqueta') { if (typeof v !== 'boolean') return v; continue; }
      if (field === 'motor' || field === 'modelo') { if (typeof v !== 'string' || v.length > 40) return v; continue; }
      if (!isInt) return v;
    }
  };
  if (rand() < 0.5) return wrongType();
  switch (field) {
    case 'k': return pick([0, 6, -1, 100]);
    case 'semana': return pick([0, 5, 53, -3]);
    case 'id_nota': return pick([0, 13, 999, -1]);
    case 'motor': return pick(['XTTS', 'espeak', '', 'juguete ']);
    case 'modelo': return pick(['gpt-5', '', 'claude', 'Claude-Sonnet-5-5']);
    case 'tokens_entrada': return pick([60_001, -1, 2 ** 53 - 1]);
    case 'tokens_salida': return pick([4_097, -5, 2 ** 40]);
    case 'consulta': case 'tarea': return 'y'.repeat(int(2_001, 5_000));
    default: return wrongType();
  }
  void tool;
}

function shuffled(o: Record<string, unknown>): Record<string, unknown> {
  const entries = Object.entries(o).sort(() => rand() - 0.5);
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

function withExtraKey(o: Record<string, unknown>, key: string): Record<string, unknown> {
  const out = { ...o };
  Object.defineProperty(out, key, { value: anyValue(), enumerable: true, writable: true, configurable: true });
  return out;
}

/** Arguments that cannot be read as plain data: a cycle, a getter that throws, a Proxy whose trap throws, a revoked Proxy. */
const UNREADABLE: ReadonlyArray<[string, (args: Record<string, unknown>) => unknown]> = [
  ['circular', (a) => Object.assign(a, { yo: a })],
  ['circular-deep', (a) => { const list: unknown[] = [{ x: 1 }]; list.push({ dentro: list }); return { ...a, lista: list }; }],
  ['throwing-getter', (a) => Object.defineProperty(a, Object.keys(a)[0]!, { get() { throw new Error('getter roto'); }, enumerable: true })],
  ['proxy-ownkeys', (a) => new Proxy(a, { ownKeys() { throw new Error('trampa ownKeys'); } })],
  ['proxy-get', (a) => new Proxy(a, { get() { throw new RangeError('trampa get'); } })],
  ['proxy-revoked', (a) => { const p = Proxy.revocable(a, {}); p.revoke(); return p.proxy; }],
  ['throws-non-error', (a) => Object.defineProperty(a, 'z', { get() { throw Object.create(null); }, enumerable: true })],
];

/** Tool names no registry holds and that resist being turned into text. */
const HOSTILE_NAMES: ReadonlyArray<() => unknown> = [
  () => Object.create(null),
  () => ({ toString() { throw new Error('toString roto'); } }),
  () => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; },
  () => new Proxy({}, { ownKeys() { throw new Error('trampa'); } }),
  () => { const o: Record<string, unknown> = {}; o.o = o; return o; },
  () => Symbol('herramienta'),
];

/** How many rounds of every unreadable kind for every tool, and of every hostile name. */
const HOSTILE_ROUNDS = 16;

function generate(): Case[] {
  rand = mulberry32(SEED);
  const cases: Case[] = [];
  // Every Object.prototype name, as a tool name and as an extra key of each tool's arguments.
  for (const name of PROTO_NAMES) {
    cases.push({ name, input: {}, valid: false, kind: 'proto-tool' });
    for (const tool of TOOLS) cases.push({ name: tool, input: withExtraKey(validArgs(tool), name), valid: false, kind: 'proto-key' });
  }
  // Inputs that cannot be copied, and names that cannot be printed: each refused and audited.
  for (let round = 0; round < HOSTILE_ROUNDS; round++) {
    for (const tool of TOOLS) for (const [kind, make] of UNREADABLE) cases.push({ name: tool, input: make(validArgs(tool)), valid: false, kind });
    for (const make of HOSTILE_NAMES) cases.push({ name: make(), input: validArgs(pick(TOOLS)), valid: false, kind: 'hostile-name' });
  }
  while (cases.length < CASES) {
    const r = rand();
    const tool = pick(TOOLS);
    // Valid calls weighted towards the cheap ones (reads, approvals the owner rejects).
    if (r < 0.36) {
      const t: Tool = rand() < 0.08 ? pick(['crear_tarjetas', 'registrar_uso'] as const) : pick(['buscar_notas', 'generar_portada', 'narrar_resumen'] as const);
      cases.push({ name: t, input: shuffled(validArgs(t)), valid: true, kind: 'valid' });
    } else if (r < 0.48) {
      const args = validArgs(tool);
      delete args[pick(Object.keys(args))];
      cases.push({ name: tool, input: args, valid: false, kind: 'missing' });
    } else if (r < 0.58) {
      cases.push({ name: tool, input: withExtraKey(validArgs(tool), rand() < 0.3 ? pick(PROTO_NAMES) : `x${text(6)}`), valid: false, kind: 'extra' });
    } else if (r < 0.78) {
      const args = validArgs(tool);
      const field = pick(Object.keys(args));
      args[field] = badValue(tool, field);
      cases.push({ name: tool, input: args, valid: false, kind: 'bad-value' });
    } else if (r < 0.9) {
      const v = anyValue();
      cases.push({ name: tool, input: v, valid: false, kind: 'not-object' });
    } else {
      const name = pick([pick(PROTO_NAMES), text(12), 'Buscar_Notas', 'buscar_notas ', '', null, 42, ['buscar_notas'], { name: 'x' }, undefined]);
      cases.push({ name, input: validArgs(tool), valid: false, kind: 'unknown-tool' });
    }
  }
  return cases;
}

/** A case's tool name for a failure message (some names cannot be turned into text). */
const label = (name: unknown): string => (typeof name === 'string' ? name : `[${typeof name}]`);

/**
 * What a refused call must not touch, cheaply (it runs 20,000 times): size and mtime of every entry
 * of the data dir but the audit log. A file written inside a subdirectory (idempotency records) is
 * written by rename, which changes that directory's mtime; the root's files are listed themselves.
 */
function diskState(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.name !== 'auditoria.jsonl')
    .map((e) => {
      const s = statSync(path.join(dir, e.name));
      return `${e.name}:${e.isDirectory() ? 'd' : s.size}:${s.mtimeMs}`;
    })
    .sort()
    .join('\n');
}

/** Plays half `half` (1: the first 5,000 generated calls, 2: the rest) on a data folder of its own. */
export function fuzzHalf(half: 1 | 2): void {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ dir, cleanup } = await tempDir('cv-fuzz-')));
  afterAll(() => cleanup());

  describe(`the dispatcher under 10,000 generated calls, half ${half}`, () => {
    it('never crashes, never accepts an invalid input, never writes for a refused call, audits every call', async () => {
      const started = performance.now();
      const all = generate();
      expect(all.length).toBeGreaterThanOrEqual(10_000);
      const cases = half === 1 ? all.slice(0, all.length / 2) : all.slice(all.length / 2);
      const toolbox = await makeToolbox(dir, { answer: { approved: false, reason: 'rechazado' } });
      // The notes and their search index, seeded before the first snapshot.
      await toolbox.dispatch({ id: 'seed', name: 'buscar_notas', input: { consulta: 'luz', k: 1 } });

      const counts = { calls: 0, valid: 0, crashes: 0, invalidAccepted: 0, validRefused: 0, diskChanges: 0, byKind: {} as Record<string, number>, byOutcome: {} as Record<string, number> };
      const failures: string[] = [];
      const check = (i: number, c: Case, result: ToolResult) => {
        counts.calls += 1;
        counts.byKind[c.kind] = (counts.byKind[c.kind] ?? 0) + 1;
        counts.byOutcome[result.kind] = (counts.byOutcome[result.kind] ?? 0) + 1;
        const refusedAtTheDoor = result.kind === 'error' && (result.code === 'VALIDATION' || result.code === 'UNKNOWN_TOOL');
        if (c.valid) {
          counts.valid += 1;
          if (refusedAtTheDoor) {
            counts.validRefused += 1;
            failures.push(`#${i} valid ${label(c.name)} refused: ${(result.message ?? '').slice(0, 160)}`);
          }
        } else if (!refusedAtTheDoor) {
          counts.invalidAccepted += 1;
          failures.push(`#${i} ${c.kind} ${label(c.name)} accepted: ${result.kind} ${result.kind === "error" ? `${result.code}: ${(result.message ?? "").slice(0, 200)}` : JSON.stringify(result.data ?? null).slice(0, 160)}`);
        }
      };
      const call = async (i: number, c: Case) => {
        try {
          check(i, c, await toolbox.dispatch({ id: `f${i}`, name: c.name as string, input: c.input }));
        } catch (e) {
          counts.crashes += 1;
          failures.push(`#${i} ${c.kind}: threw ${(e as Error).message}`);
        }
      };
      // Valid calls one by one; a run of refused calls concurrently (as a busy bot would see them),
      // with the data dir compared before and after the run: none of them may have written anything.
      const MAX_BATCH = 32;
      for (let i = 0; i < cases.length;) {
        if (cases[i]!.valid) {
          await call(i, cases[i]!);
          i += 1;
          continue;
        }
        let j = i;
        while (j < cases.length && j - i < MAX_BATCH && !cases[j]!.valid) j += 1;
        const before = diskState(dir);
        await Promise.all(cases.slice(i, j).map((c, k) => call(i + k, c)));
        if (diskState(dir) !== before) {
          counts.diskChanges += j - i;
          failures.push(`#${i}–#${j - 1}: the disk changed during refused calls`);
        }
        i = j;
      }

      // A request and a result line for every call, each a whole JSON line.
      const audit = readFileSync(path.join(dir, 'auditoria.jsonl'), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as { event: string; call_id: string });
      const per = new Map<string, string[]>();
      for (const e of audit) per.set(e.call_id, [...(per.get(e.call_id) ?? []), e.event]);
      per.delete('seed');
      const unaudited = cases.map((_, i) => `f${i}`).filter((id) => JSON.stringify(per.get(id)) !== JSON.stringify(['solicitud', 'resultado']));

      const seconds = (performance.now() - started) / 1000;
      console.log(`[fuzz] semilla ${SEED}, mitad ${half}: ${counts.calls} llamadas (${counts.valid} válidas = ${((100 * counts.valid) / cases.length).toFixed(1)} %), ` +
        `${counts.crashes} caídas, ${counts.invalidAccepted} inválidas aceptadas, ${counts.validRefused} válidas rechazadas, ` +
        `${counts.diskChanges} cambios en disco por llamadas rechazadas, ${audit.length} líneas de auditoría, ${unaudited.length} llamadas sin su par; ${seconds.toFixed(1)} s\n` +
        `[fuzz] por tipo ${JSON.stringify(counts.byKind)}\n[fuzz] por resultado ${JSON.stringify(counts.byOutcome)}`);

      expect(failures.slice(0, 10)).toEqual([]);
      expect(counts.valid / cases.length).toBeGreaterThanOrEqual(0.3);
      expect(counts.crashes).toBe(0);
      expect(counts.invalidAccepted).toBe(0);
      expect(counts.diskChanges).toBe(0);
      expect(unaudited.slice(0, 5)).toEqual([]);
      expect(audit).toHaveLength(2 * cases.length + 2);
    }, 180_000);
  });
}
