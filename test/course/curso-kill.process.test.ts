/**
 * Issue 40, hole 11: a course replacement is one commit. `cuaderno curso importar FILE --forzar`
 * over a four-week course with notes in weeks 3 and 4, replaced by a three-week syllabus (the notes
 * of week 4 lose their week), is killed after each of its writes in turn (the kill-after-write
 * hook). After each kill the next command opens the notebook, and the course and the notes' weeks
 * agree: the old course with every note's week, or the new one with week 4's notes without a week
 * and the change in the audit log — never the notes moved beside the old course.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNotebook } from '../../src/store/index.js';
import { childEnv, runCompiled, type Finished } from '../support/compiled.js';
import { HOOK } from '../support/replay/index.js';

const cuaderno = (args: string[], env: Record<string, string>, hook = false): Promise<Finished> =>
  runCompiled('cli', args, { env: { ...childEnv(), ...env }, ...(hook ? { nodeArgs: ['--import', HOOK] } : {}) });

let root: string;
let template: string;
let syllabus: string;
const ids: { w3: number; w4a: number; w4b: number } = { w3: 0, w4a: 0, w4b: 0 };

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cv-curso-kill-'));
  template = path.join(root, 'plantilla');
  const nb = await openNotebook(path.join(template, 'data'), { keysDir: path.join(template, 'claves') });
  await nb.course.write({ titulo: 'Mi curso', semanas: ['Uno', 'Dos', 'Tres', 'Cuatro'].map((titulo, i) => ({ numero: i + 1, titulo, inicio: null, terminos: [] })) });
  await nb.notes.removeMany((await nb.notes.list()).map((n) => n.id));
  ids.w3 = (await nb.notes.add('tres', 'Una nota propia de la semana tres.', 3)).id;
  ids.w4a = (await nb.notes.add('cuatro', 'La primera nota propia de la semana cuatro.', 4)).id;
  ids.w4b = (await nb.notes.add('cuatro', 'La segunda nota propia de la semana cuatro.', 4)).id;
  syllabus = path.join(root, 'tres.txt');
  await writeFile(syllabus, 'Otro curso\nSemana 1: Uno\nSemana 2: Dos\nSemana 3: Tres\n');
});
afterAll(() => rm(root, { recursive: true, force: true }));

const copyEnv = (name: string): Record<string, string> => ({ CUADERNO_DATA_DIR: path.join(root, name, 'data'), CUADERNO_CLAVES_DIR: path.join(root, name, 'claves') });

async function copy(name: string): Promise<Record<string, string>> {
  await cp(template, path.join(root, name), { recursive: true });
  return copyEnv(name);
}

/** What the next command sees: the course's weeks, each note's week, the course changes audited. */
async function state(env: Record<string, string>) {
  const course = await cuaderno(['curso', '--json'], env);
  expect(course.code, course.stderr).toBe(0);
  const notes = JSON.parse((await cuaderno(['notas', '--json'], env)).stdout) as Array<{ id: number; semana: number | null }>;
  const audit = (await readFile(path.join(env.CUADERNO_DATA_DIR!, 'auditoria.jsonl'), 'utf8').catch(() => '')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as { event: string; semanas?: number });
  return {
    weeks: (JSON.parse(course.stdout) as { semanas: unknown[] }).semanas.length,
    notes: Object.fromEntries(notes.map((n) => [n.id, n.semana])),
    changes: audit.filter((e) => e.event === 'curso_cambiado').map((e) => e.semanas),
  };
}

describe('a course replacement killed after each of its writes', () => {
  it('leaves the course and the notes\' weeks agreeing: all of the change, or none of it', { timeout: 240_000 }, async () => {
    const countFile = path.join(root, 'escrituras.txt');
    const whole = await cuaderno(['curso', 'importar', syllabus, '--forzar'], { ...(await copy('entera')), KILL_AFTER_WRITE: '0', KILL_COUNT_FILE: countFile }, true);
    expect(whole.code, whole.stderr).toBe(0);
    // The change is on the audit log, and the log with it is whole.
    const check = await cuaderno(['auditoria', '--verificar'], copyEnv('entera'));
    expect(check.stdout).toMatch(/Registro íntegro/);
    expect(check.code).toBe(0);
    const writes = (await readFile(countFile, 'utf8')).split('\n').filter(Boolean);
    expect(writes.length).toBeGreaterThanOrEqual(2);
    const before = { [ids.w3]: 3, [ids.w4a]: 4, [ids.w4b]: 4 };
    const after = { [ids.w3]: 3, [ids.w4a]: null, [ids.w4b]: null };
    const problems: string[] = [];
    for (let n = 1; n <= writes.length; n++) {
      const env = await copy(`corte-${n}`);
      const killed = await cuaderno(['curso', 'importar', syllabus, '--forzar'], { ...env, KILL_AFTER_WRITE: String(n) }, true);
      const s = await state(env);
      const agrees = (s.weeks === 4 && JSON.stringify(s.notes) === JSON.stringify(before) && s.changes.length === 0)
        || (s.weeks === 3 && JSON.stringify(s.notes) === JSON.stringify(after) && s.changes.length >= 1 && s.changes.every((w) => w === 3));
      if (!agrees) problems.push(`killed after write ${n} (${writes[n - 1]}; ${killed.signal ?? `salida ${killed.code}`}): ${s.weeks} weeks, notes ${JSON.stringify(s.notes)}, audited changes ${JSON.stringify(s.changes)}`);
    }
    console.log(`curso importar --forzar: N = ${writes.length} escrituras; ${writes.length - problems.length} de ${writes.length} cortes dejan curso y notas de acuerdo`);
    expect(problems).toEqual([]);
  });
});
