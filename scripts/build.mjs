// `npm run build` (and npm's `prepare`, `prestart`, `pretrabajador`, `precuaderno`): compiles src/
// to dist/ — each entry point bundled with what it imports (esbuild; see ENTRIES below), the other
// files of src/ (the chat page, the message reader's model, the dev thread entries) copied as they
// are. Incremental: when no file or folder under src/ (nor this script) is newer than dist/.stamp, it
// does nothing, and that check — a stat of each file, no esbuild loaded — costs a few milliseconds,
// because `npm start` is timed from the command to the ready line. Plain JavaScript on purpose: it
// must run before anything is compiled.
// `--force` rebuilds anyway; `--check` only says whether dist/ is fresh (exit 0) or not (exit 1).
/* global process, console */
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(ROOT, 'src');
const DIST = path.join(ROOT, 'dist');
const STAMP = path.join(DIST, '.stamp');

/** Every file and folder under `dir` (relative paths) with its mtime in ms; folders end in '/'. */
function walk(dir, rel = '', out = new Map()) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      // A folder's mtime moves when a file in it is added, removed or renamed (`mv` keeps the file's).
      out.set(`${r}/`, statSync(full).mtimeMs);
      walk(full, r, out);
    } else {
      out.set(r, statSync(full).mtimeMs);
    }
  }
  return out;
}

function stampMs() {
  try {
    return statSync(STAMP).mtimeMs;
  } catch {
    return -Infinity;
  }
}

/** Whether dist/ is at least as new as every source (no src/ at all, e.g. a pruned image: fresh). */
export function isFresh() {
  let sources;
  try {
    sources = walk(SRC);
  } catch {
    return true;
  }
  const stamp = stampMs();
  const newest = Math.max(statSync(SRC).mtimeMs, statSync(fileURLToPath(import.meta.url)).mtimeMs, ...sources.values());
  return newest <= stamp;
}

/**
 * What starts a process or a thread: the bot, the terminal, the GPU worker, the worker pool's
 * threads, the PDF reader's thread and the OCR child. Each is bundled with every module it imports
 * (our code and the packages below) into a few files — the modules loaded only on demand (a CLI
 * subcommand, the Redis lanes, the Anthropic client…) in chunks of their own, still loaded only then.
 * Why: a process used to load ~400 files at start (270 of ours, the rest ajv's, grammY's, …); each
 * one resolved, read and compiled apart cost a process ~110 ms of CPU of its ~340 (a `cuaderno
 * herramienta` call), every bot start and every worker thread paid it, and the tests start hundreds.
 */
const ENTRIES = ['main.ts', 'cli.ts', 'trabajador.ts', 'workers/work.ts', 'pdf-thread.ts', 'ocr-child.ts'];

/**
 * The packages bundled in: plain JavaScript that finds nothing on disk next to itself. The others
 * stay in node_modules and load from there: native code (@napi-rs/canvas), WebAssembly or data files
 * read by path (espeak-ng, sql.js, tesseract.js, unpdf, wasm-media-encoders, ogg-opus-decoder,
 * @jsquash/webp, fonts), their own thread or script files (piscina, bullmq's Lua), and the big ones
 * loaded only on demand (ioredis, bullmq, mammoth).
 */
const BUNDLED = new Set(['@anthropic-ai/sdk', '@grammyjs/auto-retry', '@grammyjs/runner', '@nlpjs/core', '@nlpjs/lang-es', '@nlpjs/nlu', 'ajv', 'damerau-levenshtein', 'fflate', 'grammy', 'jpeg-js', 'lowdb', 'p-queue', 'pngjs', 'proper-lockfile', 'ts-fsrs']);

/**
 * A bundled module no longer sits where its source file says: `new URL('./model.json',
 * import.meta.url)` in src/agent/nlu/read.ts must still find dist/agent/nlu/model.json, wherever
 * the module's code ends up. So each module's `import.meta.url` is rewritten to the URL its own file
 * would have had (dist/agent/nlu/read.js), computed from the output file's place (`__cvRoot`, set
 * per output file below); the files next to the sources (the chat page, the model, the thread
 * scripts for development) are copied to dist/ as they are.
 */
const ROOT_MARK = '__CV_ROOT__';
const BANNER = `import { createRequire as __cvCreateRequire } from 'node:module'; const require = __cvCreateRequire(import.meta.url); const __cvRoot = new URL("${ROOT_MARK}", import.meta.url);`;

const packageOf = (specifier) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]);

/** The files our modules find next to themselves (`new URL('./x', import.meta.url)`), by module. */
const besideFiles = [];

const product = {
  name: 'cuaderno-product',
  setup(b) {
    // Our code's imports of packages: bundled when listed, else left to node_modules. A bundled
    // package's own imports are bundled with it.
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || args.path.startsWith('node:')) return undefined;
      if (args.importer.split(path.sep).includes('node_modules')) return undefined;
      return BUNDLED.has(packageOf(args.path)) ? undefined : { path: args.path, external: true };
    });
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const rel = path.relative(SRC, args.path).split(path.sep).join('/');
      if (rel.startsWith('..')) return undefined;
      const text = await readFile(args.path, 'utf8');
      for (const m of text.matchAll(/new URL\(\s*'(\.{1,2}\/[^']+)',\s*import\.meta\.url\s*\)/g)) {
        besideFiles.push({ from: rel, target: path.posix.normalize(path.posix.join(path.posix.dirname(rel), m[1])) });
      }
      return { contents: text.replace(/\bimport\.meta\.url\b/g, `new URL(${JSON.stringify(rel.replace(/\.ts$/, '.js'))}, __cvRoot).href`), loader: 'ts' };
    });
  },
};

/**
 * Bundles the entry points into dist/ (their chunks in dist/chunks/), copies the other files of
 * src/, removes what no longer has a source. The benchmarks drive the modules one by one (they
 * import src/ files, bench/support/compiled.mjs): for them each .ts is also compiled on its own,
 * into dist/modules/ (with the same files copied beside).
 */
export async function build() {
  const started = Date.now();
  const sources = [...walk(SRC).keys()].filter((r) => !r.endsWith('/'));
  const ts = sources.filter((r) => r.endsWith('.ts') && !r.endsWith('.d.ts'));
  const { build: esbuild } = await import('esbuild');
  const common = { format: 'esm', platform: 'node', target: 'node20', sourcemap: 'linked', logLevel: 'warning' };
  besideFiles.length = 0;
  const bundled = await esbuild({
    ...common,
    entryPoints: ENTRIES.map((r) => path.join(SRC, r)),
    outdir: DIST,
    outbase: SRC,
    entryNames: '[dir]/[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    // Classes and functions keep their names: one module's `AbortSignal` renamed `AbortSignal2` where
    // two meet in one file failed node-fetch's check of the signal's class by name (grammY's getMe).
    keepNames: true,
    banner: { js: BANNER },
    plugins: [product],
    write: false,
  });
  const wanted = new Set(['.stamp']);
  for (const out of bundled.outputFiles) {
    const rel = path.relative(DIST, out.path).split(path.sep).join('/');
    const up = '../'.repeat(rel.split('/').length - 1) || './';
    mkdirSync(path.dirname(out.path), { recursive: true });
    writeFileSync(out.path, rel.endsWith('.js') ? out.text.replace(`"${ROOT_MARK}"`, JSON.stringify(up)) : out.contents);
    wanted.add(rel);
  }
  for (const r of sources.filter((s) => !s.endsWith('.ts'))) {
    for (const where of [r, `modules/${r}`]) {
      mkdirSync(path.dirname(path.join(DIST, where)), { recursive: true });
      copyFileSync(path.join(SRC, r), path.join(DIST, where));
      wanted.add(where);
    }
  }
  // A module that finds a file next to itself must find it in dist/ too: a thread's or a child's
  // script that is not in ENTRIES would be missing there (the modules' copy has it, the product not).
  const inDist = (t) => wanted.has(t) || [...wanted].some((w) => w.startsWith(t.endsWith('/') ? t : `${t}/`));
  // A `.ts` beside a module is what it runs from the sources (script-beside.ts): never from dist/.
  const missing = besideFiles.filter((f) => !f.target.startsWith('../') && !f.target.endsWith('.ts') && !inDist(f.target));
  if (missing.length > 0) throw new Error(missing.map((f) => `src/${f.from} busca dist/${f.target}, que no existe: si es un hilo o un proceso, añádelo a ENTRIES en scripts/build.mjs`).join('\n'));
  await esbuild({ ...common, entryPoints: ts.map((r) => path.join(SRC, r)), outdir: path.join(DIST, 'modules'), outbase: SRC, bundle: false });
  for (const r of ts) {
    const js = `modules/${r.replace(/\.ts$/, '.js')}`;
    wanted.add(js).add(`${js}.map`);
  }
  // A source removed or renamed: its old output goes too, so nothing can import it by mistake.
  for (const r of walk(DIST).keys()) {
    if (!r.endsWith('/') && !wanted.has(r)) rmSync(path.join(DIST, r));
  }
  // The stamp carries the time the build started: a source saved during the build is newer.
  writeFileSync(STAMP, '');
  utimesSync(STAMP, started / 1000, started / 1000);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.includes('--check')) process.exit(isFresh() ? 0 : 1);
  if (args.includes('--force') || !isFresh()) {
    build().catch((e) => {
      console.error(`No se pudo compilar src/ a dist/: ${e instanceof Error ? e.message : e}`);
      process.exit(1);
    });
  }
}
