/**
 * Class mode on disk (`MODO_CLASE=1`): each person's whole data dir (notebook, deck and review
 * state, runs, approvals, voice consent, usage) lives under `<dataDir>/usuarios/<id>/`, and the
 * class itself — who joined, which invite codes are open — in `<dataDir>/clase.json`.
 *
 * - `migrateToClassLayout` turns a single-owner data dir into the teacher's folder once: every
 *   entry is renamed into a staging folder, and renaming the staging folder to `usuarios/` is the
 *   one commit point. A crash before it leaves the staging folder: the next class-mode start
 *   finishes the moves, a single-owner start (`restoreSingleLayout`) moves everything back.
 * - `removeUserDir` deletes a person's folder atomically: rename out of `usuarios/` (after which no
 *   one can open it), then remove; a crash in between leaves a `.borrando-*` folder that the next
 *   start removes.
 */
import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { PRICES_USD_PER_MTOK } from '../config.js';
import { StateFileError } from '../errors.js';
import { isUserId } from '../lib/ids.js';
import { STATE } from '../strings/console.js';
import { syncDir } from '../lib/atomic.js';
import { isPlainObject } from './jsonFile.js';
import { DurableDocument, type DocumentFormat } from './document.js';
import { holdFileLock, withFileLock } from './lock.js';
import { NOTEBOOK_FILES } from './notebook.js';
import { createUsageLog } from './usageCsv.js';
import { STORE_PROBLEMS as P } from '../strings/state-problems.js';

/** `<dataDir>/usuarios/`: one folder per person, named by their Telegram id. */
export const USERS_DIRNAME = 'usuarios';
/** `<dataDir>/clase.json`: the students and the open invite codes. */
export const CLASS_FILENAME = 'clase.json';
/** `<dataDir>/clase.apartados.jsonl`: roster entries that were not valid, set aside one per line. */
export const CLASS_ASIDE_FILENAME = 'clase.apartados.jsonl';
/** The migration's staging folder; renamed to USERS_DIRNAME when every entry is in. */
export const MIGRATION_DIRNAME = '.usuarios-migrando';
/** What stays at the top of the data dir in class mode (the embedded chat's own files, the class). */
const TOP_LEVEL_KEEP = new Set([USERS_DIRNAME, MIGRATION_DIRNAME, CLASS_FILENAME, `${CLASS_FILENAME}.lock`, CLASS_ASIDE_FILENAME, 'webchat']);
/** Prefix of a folder being deleted (renamed out of the way first). */
const DELETING_PREFIX = '.borrando-';
/** An invite link works for this many days, for as many students as use it (a whole class). */
export const INVITE_TTL_DAYS = 7;
export const CLASS_FILE_VERSION = 1;

export interface Student {
  id: number;
  name: string;
  joinedAt: string;
}

export interface Invite {
  /** What goes after `?start=` (Telegram allows A-Z a-z 0-9 _ -, up to 64). */
  code: string;
  createdAt: string;
  expiresAt: string;
}

interface ClassFile {
  version: typeof CLASS_FILE_VERSION;
  students: Student[];
  invites: Invite[];
  /** Entries found invalid on reading (never written back): the roster sets them aside. */
  aside?: unknown[];
}

export type JoinResult = { kind: 'joined'; student: Student } | { kind: 'already' } | { kind: 'invalid' } | { kind: 'expired' };

/** The data dir of one person in class mode. Throws on an id that is not a positive integer. */
export function userDataDir(dataDir: string, userId: number): string {
  if (!isUserId(userId)) throw new StateFileError('CORRUPT_STATE', dataDir, P.userId(String(userId)));
  return path.join(dataDir, USERS_DIRNAME, String(userId));
}

/**
 * Whether `dataDir` is the top of a class (it holds `usuarios/`): the notebooks are inside, one per
 * person, so a tool that works on one notebook must be pointed at `usuarios/<id>/`.
 */
export async function isClassRoot(dataDir: string): Promise<boolean> {
  return stat(path.join(dataDir, USERS_DIRNAME)).then((s) => s.isDirectory(), () => false);
}

/** The ids that have a folder under `usuarios/` (people who used the bot at least once). */
export async function listUserIds(dataDir: string): Promise<number[]> {
  let names: string[];
  try {
    names = await readdir(path.join(dataDir, USERS_DIRNAME));
  } catch {
    return [];
  }
  return names.filter((n) => /^[1-9]\d{0,15}$/.test(n)).map(Number).filter(isUserId).sort((a, b) => a - b);
}

const isStudent = (s: unknown): s is Student => isPlainObject(s) && isUserId(s.id) && typeof s.name === 'string' && typeof s.joinedAt === 'string';
const isInvite = (i: unknown): i is Invite => isPlainObject(i) && typeof i.code === 'string' && typeof i.createdAt === 'string' && typeof i.expiresAt === 'string';

/**
 * The file's shape. A bad entry (a student whose id is not a person's, an invite without its
 * dates) does not make the whole class unreadable: it goes to `aside`, and the roster sets it aside.
 */
function checkClassFile(data: unknown): { ok: true; value: ClassFile } | { ok: false; problem: string } {
  if (!isPlainObject(data)) return { ok: false, problem: P.notJsonObject };
  if (data.version !== CLASS_FILE_VERSION) return { ok: false, problem: P.classVersion(String(data.version), CLASS_FILE_VERSION) };
  const { students, invites } = data;
  if (!Array.isArray(students)) return { ok: false, problem: P.students };
  if (!Array.isArray(invites)) return { ok: false, problem: P.invites };
  const aside = [...students.filter((s) => !isStudent(s)), ...invites.filter((i) => !isInvite(i))];
  const value: ClassFile = { version: CLASS_FILE_VERSION, students: students.filter(isStudent), invites: invites.filter(isInvite) };
  return { ok: true, value: aside.length > 0 ? { ...value, aside } : value };
}

const CLASS_FORMAT: DocumentFormat<ClassFile> = {
  version: CLASS_FILE_VERSION,
  empty: () => ({ version: CLASS_FILE_VERSION, students: [], invites: [] }),
  check: checkClassFile,
  // One version so far: a version the program does not know is the check's to name.
  versionOf: () => CLASS_FILE_VERSION,
  recovery: P.classFix,
  lock: { kind: 'each-change' },
};

/**
 * The class roster and its invites, `<dataDir>/clase.json`: a durable document locked on each
 * change. Reads validate the file (a broken one is reported, never replaced); each change is a
 * read → change → atomic rewrite under the lock.
 */
export class ClassRoster {
  readonly file: string;
  readonly #doc: DurableDocument<ClassFile>;

  /** @param log where the one line per set-aside entry goes (default console.warn). */
  constructor(readonly dataDir: string, private readonly log: (line: string) => void = console.warn) {
    this.file = path.join(dataDir, CLASS_FILENAME);
    // Nothing is lost: each bad entry is appended, whole, next to the roster before the write that drops it.
    this.#doc = new DurableDocument(this.file, CLASS_FORMAT, undefined, {
      snapshot: (f: ClassFile) => f.aside,
      around: async (write: () => Promise<void>, aside: unknown[] | undefined) => {
        if (aside) {
          const asideFile = path.join(this.dataDir, CLASS_ASIDE_FILENAME);
          await appendFile(asideFile, aside.map((e) => `${JSON.stringify(e)}\n`).join(''));
          for (const e of aside) this.log(STATE.rosterEntryAside(this.file, JSON.stringify(e), asideFile));
        }
        await write();
      },
    });
  }

  /** The valid part of the file; bad entries found are set aside first (once: then the file is clean). */
  async #read(): Promise<ClassFile> {
    const f = await this.#doc.current();
    if (f.aside) await this.#change(() => undefined);
    return f;
  }

  #change<R>(fn: (f: ClassFile) => R): Promise<R> {
    return this.#doc.mutate((f) => {
      delete f.aside;
      return fn(f);
    });
  }

  async students(): Promise<Student[]> {
    return (await this.#read()).students;
  }

  async isStudent(userId: number): Promise<boolean> {
    return (await this.#read()).students.some((s) => s.id === userId);
  }

  /**
   * A new invite code valid for INVITE_TTL_DAYS from `now`. It is the only open one: the previous
   * link stops working (a link that leaked is closed by asking for a new one). `replaced`: how many
   * links were still open at `now` and stop working now (the teacher is told only when there was one).
   */
  createInvite(now: Date = new Date()): Promise<{ invite: Invite; replaced: number }> {
    const invite: Invite = {
      code: randomBytes(12).toString('base64url'),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000).toISOString(),
    };
    return this.#change((f) => {
      const replaced = f.invites.filter((i) => Date.parse(i.expiresAt) > now.getTime()).length;
      f.invites = [invite];
      return { invite, replaced };
    });
  }

  /** Closes every open invite without a new one; returns how many were still valid at `now`. */
  revokeInvites(now: Date = new Date()): Promise<number> {
    return this.#change((f) => {
      const open = f.invites.filter((i) => Date.parse(i.expiresAt) > now.getTime()).length;
      f.invites = [];
      return open;
    });
  }

  /** Adds `user` to the class if `code` is an open invite. */
  join(code: string, user: { id: number; name: string }, now: Date = new Date()): Promise<JoinResult> {
    if (!isUserId(user.id)) return Promise.resolve({ kind: 'invalid' });
    return this.#change((f): JoinResult => {
      const invite = f.invites.find((i) => i.code === code);
      if (!invite) return { kind: 'invalid' };
      if (Date.parse(invite.expiresAt) <= now.getTime()) return { kind: 'expired' };
      if (f.students.some((s) => s.id === user.id)) return { kind: 'already' };
      const student: Student = { id: user.id, name: user.name, joinedAt: now.toISOString() };
      f.students.push(student);
      return { kind: 'joined', student };
    });
  }

  /** Takes a student off the roster; false if they were not on it. */
  remove(userId: number): Promise<boolean> {
    return this.#change((f) => {
      const before = f.students.length;
      f.students = f.students.filter((s) => s.id !== userId);
      return f.students.length < before;
    });
  }
}

/** This month's billed spend (USD) of one person, read from their usage log; 0 if they have none. */
export async function monthSpendUsd(dataDir: string, userId: number, prices: typeof PRICES_USD_PER_MTOK, now: Date = new Date()): Promise<number> {
  return createUsageLog(path.join(userDataDir(dataDir, userId), NOTEBOOK_FILES.usage), prices).monthTotal(now);
}

/**
 * Deletes one person's folder: renamed out of `usuarios/` first (atomic: from then on nothing can
 * open it by id), then removed. Returns false if there was no folder.
 */
export async function removeUserDir(dataDir: string, userId: number): Promise<boolean> {
  const dir = userDataDir(dataDir, userId);
  const doomed = path.join(dataDir, USERS_DIRNAME, `${DELETING_PREFIX}${userId}-${randomBytes(4).toString('hex')}`);
  try {
    await rename(dir, doomed);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
  await syncDir(path.join(dataDir, USERS_DIRNAME));
  await rm(doomed, { recursive: true, force: true, maxRetries: 3 });
  return true;
}

/** Removes what a deletion interrupted by a crash left behind (`usuarios/.borrando-*`). */
export async function sweepDeletedUsers(dataDir: string): Promise<void> {
  const users = path.join(dataDir, USERS_DIRNAME);
  const names = await readdir(users).catch(() => [] as string[]);
  for (const n of names) if (n.startsWith(DELETING_PREFIX)) await rm(path.join(users, n), { recursive: true, force: true, maxRetries: 3 });
}

const exists = (p: string) => stat(p).then(() => true, () => false);

/** Why the migration does not start while a single-owner bot is running on the data dir. */
const busyLegacy = P.classBusy;

export type MigrationResult = { kind: 'none' } | { kind: 'fresh' } | { kind: 'migrated'; moved: string[] };

/**
 * One-time switch of a data dir to the class layout: the single owner's data becomes the
 * teacher's folder `usuarios/<teacherId>/`. Idempotent (`none` once `usuarios/` exists) and
 * crash-safe: every step is a rename, and the last rename (staging → `usuarios/`) commits.
 * `crashAfter` (tests) throws after that many entries were moved, before the commit.
 */
export async function migrateToClassLayout(dataDir: string, teacherId: number, opts: { crashAfter?: number } = {}): Promise<MigrationResult> {
  const users = path.join(dataDir, USERS_DIRNAME);
  await mkdir(dataDir, { recursive: true });
  return withFileLock(path.join(dataDir, CLASS_FILENAME), async () => {
    if (await exists(users)) return { kind: 'none' };
    const staging = path.join(dataDir, MIGRATION_DIRNAME);
    const entries = (await readdir(dataDir)).filter((n) => !TOP_LEVEL_KEEP.has(n));
    if (entries.length === 0 && !(await exists(staging))) {
      await mkdir(users, { recursive: true });
      return { kind: 'fresh' };
    }
    // A single-owner bot still running here would see its files vanish: its lock says so.
    if (entries.includes('bot')) await (await holdFileLock(path.join(dataDir, 'bot', 'estado.json'), busyLegacy(dataDir)))();
    userDataDir(dataDir, teacherId); // validates the id
    const target = path.join(staging, String(teacherId));
    await mkdir(target, { recursive: true });
    const moved: string[] = [];
    for (const name of entries) {
      if (opts.crashAfter !== undefined && moved.length >= opts.crashAfter) throw new Error(`simulated crash after ${moved.length} move(s)`);
      await rename(path.join(dataDir, name), path.join(target, name));
      moved.push(name);
    }
    await syncDir(target);
    await syncDir(dataDir);
    await rename(staging, users);
    await syncDir(dataDir);
    return { kind: 'migrated', moved };
  });
}

/**
 * A single-owner start after a migration to class mode was interrupted (before its commit): moves
 * every entry back to the top of the data dir, so the owner finds their notebook where it was.
 * Does nothing when there is no staging folder. Returns the names moved back.
 */
export async function restoreSingleLayout(dataDir: string): Promise<string[]> {
  const staging = path.join(dataDir, MIGRATION_DIRNAME);
  if (!(await exists(staging))) return [];
  return withFileLock(path.join(dataDir, CLASS_FILENAME), async () => {
    const back: string[] = [];
    for (const owner of await readdir(staging).catch(() => [] as string[])) {
      const from = path.join(staging, owner);
      for (const name of await readdir(from)) {
        // The top wins if both exist (cannot happen with renames; be safe rather than clobber).
        if (await exists(path.join(dataDir, name))) continue;
        await rename(path.join(from, name), path.join(dataDir, name));
        back.push(name);
      }
    }
    await syncDir(dataDir);
    const left = await readdir(staging).then(async (owners) => (await Promise.all(owners.map((o) => readdir(path.join(staging, o))))).flat());
    if (left.length === 0) await rm(staging, { recursive: true, force: true });
    return back;
  });
}
