/**
 * `auditoria.jsonl`: append-only, one JSON object per line, every request and result of the
 * dispatcher, chained with an HMAC whose key lives outside the data folder (auditChain.ts): each
 * line carries its number `seq` and the MAC of the previous line. One O_APPEND write of one whole
 * line per entry, under the log's inter-process lock (the link to the last line must be read and
 * written as one step); the log is never read whole.
 *
 * A crash can still leave a cut last line. The next writer to open the log moves that fragment to
 * `auditoria.jsonl.cuarentena` (under the file's lock) and says so in one console line, so the next
 * entry starts on a line of its own instead of being glued onto the fragment and lost. An entry
 * that cannot be serialised becomes a placeholder line with the reason: every call leaves a line.
 */
import { appendFileSync, statSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { appendFile, mkdir, open, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { StateFileError } from '../errors.js';
import { writeFileAtomic } from '../lib/atomic.js';
import { chainFields, defaultKeysDir, findMirror, loadAuditKey, macOf, mirrorReadySync, newChainId, prefixMac, removeMirrorsOf, writeMirror, writeMirrorSync } from './auditChain.js';
import { fileLines, MAX_LINE_BYTES } from './lines.js';
import { tryFileLockSync, withFileLock } from './lock.js';
import type { AuditLog } from './types.js';
import { STORE_PROBLEMS as P } from '../strings/state-problems.js';

/** Suffix of the file that keeps cut fragments moved out of the log. */
export const QUARANTINE_SUFFIX = '.cuarentena';

/** One line for `entry`, or a placeholder naming why it could not be written as is. */
export function auditLine(entry: Record<string, unknown>): string {
  try {
    const text = JSON.stringify(entry);
    if (typeof text === 'string') return `${text}\n`;
  } catch (e) {
    return `${JSON.stringify(placeholder(entry, e instanceof Error ? e.message : String(e)))}\n`;
  }
  return `${JSON.stringify(placeholder(entry, P.entryNotObject))}\n`;
}

function placeholder(entry: Record<string, unknown>, reason: string): Record<string, unknown> {
  const pick = (k: string) => (typeof entry[k] === 'string' ? { [k]: entry[k] } : {});
  return { ...pick('timestamp'), ...pick('event'), ...pick('call_id'), ...pick('tool'), no_serializable: true, motivo: reason.slice(0, 200) };
}

/**
 * Moves a cut last line (no final `\n`) to the quarantine file and truncates the log to its last
 * whole line. Returns the fragment's size in bytes (0 when the log was whole).
 */
export async function quarantineCutTail(file: string): Promise<number> {
  return withFileLock(file, () => quarantineTailLocked(file));
}

/** quarantineCutTail for a caller that already holds the log's lock. Reads only the tail, never the whole log. */
async function quarantineTailLocked(file: string): Promise<number> {
  let handle;
  try {
    handle = await open(file, 'r+');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw e;
  }
  try {
    const { size } = await handle.stat();
    if (size === 0) return 0;
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    if (last[0] === 0x0a) return 0;
    const cut = await lastNewlineEnd(handle, size);
    const fragment = Buffer.alloc(size - cut);
    await handle.read(fragment, 0, fragment.length, cut);
    await appendFile(`${file}${QUARANTINE_SUFFIX}`, Buffer.concat([fragment, Buffer.from('\n')]));
    await handle.truncate(cut);
    await handle.sync();
    return fragment.length;
  } finally {
    await handle.close();
  }
}

const TAIL_CHUNK = 64 * 1024;

/** The offset just after the last `\n` before `end` (0 when there is none), scanning backwards. */
async function lastNewlineEnd(handle: FileHandle, end: number): Promise<number> {
  while (end > 0) {
    const start = Math.max(0, end - TAIL_CHUNK);
    const buf = Buffer.alloc(end - start);
    await handle.read(buf, 0, buf.length, start);
    const nl = buf.lastIndexOf(0x0a);
    if (nl !== -1) return start + nl + 1;
    end = start;
  }
  return 0;
}

/** The last whole line of an open file of `size` bytes (read backwards in chunks), or undefined when empty. */
async function lastLine(handle: FileHandle, size: number): Promise<string | undefined> {
  if (size === 0) return undefined;
  // The file ends with `\n` (a cut tail was set aside first): the last line ends just before it.
  const start = await lastNewlineEnd(handle, size - 1);
  if (size - 1 - start > MAX_LINE_BYTES) return undefined;
  const buf = Buffer.alloc(size - 1 - start);
  await handle.read(buf, 0, buf.length, start);
  return buf.toString('utf8');
}

/** Where the next chained entry links: its number, the MAC it carries and its chain. */
async function nextLink(file: string, key: Buffer, keysDir: string, notebook?: string): Promise<{ seq: number; macPrev: string; chain: string; first: boolean }> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  let last: { seq: number; mac: string } | undefined;
  let chainInFile: string | undefined;
  try {
    const size = handle ? (await handle.stat()).size : 0;
    const text = handle ? await lastLine(handle, size) : undefined;
    let fields;
    try {
      fields = text === undefined ? undefined : chainFields(JSON.parse(text));
    } catch {
      fields = undefined;
    }
    if (text !== undefined && fields && fields.seq > 0) last = { seq: fields.seq, mac: macOf(key, text) };
    if (fields?.cadena) chainInFile = fields.cadena;
  } finally {
    await handle?.close();
  }
  let macPrev = last?.mac;
  if (macPrev === undefined) {
    // No chained line at the end: a new log, or an old install's unchained log (its whole text is
    // the legacy prefix the first chained line seals), or a log whose chain someone removed.
    const prefix = prefixMac(key);
    for await (const line of fileLines(file, { missingOk: true })) prefix.add(line.text);
    macPrev = prefix.digest();
  }
  const mirror = await findMirror(keysDir, file, chainInFile, notebook);
  // A mirror ahead of the file means lines were removed: keep numbering after it, so the gap shows.
  const seq = Math.max(last?.seq ?? 0, mirror?.seq ?? 0) + 1;
  return { seq, macPrev, chain: mirror?.cadena ?? chainInFile ?? newChainId(), first: seq === 1 };
}

/**
 * Writes `file` anew as a new chain whose first line is `entry` («Borra mis datos»: the old log was
 * removed with the person's data). The old chain's mirrors for this path go first, so the new log
 * is not judged against the old chain's last number.
 */
export async function startNewAuditChain(file: string, keysDir: string, entry: Record<string, unknown>, notebook?: string): Promise<void> {
  const key = await loadAuditKey(keysDir);
  await mkdir(path.dirname(file), { recursive: true });
  await withFileLock(file, async () => {
    await removeMirrorsOf(keysDir, file, notebook);
    const chain = newChainId();
    const { seq: _s, mac_prev: _m, cadena: _c, ...own } = entry;
    const body = auditLine(own).slice(0, -1);
    const line = `${body.slice(0, -1)}${body.length > 2 ? ',' : ''}"seq":1,"mac_prev":"${prefixMac(key).digest()}","cadena":"${chain}"}`;
    await writeFileAtomic(file, `${line}\n`);
    await writeMirror(keysDir, { cadena: chain, ruta: file, seq: 1, mac: macOf(key, line) }, notebook);
  });
}

/** Most entries written under one hold of the lock (a bounded line group, a bounded hold). */
const MAX_GROUP = 256;

/**
 * The audit log at `file`, chained with the key in `keysDir` (see auditChain.ts). Each append holds
 * the log's inter-process lock (entries that arrive meanwhile wait and go in the next group): read
 * the last line, link the group's lines to it, append them at once, then mirror the last one's
 * number and MAC outside the data folder. `notebook` (store/notebookId.ts) is how the keys folder
 * finds this log's chain wherever the data folder is.
 */
export function createAuditLog(file: string, opts: { log?: (line: string) => void; keysDir?: string; notebook?: string } = {}): AuditLog {
  const log = opts.log ?? ((line: string) => console.warn(line));
  const keysDir = opts.keysDir ?? defaultKeysDir();
  let opened: Promise<Buffer> | undefined;
  /** Once per process, before the first entry: set aside what a crash may have cut; load the key. */
  const openOnce = () => (opened ??= (async () => {
    await mkdir(path.dirname(file), { recursive: true });
    const bytes = await quarantineCutTail(file);
    if (bytes > 0) {
      log(P.auditCut(path.basename(file), bytes, `${path.basename(file)}${QUARANTINE_SUFFIX}`));
    }
    return loadAuditKey(keysDir);
  })());
  /**
   * The line this process wrote last, and the log file it went into: while the log is still that
   * file (same inode: a deletion's new chain is written under a new one, writeFileAtomic), ends
   * where that line ended (same size: any other writer appends) and was last written then (same
   * time), nobody else wrote since, so the next link needs no read of the log's tail nor of its
   * mirror. Any other state takes the full path (tail checked, link read back from the log,
   * numbering checked against the mirror).
   */
  let mine: { dev: number; ino: number; size: number; mtimeMs: number; seq: number; mac: string; chain: string } | undefined;

  /** The link after this process's last line, when the log at `st` is still as it left it (above). */
  const cachedLink = (st: Stats | undefined) => {
    // The time too: a file removed and made anew may get the same inode number (and, rarely, size).
    if (!mine || !st || st.size !== mine.size || st.ino !== mine.ino || st.dev !== mine.dev || st.mtimeMs !== mine.mtimeMs) return undefined;
    return { seq: mine.seq + 1, macPrev: mine.mac, chain: mine.chain, first: false };
  };

  /** The group's lines linked after `link` (one string, in order), and the last one's number and MAC. */
  const chainLines = (entries: ReadonlyArray<Record<string, unknown>>, key: Buffer, link: { seq: number; macPrev: string; chain: string; first: boolean }) => {
    const lines: string[] = [];
    let { seq, macPrev: mac } = link;
    for (const [i, entry] of entries.entries()) {
      // The chain's fields are ours: an entry's own `seq`/`mac_prev`/`cadena` never reach the line.
      const { seq: _s, mac_prev: _m, cadena: _c, ...own } = entry;
      const body = auditLine(own).slice(0, -1);
      const first = link.first && i === 0;
      const chained = `${body.slice(0, -1)}${body.length > 2 ? ',' : ''}"seq":${seq},"mac_prev":"${mac}"${first ? `,"cadena":"${link.chain}"` : ''}}`;
      lines.push(`${chained}\n`);
      mac = macOf(key, chained);
      seq += 1;
    }
    return { text: lines.join(''), last: { seq: seq - 1, mac } };
  };

  const remember = (st: Stats | undefined, last: { seq: number; mac: string }, chain: string) => {
    mine = st === undefined ? undefined : { dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, seq: last.seq, mac: last.mac, chain };
  };

  /**
   * The usual case, without a trip through libuv's thread pool: this process wrote the log's last
   * line and its mirror, and nobody holds the lock. Lock, check, append, mirror and stat are ≈ 15
   * system calls of a few microseconds on a local disk (no fsync: the log never had one per line),
   * where their asynchronous trips cost ≈ 0.55 ms of CPU per group (the dispatcher's fuzz test:
   * 7,400 groups per half). False, having written nothing, when it cannot: the lock is busy (the
   * caller waits for it the asynchronous way), the log changed since, or the mirror's one-time setup
   * is not done in this process.
   */
  const appendCachedSync = (entries: ReadonlyArray<Record<string, unknown>>, key: Buffer): boolean => {
    if (!mine || !mirrorReadySync(keysDir, mine.chain, file, opts.notebook)) return false;
    const release = tryFileLockSync(file);
    if (!release) return false;
    try {
      const link = cachedLink(statSync(file, { throwIfNoEntry: false }));
      if (!link) return false;
      const { text, last } = chainLines(entries, key, link);
      appendFileSync(file, text);
      writeMirrorSync(keysDir, { cadena: link.chain, ruta: file, seq: last.seq, mac: last.mac });
      remember(statSync(file, { throwIfNoEntry: false }), last, link.chain);
      return true;
    } finally {
      try {
        release();
      } catch {
        // Already gone (taken over as stale after a long stall): the next writer checks the tail.
      }
    }
  };

  /**
   * Appends `entries` as consecutive links of the chain under ONE hold of the lock: one read of the
   * link (or none), one append of their lines, one mirror of the last. What used to be done per
   * line — about ten file operations — is done per group: entries that arrive while a group is
   * being written wait and go together in the next (a busy bot audits many calls at once).
   */
  const appendChained = async (entries: ReadonlyArray<Record<string, unknown>>) => {
    const key = await openOnce();
    if (appendCachedSync(entries, key)) return;
    await withFileLock(file, async () => {
      let link = cachedLink(await stat(file).catch(() => undefined));
      if (!link) {
        // Another process may have been killed mid-line since we opened: never link onto a fragment.
        await quarantineTailLocked(file);
        link = await nextLink(file, key, keysDir, opts.notebook);
      }
      const { text, last } = chainLines(entries, key, link);
      // One write: the group's lines land whole and in order (a crash may cut the last; the next
      // open sets that fragment aside, as for a single line).
      await appendFile(file, text);
      await writeMirror(keysDir, { cadena: link.chain, ruta: file, seq: last.seq, mac: last.mac }, opts.notebook);
      remember(await stat(file).catch(() => undefined), last, link.chain);
    });
  };

  /** Entries waiting for the group being written; the writer takes them all when it is free. */
  const waiting: Array<{ entry: Record<string, unknown>; done: (e?: unknown) => void }> = [];
  let writing = false;
  const drain = async () => {
    writing = true;
    while (waiting.length > 0) {
      const group = waiting.splice(0, MAX_GROUP);
      // A failed group fails each of its appends (none of its lines is counted as written).
      const failure = await appendChained(group.map((w) => w.entry)).then(() => undefined, (e: unknown) => e ?? new Error('audit append failed'));
      for (const w of group) w.done(failure);
    }
    writing = false;
  };

  return {
    append: (entry) => new Promise<void>((resolve, reject) => {
      waiting.push({ entry, done: (e) => (e === undefined ? resolve() : reject(e)) });
      if (!writing) void drain();
    }),
    list: async () => {
      const entries: Record<string, unknown>[] = [];
      for await (const { n, text } of fileLines(file, { missingOk: true })) {
        if (text.trim() === '') continue;
        try {
          entries.push(JSON.parse(text) as Record<string, unknown>);
        } catch {
          throw new StateFileError(
            'CORRUPT_STATE',
            file,
            P.auditLine(file, n),
          );
        }
      }
      return entries;
    },
  };
}
