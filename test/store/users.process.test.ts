/**
 * Class mode on disk: the one-time migration of a single-owner data dir (and what a crash in the
 * middle leaves: a class start finishes it, a single-owner start undoes it, nothing is lost), the
 * roster's invites (shared, expiring), and deleting a person's folder.
 */
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openNotebook } from '../../src/store/index.js';
import {
  ClassRoster, INVITE_TTL_DAYS, MIGRATION_DIRNAME, USERS_DIRNAME, listUserIds, migrateToClassLayout, removeUserDir, restoreSingleLayout, sweepDeletedUsers, userDataDir,
} from '../../src/store/users.js';

const TEACHER = 7;
let dir: string;
beforeEach(async () => { dir = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-users-')); });
afterEach(async () => { await rm(dir, { recursive: true, force: true }); });

/** Every file under `root` with its content, relative paths sorted: the state to compare. A lock a killed process left (its folder names its holder) is not data. */
async function snapshot(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory() && e.name.endsWith('.lock')) continue;
      if (e.isDirectory()) await walk(full);
      else out[path.relative(root, full)] = await readFile(full, 'utf8');
    }
  };
  await walk(root);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** A single-owner data dir as the bot leaves it: notebook, a run, bot state, media, the chat's files. */
async function singleOwnerDir(): Promise<void> {
  const nb = await openNotebook(dir);
  await nb.notes.add('arte', 'El fauvismo usa colores puros y pincelada suelta.');
  await nb.usage.append({ origen: 'facturado', tarea: 't', modelo: 'claude-haiku-5-5', tokens_entrada: 10, tokens_salida: 10 });
  await mkdir(path.join(dir, 'runs', 'r1'), { recursive: true });
  await writeFile(path.join(dir, 'runs', 'r1', 'checkpoint.json'), '{"version":2}');
  await mkdir(path.join(dir, 'bot'), { recursive: true });
  await writeFile(path.join(dir, 'bot', 'estado.json'), '{"version":1}');
  await mkdir(path.join(dir, 'portadas'), { recursive: true });
  await writeFile(path.join(dir, 'portadas', 'semana_01.png'), 'png');
  await writeFile(path.join(dir, 'consentimiento.json'), '{"titular":"Ana"}');
  await mkdir(path.join(dir, 'webchat'), { recursive: true });
  await writeFile(path.join(dir, 'webchat', 'token'), 'tok');
}

/** What the teacher's folder must hold after a migration: the owner's files, the chat's left on top. */
function asTeacher(before: Record<string, string>): Record<string, string> {
  const moved = Object.entries(before).map(([k, v]): [string, string] => [k.startsWith('webchat') ? k : path.join(USERS_DIRNAME, String(TEACHER), k), v]);
  return Object.fromEntries(moved.sort(([a], [b]) => a.localeCompare(b)));
}

describe('migrateToClassLayout', () => {
  it('moves the single owner\'s data into the teacher\'s folder once; the chat\'s own files stay', async () => {
    await singleOwnerDir();
    const before = await snapshot(dir);
    const r = await migrateToClassLayout(dir, TEACHER);
    expect(r.kind).toBe('migrated');
    expect(await snapshot(dir)).toEqual(asTeacher(before));
    expect((await readdir(dir)).sort()).toEqual([USERS_DIRNAME, 'webchat']);
    const nb = await openNotebook(userDataDir(dir, TEACHER));
    expect((await nb.notes.list()).some((n) => /fauvismo/.test(n.texto))).toBe(true);
    expect(await listUserIds(dir)).toEqual([TEACHER]);
    // A second start changes nothing.
    expect(await migrateToClassLayout(dir, TEACHER)).toEqual({ kind: 'none' });
    expect(await snapshot(dir)).toEqual(asTeacher(before));
  });

  it('an empty data dir starts fresh in the class layout', async () => {
    expect(await migrateToClassLayout(dir, TEACHER)).toEqual({ kind: 'fresh' });
    expect(await readdir(dir)).toEqual([USERS_DIRNAME]);
  });

  it('a crash in the middle: a class start finishes it, a single-owner start undoes it — nothing lost either way', async () => {
    await singleOwnerDir();
    const before = await snapshot(dir);
    await expect(migrateToClassLayout(dir, TEACHER, { crashAfter: 2 })).rejects.toThrow(/simulated crash/);
    // Half moved, not committed: no usuarios/ yet, every file in exactly one of the two places.
    expect((await readdir(dir)).includes(USERS_DIRNAME)).toBe(false);
    const half = await snapshot(dir);
    expect(Object.keys(half)).toHaveLength(Object.keys(before).length);
    expect(Object.keys(half).some((k) => k.startsWith(MIGRATION_DIRNAME))).toBe(true);

    // Single-owner start: everything back where it was.
    expect((await restoreSingleLayout(dir)).length).toBe(2);
    expect(await snapshot(dir)).toEqual(before);
    expect(await readdir(dir)).not.toContain(MIGRATION_DIRNAME);
    expect(await restoreSingleLayout(dir)).toEqual([]);

    // Crash again, then a class start: the migration completes.
    await expect(migrateToClassLayout(dir, TEACHER, { crashAfter: 3 })).rejects.toThrow(/simulated crash/);
    const r = await migrateToClassLayout(dir, TEACHER);
    expect(r.kind).toBe('migrated');
    expect(await snapshot(dir)).toEqual(asTeacher(before));
  });
});

/** Runs the migration in a child process killed (SIGKILL) right after its n-th rename; returns its exit code/signal. */
function migrateKilledAfter(n: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const hook = path.resolve('test/support/kill-after-write.mjs');
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', hook, 'test/support/migrate-once.ts', dir, String(TEACHER)], {
    env: { ...process.env, KILL_AFTER_WRITE: String(n) }, stdio: 'ignore',
  });
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
}

describe('migrateToClassLayout killed after every rename (real process, SIGKILL)', () => {
  it('each kill leaves the data whole: a class start finishes, a single-owner start puts it back', { timeout: 120_000 }, async () => {
    await singleOwnerDir();
    const before = await snapshot(dir);
    const pristine = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-users-pristine-'));
    await rm(pristine, { recursive: true });
    await cpDir(dir, pristine);
    let killed = 0;
    for (let n = 1; ; n++) {
      await rm(dir, { recursive: true, force: true });
      await cpDir(pristine, dir);
      const exit = await migrateKilledAfter(n);
      if (exit.signal !== 'SIGKILL') {
        expect(exit.code).toBe(0);
        break;
      }
      killed++;
      // Every file is in exactly one place: on top, in the staging folder, or committed.
      expect(Object.keys(await snapshot(dir))).toHaveLength(Object.keys(before).length);
      if (n % 2 === 0 && !(await readdir(dir)).includes(USERS_DIRNAME)) {
        await restoreSingleLayout(dir);
        expect(await snapshot(dir)).toEqual(before);
      } else {
        await migrateToClassLayout(dir, TEACHER);
        expect(await snapshot(dir)).toEqual(asTeacher(before));
      }
    }
    // One kill after each entry moved, and one after the commit.
    expect(killed).toBe(Object.keys(await readdirTop(pristine)).length + 1);
    await rm(pristine, { recursive: true, force: true });
  });
});

const cpDir = (from: string, to: string) => cp(from, to, { recursive: true });

/** Top-level entries the migration moves (all but the embedded chat's folder). */
async function readdirTop(root: string): Promise<Record<string, true>> {
  return Object.fromEntries((await readdir(root)).filter((n) => n !== 'webchat').map((n) => [n, true as const]));
}

describe('ClassRoster', () => {
  it('one invite lets several students in until it expires; unknown codes never', async () => {
    const roster = new ClassRoster(dir);
    const t0 = new Date('2026-11-01T10:00:00Z');
    const { invite, replaced } = await roster.createInvite(t0);
    expect(replaced).toBe(0);
    expect(invite.code).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(await roster.join('nope', { id: 1, name: 'Eve' }, t0)).toEqual({ kind: 'invalid' });
    expect((await roster.join(invite.code, { id: 2, name: 'Ana' }, t0)).kind).toBe('joined');
    expect(await roster.join(invite.code, { id: 2, name: 'Ana' }, t0)).toEqual({ kind: 'already' });
    expect((await roster.join(invite.code, { id: 3, name: 'Bob' }, t0)).kind).toBe('joined');
    const late = new Date(t0.getTime() + INVITE_TTL_DAYS * 86_400_000);
    expect(await roster.join(invite.code, { id: 4, name: 'Tarde' }, late)).toEqual({ kind: 'expired' });
    expect((await roster.students()).map((s) => s.id)).toEqual([2, 3]);
    expect(await roster.remove(2)).toBe(true);
    expect(await roster.remove(2)).toBe(false);
    expect(await roster.isStudent(2)).toBe(false);
    expect(await new ClassRoster(dir).isStudent(3)).toBe(true);
  });

  it('a broken class file is reported, not replaced', async () => {
    await writeFile(path.join(dir, 'clase.json'), '{"version":1,"students":"x"');
    await expect(new ClassRoster(dir).students()).rejects.toThrow(/clase\.json está dañado/);
    expect(await readFile(path.join(dir, 'clase.json'), 'utf8')).toBe('{"version":1,"students":"x"');
  });
});

describe('removeUserDir', () => {
  it("removes one person's folder and nobody else's; leftovers of an interrupted delete are swept", async () => {
    for (const id of [2, 3]) {
      await mkdir(userDataDir(dir, id), { recursive: true });
      await writeFile(path.join(userDataDir(dir, id), 'notas.json'), `{"id":${id}}`);
    }
    expect(await removeUserDir(dir, 2)).toBe(true);
    expect(await removeUserDir(dir, 2)).toBe(false);
    expect(await readdir(path.join(dir, USERS_DIRNAME))).toEqual(['3']);
    // What a crash between the rename and the removal leaves behind.
    await mkdir(path.join(dir, USERS_DIRNAME, '.borrando-3-deadbeef', 'runs'), { recursive: true });
    await sweepDeletedUsers(dir);
    expect(await readdir(path.join(dir, USERS_DIRNAME))).toEqual(['3']);
    expect(() => userDataDir(dir, -1)).toThrow();
  });
});
