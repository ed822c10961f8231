/**
 * Output names of the media tools. The first result of a week is `<stem>.<ext>`
 * (`portadas/semana_03.png`); a deliberate redo (ctx.redo, SPEC §6 `-v2`) never overwrites what the
 * owner already received: it takes the first free `<stem>-vN.<ext>`, N ≥ 2.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';

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
