/**
 * vitest globalSetup: compiles src/ to dist/ once before the run (the same incremental build
 * `npm start` runs: nothing to do when dist/ is fresh), so the process tests start what the sources
 * say. A failed build fails the run with the compiler's message.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './compiled.js';

export default function setup(): void {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'inherit' });
}
