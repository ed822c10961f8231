/**
 * Output names of the media tools. The first result of a week is `<stem>.<ext>`
 * (`portadas/semana_03.png`); a deliberate redo (ctx.redo, docs/design.md §6 `-v2`) never overwrites what the
 * owner already received: it takes the first free `<stem>-vN.<ext>`, N ≥ 2.
 */
import { access, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ToolOutput } from '../artifacts.js';

export interface OutputChoice {
  /** Absolute path to write. */
  file: string;
  /** 1 for the plain name, N for `-vN`. */
  version: number;
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** Picks the output file under `dir` (not created here; writes are atomic elsewhere). */
export async function chooseOutput(dir: string, stem: string, ext: string, redo: boolean): Promise<OutputChoice> {
  const plain = path.resolve(dir, `${stem}.${ext}`);
  if (!redo || !(await exists(plain))) return { file: plain, version: 1 };
  for (let v = 2; ; v++) {
    const file = path.resolve(dir, `${stem}-v${v}.${ext}`);
    if (!(await exists(file))) return { file, version: v };
  }
}

/** The newest existing output of `stem` under `dir` (the highest `-vN`, else the plain name); undefined if none. */
export async function latestOutput(dir: string, stem: string, ext: string): Promise<string | undefined> {
  const plain = path.resolve(dir, `${stem}.${ext}`);
  if (!(await exists(plain))) return undefined;
  let latest = plain;
  for (let v = 2; ; v++) {
    const file = path.resolve(dir, `${stem}-v${v}.${ext}`);
    if (!(await exists(file))) return latest;
    latest = file;
  }
}

/** Sidecar fields that make an output recognisable by the call that made it (docs/design.md §6, exactly once). */
export interface KeyedSidecar {
  /** The idempotency key of the call (`portada-2026-S3`, `narracion-2026-S3-v2`). */
  clave: string;
  /** The tool's output as it was returned, so a resumed run returns it instead of redoing it. */
  salida: ToolOutput;
}

/**
 * The output a previous process already made for `key`: a `<name>.json` sidecar in `dir` carrying
 * that key, next to its `<name>.<ext>` media file. The sidecar is written before the media, so
 * both present means the effect completed (a kill between them leaves it to be made again).
 */
export async function findOutputByKey(dir: string, ext: string, key: string | undefined): Promise<ToolOutput | undefined> {
  if (!key) return undefined;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return undefined;
  }
  for (const name of names) {
    if (!name.endsWith('.json') || name.startsWith('.')) continue;
    let side: Partial<KeyedSidecar> | null;
    try {
      side = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as Partial<KeyedSidecar> | null;
    } catch {
      continue; // not ours, or not readable: it cannot be this call's output
    }
    if (side?.clave !== key || !side.salida) continue;
    if (await exists(path.join(dir, `${name.slice(0, -'.json'.length)}.${ext}`))) return side.salida;
  }
  return undefined;
}
