/**
 * Issue 22, hole 12: an invite link stops working when the teacher makes a new one (`/invitar`),
 * and `/invitar revocar` closes the open link without making another. The real bot over the
 * emulator, in class mode.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ClassRoster } from '../../src/store/users.js';
import { invite, startClassStack, TEACHER, type ClassStack } from './class-stack.js';

let stack: ClassStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

/** What the bot answers `who` after they open the link with `code`. */
async function opens(s: ClassStack, userId: number, firstName: string, code: string): Promise<string> {
  const c = s.h.client({ userId, firstName });
  const before = (await c.messages()).length;
  await c.say(`/start ${code}`);
  return (await c.waitFor(`an answer to ${firstName}'s link`, (m) => m.slice(before)[0])).text;
}

describe('invites', () => {
  it('/invitar revokes the previous link; /invitar revocar closes the open one without a new one', async () => {
    stack = await startClassStack();
    const s = stack;
    const first = await invite(s);
    const second = await invite(s);
    expect(second.code).not.toBe(first.code);
    // Only the second says an earlier link stopped working: the first replaced none.
    const links = (await s.h.client({ userId: TEACHER, firstName: 'Profe' }).messages()).filter((m) => /t\.me\//.test(m.text));
    expect(links.map((m) => /el enlace que diste antes ya no sirve/.test(m.text))).toEqual([false, true]);
    expect(await opens(s, 301, 'Ana', first.code)).toMatch(/no sirve/);
    expect(await opens(s, 302, 'Bob', second.code)).toMatch(/Ya estás en la clase/);

    const teacher = s.h.client({ userId: TEACHER, firstName: 'Profe' });
    const before = (await teacher.messages()).length;
    await teacher.say('/invitar revocar');
    const answer = (await teacher.waitFor('the answer to /invitar revocar', (m) => m.slice(before)[0])).text;
    expect(answer).not.toMatch(/t\.me\//);
    expect(answer).toMatch(/ya no sirve/);
    expect(await opens(s, 303, 'Carla', second.code)).toMatch(/no sirve/);
    expect((await new ClassRoster(s.config.dataDir).students()).map((x) => x.id)).toEqual([302]);

    // Nothing open to close: said so, still no link.
    const again = (await teacher.messages()).length;
    await teacher.say('/invitar revocar');
    expect((await teacher.waitFor('the second answer', (m) => m.slice(again)[0])).text).toMatch(/no había ningún enlace/i);
  });
});
