/**
 * The busy-memory scenario's notebook (docs/design.md, «memory»): a student's own course of twelve
 * teaching weeks and their own material for each, made the way the owner makes them — the
 * terminal's `curso importar` with a real syllabus, then `importar … --semana N --aprobar` once a
 * week — before `npm start`, so the chat then runs on a notebook the size of a term, not on the
 * four-week demo.
 *
 * The material: the committed lecture and passage fixtures cut into paragraphs and dealt in turn
 * to the twelve weeks, so every week's text is different (no import is «ya lo tenía») and about the
 * length of a week of notes.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './product.js';

const SYLLABUS = path.join(ROOT, 'test/fixtures/syllabi/guias/termodinamica.txt');
const SOURCES = ['test/fixtures/lectures', 'test/fixtures/passages'];

/** Paragraphs of the committed fixtures' prose (headings and lists left out: a week reads as text). */
function paragraphs(): string[] {
  const out: string[] = [];
  for (const dir of SOURCES) {
    for (const f of readdirSync(path.join(ROOT, dir)).filter((n) => n.endsWith('.md') && n !== 'README.md').sort()) {
      const text = readFileSync(path.join(ROOT, dir, f), 'utf8');
      for (const p of text.split(/\n\s*\n/)) {
        const flat = p.replace(/\s+/g, ' ').trim();
        if (flat.length >= 200 && !/^[#|>*-]/.test(flat)) out.push(flat);
      }
    }
  }
  return out;
}

/**
 * Makes the data folder's course and twelve weeks of notes through the compiled terminal; returns
 * the week numbers (the syllabus's teaching weeks, its «no hay clase» week skipped).
 */
export async function seedTwelveWeeks(dataDir: string, env: Record<string, string>): Promise<number[]> {
  const cli = (...args: string[]) =>
    execFileSync(process.execPath, [path.join(ROOT, 'dist/cli.js'), ...args], { cwd: ROOT, env: { ...env, CUADERNO_DATA_DIR: dataDir }, encoding: 'utf8' });
  cli('curso', 'importar', SYLLABUS);
  const course = JSON.parse(cli('curso', '--json')) as { semanas: Array<{ numero: number; sin_clase?: boolean }> };
  const weeks = course.semanas.filter((w) => w.sin_clase !== true).map((w) => w.numero).slice(0, 12);
  if (weeks.length < 12) throw new Error(`the syllabus gives ${weeks.length} teaching weeks, not 12`);
  const paras = paragraphs();
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'cv-bench-weeks-'));
  for (const [i, week] of weeks.entries()) {
    const mine = paras.filter((_, j) => j % weeks.length === i);
    const file = path.join(tmp, `apuntes-semana-${week}.txt`);
    writeFileSync(file, `${mine.join('\n\n')}\n`);
    cli('importar', file, '--semana', String(week), '--aprobar');
  }
  return weeks;
}
