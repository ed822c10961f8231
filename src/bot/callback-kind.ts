/**
 * How a kind of inline button is declared (callbacks.ts holds the registry): its wire versions
 * (prefix, codec), who may press it, and the checks every kind gets — data within Telegram's 64
 * bytes, every version still read. Apart from the registry so the kinds can be declared in more
 * than one module without an import circle.
 */
import { FAULT } from '../strings/log.js';

/** Telegram's limit for callback_data, in bytes. */
export const CALLBACK_DATA_MAX_BYTES = 64;

/**
 * Who may press a button (the gate's table, docs/design.md §1):
 * - `member`: anyone allowed to use this bot (ALLOWED_USER_IDS; in class mode the class);
 * - `requester`: the person the message was sent for (who asked for it), when the bot still knows;
 *   otherwise any member — an approval also checks its owner on disk;
 * - `owner`: notebook-wide actions — the first allowed id; in class mode each person owns their
 *   notebook, so the person the message was sent for;
 * - `teacher`: the class's own actions — the teacher (the first allowed id).
 */
export type PressRole = 'member' | 'requester' | 'owner' | 'teacher';

/** One version of a kind's data on the wire. */
export interface Wire<T> {
  readonly version: number;
  /** The text before the first `:`; several kinds may share one and tell themselves apart by the rest. */
  readonly prefix: string;
  parse(data: string): T | undefined;
  /** Only the newest version writes. */
  format?(tap: T): string;
}

export interface ButtonKind<T> {
  readonly name: string;
  /** Versions on the wire, newest first. */
  readonly wires: readonly Wire<T>[];
  /** Who may press this tap. */
  role(tap: T): PressRole;
  /** The person the data itself names, who alone may press it (`bd:si:<id>`). */
  subject?(tap: T): number | undefined;
  /** The data of `tap` in the newest version; RangeError over CALLBACK_DATA_MAX_BYTES. */
  format(tap: T): string;
  /** The tap in any listed version, or undefined. */
  parse(data: string | undefined): T | undefined;
  /** For grammY's `callbackQuery`: data starting with one of this kind's prefixes. */
  readonly trigger: RegExp;
}

export function kind<T>(spec: { name: string; role: PressRole | ((tap: T) => PressRole); subject?: (tap: T) => number | undefined; wires: readonly Wire<T>[] }): ButtonKind<T> {
  const [newest] = spec.wires;
  if (!newest?.format) throw new Error(FAULT.buttonKind(spec.name));
  const role = spec.role;
  const prefixes = [...new Set(spec.wires.map((w) => w.prefix))];
  return {
    name: spec.name,
    wires: spec.wires,
    role: typeof role === 'function' ? role : () => role,
    ...(spec.subject ? { subject: spec.subject } : {}),
    format(tap) {
      const data = newest.format!(tap);
      if (Buffer.byteLength(data) > CALLBACK_DATA_MAX_BYTES) throw new RangeError(`callback data over ${CALLBACK_DATA_MAX_BYTES} bytes: ${data}`);
      return data;
    },
    parse(data) {
      if (data === undefined) return undefined;
      for (const w of spec.wires) {
        if (!data.startsWith(`${w.prefix}:`)) continue;
        const tap = w.parse(data);
        if (tap !== undefined) return tap;
      }
      return undefined;
    },
    trigger: new RegExp(`^(?:${prefixes.join('|')}):`),
  };
}

/** `format` that gives undefined instead of throwing when the data would not fit (a keyboard then shows no button). */
export function formatIfFits<T>(k: ButtonKind<T>, tap: T): string | undefined {
  try {
    return k.format(tap);
  } catch (e) {
    if (e instanceof RangeError) return undefined;
    throw e;
  }
}

export const ID = '[A-Za-z0-9_-]';
export const match = (re: RegExp) => (data: string) => re.exec(data) ?? undefined;

