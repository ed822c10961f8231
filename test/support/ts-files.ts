/** Every TypeScript file below a folder (the source-wide checks walk `src/` with it). */
import { readdir } from 'node:fs/promises';
import path from 'node:path';

export async function tsFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await tsFiles(p)));
    else if (e.name.endsWith('.ts')) out.push(p);
  }
  return out;
}
