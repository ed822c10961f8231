// `npm run build` (and npm's `prepare`, `prestart`, `pretrabajador`, `precuaderno`): compiles src/
// to dist/ — one JavaScript file per TypeScript file (esbuild, no bundling), the other files of src/
// (the chat page, the dev worker entry) copied as they are. Incremental: when no file or folder
// under src/ (nor this script) is newer than dist/.stamp, it does nothing, and that check — a stat
// of each file, no esbuild loaded — costs a few milliseconds, because `npm start` is timed from the
// command to the ready line. Plain JavaScript on purpose: it must run before anything is compiled.
// `--force` rebuilds anyway; `--check` only says whether dist/ is fresh (exit 0) or not (exit 1).
/* global process, console */
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
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

/** Compiles every .ts of src/ to dist/, copies the rest, removes what no longer has a source. */
export async function build() {
  const started = Date.now();
  const sources = [...walk(SRC).keys()].filter((r) => !r.endsWith('/'));
  const ts = sources.filter((r) => r.endsWith('.ts') && !r.endsWith('.d.ts'));
  const { build: esbuild } = await import('esbuild');
  await esbuild({
    entryPoints: ts.map((r) => path.join(SRC, r)),
    outdir: DIST,
    outbase: SRC,
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  const wanted = new Set(['.stamp']);
  for (const r of ts) {
    const js = r.replace(/\.ts$/, '.js');
    wanted.add(js).add(`${js}.map`);
  }
  for (const r of sources.filter((s) => !s.endsWith('.ts'))) {
    mkdirSync(path.dirname(path.join(DIST, r)), { recursive: true });
    copyFileSync(path.join(SRC, r), path.join(DIST, r));
    wanted.add(r);
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
