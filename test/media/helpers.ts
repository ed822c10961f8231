// Shared fixtures of the media tests: a temp data dir with the real demo notes, a tool context.
import { DEMO_COURSE } from '../../src/domain/course/demo.js';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import type { Config } from '../../src/config.js';
import { createRunStageRunner } from '../../src/scheduler/turn.js';
import type { StageSpec, ToolContext } from '../../src/tools/contract.js';
import type { Note } from '../../src/domain/notebook.js';
import { createMediaTools, EngineHealth } from '../../src/tools/media-tools.js';

export const NOW = new Date('2026-03-15T10:00:00Z');

export async function demoNotes(): Promise<Note[]> {
  return JSON.parse(await readFile(path.join(import.meta.dirname, '../../assets/notas.json'), 'utf8')) as Note[];
}

/** A fresh temp dir; inside a test it is also removed when the test ends, even if it failed. */
export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cuaderno-media-'));
  const cleanup = (): Promise<void> => rm(dir, { recursive: true, force: true });
  try {
    onTestFinished(cleanup);
  } catch {
    // Called from beforeAll: the suite's afterAll cleans up.
  }
  return { dir, cleanup };
}

/** The media tools over `dataDir`; each call gets its own health record unless one is passed in. */
export async function tools(dataDir: string, media: Partial<Config['media']> = {}, health: EngineHealth = new EngineHealth()) {
  const notes = await demoNotes();
  return createMediaTools({ dataDir, notes: { list: async () => notes }, course: DEMO_COURSE, media: { timeoutMs: 5_000, ...media }, now: () => NOW, health });
}

/** A context whose stage runner (the scheduler's one runner, no retries) records the stages it ran. */
export function context(opts: { signal?: AbortSignal; redo?: boolean } = {}): ToolContext & { ran: StageSpec[] } {
  const ran: StageSpec[] = [];
  const runner = createRunStageRunner({ retry: false });
  return {
    signal: opts.signal ?? new AbortController().signal,
    stage: (stages, signal) => {
      ran.push(...stages);
      return runner(stages, signal);
    },
    now: () => NOW,
    redo: opts.redo,
    ran,
  };
}

/** Every file under `dir`, recursively (relative paths), so "nothing written" can be asserted. */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
  } catch {
    return [];
  }
}

/** Runs `p` and returns the error it rejects with (fails the test if it resolves). */
export async function rejection(p: Promise<unknown>): Promise<Error & { code?: string; details?: Record<string, unknown> }> {
  try {
    await p;
  } catch (e) {
    return e as Error & { code?: string; details?: Record<string, unknown> };
  }
  throw new Error('expected a rejection, got a result');
}
