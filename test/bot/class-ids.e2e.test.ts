/**
 * Issue 22, hole 2: one bad user id must not take a class down. A user id is a positive safe
 * integer (chat ids have their own rule: groups are negative). `/start <code>` from user −5 (which a
 * custom Bot API root can send) is refused and never reaches the roster; a bad entry already in
 * clase.json is set aside with one console line while every other person keeps working, across a
 * restart. The real bot over the emulator, a real notebook per person.
 */
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ClassRoster } from '../../src/store/users.js';
import { invite, startClassStack, TEACHER, type ClassStack } from './class-stack.js';

const ANA = 301;
let stack: ClassStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

/** The teacher's /alumnos and a student's /notas both answer normally. */
async function classStillWorks(s: ClassStack): Promise<void> {
  const teacher = s.h.client({ userId: TEACHER, firstName: 'Profe' });
  const tBefore = (await teacher.messages()).length;
  await teacher.say('/alumnos');
  const list = await teacher.waitFor('the list of students', (m) => m.slice(tBefore).find((x) => /Tus alumnos|Todavía no hay alumnos/.test(x.text) || /error/i.test(x.text)));
  expect(list.text).toMatch(/Tus alumnos \(1\)[^]*Ana/);
  const ana = s.h.client({ userId: ANA, firstName: 'Ana' });
  const aBefore = (await ana.messages()).length;
  await ana.say('/notas');
  const notes = await ana.waitFor('Ana\'s notes', (m) => m.slice(aBefore)[0]);
  expect(notes.text).not.toMatch(/error interno|algo falló/i);
}

describe('user ids in class mode', () => {
  it('/start <code> from user id −5 is refused and never written; the class keeps working', async () => {
    stack = await startClassStack();
    const s = stack;
    const { code } = await invite(s);
    const ana = s.h.client({ userId: ANA, firstName: 'Ana' });
    await ana.say(`/start ${code}`);
    await ana.waitText(/Ya estás en la clase/);

    const bad = s.h.client({ userId: -5, chatId: 777, firstName: 'Raro' });
    await bad.say(`/start ${code}`);
    const answer = await bad.waitFor('an answer to −5', (m) => m[0]);
    expect(answer.text).not.toMatch(/Ya estás en la clase/);
    expect((await new ClassRoster(s.config.dataDir).students()).map((x) => x.id)).toEqual([ANA]);
    await classStillWorks(s);
    await s.restart();
    await classStillWorks(s);
  });

  it('a bad entry already in clase.json is set aside with one console line; the others keep working', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => { warnings.push(args.map(String).join(' ')); };
    try {
      stack = await startClassStack({
        before: async (dataDir) => {
          await mkdir(dataDir, { recursive: true });
          await writeFile(path.join(dataDir, 'clase.json'), JSON.stringify({
            version: 1,
            students: [
              { id: -5, name: 'Raro', joinedAt: '2026-11-01T10:00:00.000Z' },
              { id: ANA, name: 'Ana', joinedAt: '2026-11-01T10:00:00.000Z' },
              { id: 1.5, name: 'Medio', joinedAt: '2026-11-01T10:00:00.000Z' },
            ],
            invites: [],
          }));
        },
      });
      const s = stack;
      await classStillWorks(s);
      await s.restart();
      await classStillWorks(s);
      const lines = warnings.filter((w) => /clase\.json/.test(w));
      // By the entry's own text: the line also names the folder, whose random name may hold «-5».
      expect(lines.filter((w) => /"id":-5,/.test(w))).toHaveLength(1);
      expect(lines.filter((w) => /"id":1\.5,/.test(w))).toHaveLength(1);
      expect(lines.join('\n')).not.toMatch(/\n\s+at /);
      // Nothing is lost: the entry is kept aside, next to the roster.
      const aside = await readFile(path.join(s.config.dataDir, 'clase.apartados.jsonl'), 'utf8');
      expect(aside).toMatch(/"id":-5/);
    } finally {
      console.warn = warn;
    }
  });
});
