/**
 * Token cost of the standard week ("prepare la semana 3"), run through the real loop, dispatcher and
 * tools in a temp data dir, measured two ways:
 *   - estimador: the offline planner, whose usage is the ~4 chars/token estimate of each request;
 *   - guion: test/fixtures/scripts/semana3.json, whose usage figures are DECLARED in the script
 *     (~3.5 chars/token + ~300 tokens of tool-use preamble, cache split as the API reports it) —
 *     illustrative, not measured from the API (no network here).
 * Each is compared with the docs/design.md §4 model C_n = n(B+s) + h·n(n−1)/2 (B: first input, s: mean
 * output, h: mean input growth per iteration), and the prompt-caching saving on the prefix
 * (tools + system, cache_control on both) is computed at 1.25× for cache writes and 0.1× for reads.
 * The deterministic workflow is run too: zero tokens by construction.
 * Standalone: `npx tsx bench/tokens.ts` (prints a table, writes bench/results/tokens.json).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type Config } from '../src/config.js';
import { estimateTextTokens } from '../src/agent/model/estimate.js';
import { LocalPlanner } from '../src/agent/model/local.js';
import { loadScriptedModel } from '../src/agent/model/scripted.js';
import type { Model, ModelUsage } from '../src/agent/model/types.js';
import { systemPrompt } from '../src/agent/prompt.js';
import { courseForPrompt } from '../src/domain/course/course.js';
import { DEMO_COURSE } from '../src/domain/course/demo.js';
import { createAgentService } from '../src/agent/service.js';
import { runAnswering } from '../src/agent/answering.js';
import { writeFileAtomic } from '../src/lib/atomic.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SCRIPT = path.join(here, '..', 'test', 'fixtures', 'scripts', 'semana3.json');
/** Anthropic prompt-caching multipliers on the input price: writing the cache, reading it. */
const CACHE_WRITE = 1.25;
const CACHE_READ = 0.1;
/** Smallest cacheable prefix for Sonnet-class models, tokens (shorter prefixes are not cached). */
const MIN_CACHEABLE = 1024;

interface Call {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
}

function recording(inner: Model, calls: Call[]): Model {
  return {
    label: inner.label,
    pricedAs: inner.pricedAs,
    usageIsEstimate: inner.usageIsEstimate,
    ...(inner.countTokens ? { countTokens: inner.countTokens.bind(inner) } : {}),
    async create(req, signal) {
      const r = await inner.create(req, signal);
      const u: ModelUsage = r.usage;
      const cacheWrite = u.cache_creation_input_tokens ?? 0;
      const cacheRead = u.cache_read_input_tokens ?? 0;
      calls.push({ input: u.input_tokens + cacheWrite + cacheRead, output: u.output_tokens, cacheWrite, cacheRead });
      return r;
    },
  };
}

async function week(mode: 'agente' | 'semana', model?: (runId: string) => Promise<Model>) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cv-bench-tokens-'));
  try {
    const config = loadConfig({ CUADERNO_DATA_DIR: dir, CUADERNO_MODELO: 'local' }) as Config;
    const service = await createAgentService({ config, ...(model ? { createModel: model } : {}) });
    return await runAnswering(service, { runId: 'bench', text: 'prepare la semana 3', mode, week: 3 }, (a) => ({ approved: true, hash: a.proposal.hash }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Fits B, s, h from the calls and compares C_n with the measured total. */
function cModel(calls: Call[]) {
  const n = calls.length;
  const B = calls[0]?.input ?? 0;
  const s = calls.reduce((a, c) => a + c.output, 0) / Math.max(1, n);
  const h = n > 1 ? ((calls[n - 1]?.input ?? 0) - B) / (n - 1) : 0;
  const measured = calls.reduce((a, c) => a + c.input + c.output, 0);
  const predicted = n * (B + s) + (h * n * (n - 1)) / 2;
  const at8 = 8 * (B + s) + (h * 8 * 7) / 2;
  return { n, B, s: round(s, 1), h: round(h, 1), medido: measured, modelo_Cn: Math.round(predicted), error_pct: round((100 * (predicted - measured)) / measured, 2), C8_si_no_para: Math.round(at8) };
}

/** Input cost with and without caching the prefix (USD, Sonnet input price). */
function caching(calls: Call[], prefix: number, pIn: number) {
  const plain = calls.reduce((a, c) => a + c.input, 0) * (pIn / 1e6);
  const cacheable = prefix >= MIN_CACHEABLE;
  const cached = calls.reduce((a, c, i) => {
    if (!cacheable) return a + c.input;
    const rest = c.input - prefix;
    return a + rest + prefix * (i === 0 ? CACHE_WRITE : CACHE_READ);
  }, 0) * (pIn / 1e6);
  return { prefijo_tokens: prefix, cacheable, entrada_sin_cache_usd: round(plain, 6), entrada_con_cache_usd: round(cached, 6), ahorro_pct: round((100 * (plain - cached)) / plain, 1) };
}

function round(x: number, d: number): number {
  const f = 10 ** d;
  return Math.round(x * f) / f;
}

export async function run(): Promise<Record<string, unknown>> {
  const config = loadConfig({ CUADERNO_MODELO: 'local' }) as Config;
  const pIn = config.prices['claude-sonnet-5-5'].input;

  const estCalls: Call[] = [];
  const est = await week('agente', async (runId) => recording(new LocalPlanner(runId), estCalls));
  const scrCalls: Call[] = [];
  const scr = await week('agente', async () => recording(await loadScriptedModel(SCRIPT), scrCalls));
  const flow = await week('semana');

  // The prefix the API caches: tools + system. Estimated from the tool definitions the loop sends.
  const { createToolbox } = await import('../src/tools/index.js');
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'cv-bench-prefix-'));
  const tools = (await createToolbox({ config: { ...config, dataDir: tmp } })).definitionsForModel();
  await rm(tmp, { recursive: true, force: true });
  const prefixEst = estimateTextTokens(systemPrompt(courseForPrompt(DEMO_COURSE))) + estimateTextTokens(JSON.stringify(tools));
  const prefixScr = scrCalls[0]?.cacheWrite ?? 0;

  const result = {
    estimador: { iteraciones: est.iterations, parada: est.stopReason, llamadas: estCalls, coste_usd: round(est.costUsd, 6), c_n: cModel(estCalls), cache: caching(estCalls, prefixEst, pIn) },
    guion: { iteraciones: scr.iterations, parada: scr.stopReason, llamadas: scrCalls, coste_usd: round(scr.costUsd, 6), c_n: cModel(scrCalls), cache: caching(scrCalls, prefixScr, pIn) },
    flujo_determinista: { iteraciones: flow.iterations, tokens: flow.tokens.input + flow.tokens.output, coste_usd: flow.costUsd },
    presupuesto_tokens: config.limits.tokenBudget,
  };

  console.log('\nTokens de la semana estándar («prepare la semana 3»)');
  console.log('fuente      n   B      s      h      medido  C_n    error%  C_8     coste USD  ahorro caché');
  for (const [name, r] of [['estimador', result.estimador], ['guion', result.guion]] as const) {
    const c = r.c_n;
    console.log(
      `${name.padEnd(11)} ${String(c.n).padEnd(3)} ${String(c.B).padEnd(6)} ${String(c.s).padEnd(6)} ${String(c.h).padEnd(6)} ${String(c.medido).padEnd(7)} ${String(c.modelo_Cn).padEnd(6)} ${String(c.error_pct).padEnd(7)} ${String(c.C8_si_no_para).padEnd(7)} ${r.coste_usd.toFixed(6).padEnd(10)} ${r.cache.cacheable ? `${r.cache.ahorro_pct} % (prefijo ${r.cache.prefijo_tokens})` : `no cacheable (prefijo ${r.cache.prefijo_tokens} < ${MIN_CACHEABLE})`}`,
    );
  }
  console.log(`flujo determinista: ${result.flujo_determinista.iteraciones} pasos, ${result.flujo_determinista.tokens} tokens, ${result.flujo_determinista.coste_usd} USD`);
  return result;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  run()
    .then(async (r) => {
      const file = path.join(here, 'results', 'tokens.json');
      await writeFileAtomic(file, `${JSON.stringify(r, null, 2)}\n`);
      console.log(`\nResultados escritos en ${path.relative(process.cwd(), file)}`);
    })
    .catch((e: unknown) => {
      console.error(`Benchmark fallido: ${e instanceof Error ? e.message : String(e)}`);
      process.exitCode = 1;
    });
}
