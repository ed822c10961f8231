/**
 * The one gate every update passes before any handler (docs/design.md §1). It fails closed:
 *   1. someone who may not use the bot gets one sentence (an alert for a tap) and nothing else runs;
 *   2. a tap whose data no declared button kind reads (callbacks.ts) is refused in one sentence;
 *   3. a tap or a command is checked against one table of actions by role — the kind's role for a
 *      button, COMMAND_ROLES for a command — and refused in one sentence when the person lacks it.
 * What a person's update makes the bot send is recorded as theirs (message-owners.ts), so the
 * buttons of a request answer only whoever asked — in a group the chat is shared, the request is not.
 * Roles decided by meaning, not by the command's spelling («borra mis datos» in words), are asked of
 * `allows(ctx, role)` by the handler that understood them; it too says no for an update the gate
 * never saw.
 *
 * Single-owner mode: the members are ALLOWED_USER_IDS and the owner is the first of them. Class
 * mode: the members are the class, each owns their own notebook, the teacher is the first allowed id.
 */
import { Composer, type Context } from 'grammy';
import { S } from '../strings/chat.js';
import { COURSE_CHAT } from '../strings/course-chat.js';
import { GATE } from '../strings/gate.js';
import { decodeCallback, type PressRole } from './callbacks.js';
import type { MessageOwners } from './message-owners.js';

export interface GatePolicy {
  /** Whether `id` may use this bot at all. */
  isMember(id: number): boolean | Promise<boolean>;
  /** Whether `id` owns the notebook their updates reach (single-owner mode: the first allowed id). */
  isOwner(id: number): boolean;
  isTeacher(id: number): boolean;
  /**
   * Class mode: every button answers only the person its message was sent for, whatever its kind
   * (each person's buttons reach their own notebook, never another's).
   */
  ownMessagesOnly: boolean;
  owners: MessageOwners;
  /** What someone who is not a member gets (nothing else runs for them). */
  stranger(ctx: Context): Promise<void>;
}

/** `/borrar` words that mean everything, not one card. */
export const ERASE_ALL_WORDS = /^(|mis datos|todo|todos mis datos|mis cosas)$/i;

/** Who may run a command (`arg`: what follows it, trimmed), and what a person without that role is told. */
export interface CommandRule {
  role(arg: string): PressRole;
  refusal?(role: PressRole): string;
}

/** Who may run each command (lower case, without the slash); a command not listed is any member's. */
export const COMMAND_ROLES: Readonly<Record<string, CommandRule>> = Object.freeze({
  borrar_mis_datos: { role: () => 'owner' },
  // `/borrar N` is one card; `/borrar` alone or `/borrar mis datos` is everything.
  borrar: { role: (arg) => (ERASE_ALL_WORDS.test(arg) ? 'owner' : 'member') },
  // Showing the course is anyone's; changing it the owner's; publishing it the class's.
  curso: {
    role: (arg) => (arg === '' ? 'member' : /^publicar$/i.test(arg) ? 'teacher' : 'owner'),
    refusal: (role) => (role === 'teacher' ? COURSE_CHAT.publishTeacherOnly() : GATE.ownerOnly()),
  },
  invitar: { role: () => 'teacher' },
  alumnos: { role: () => 'teacher' },
  // A quiz is anyone's; sending one to the whole class is the teacher's.
  quiz: { role: (arg) => (/^clase\b/i.test(arg) ? 'teacher' : 'member') },
  resultados: { role: () => 'teacher' },
} satisfies Record<string, CommandRule>);

/** The roles the gate found for each update it let through. */
const granted = new WeakMap<Context, (role: PressRole) => boolean>();

/** Whether the person behind `ctx` holds `role`; false for an update the gate never saw. */
export function allows(ctx: Context, role: PressRole): boolean {
  return granted.get(ctx)?.(role) ?? false;
}

/** A command at the start of a message: its name in lower case (without `@bot`) and its argument. */
export function commandOf(ctx: Context): { name: string; arg: string } | undefined {
  const text = ctx.message?.text;
  // As grammY's `command` reads it: any bot_command entity at the start (a bold one may come first).
  const command = ctx.message?.entities?.find((e) => e.type === 'bot_command' && e.offset === 0);
  if (!text || !command) return undefined;
  const name = text.slice(1, command.length).split('@')[0]!.toLowerCase();
  return { name, arg: text.slice(command.length).trim() };
}

/**
 * Who sent an update: grammY's `ctx.from`, or the voter of a `poll_answer` (grammY leaves it out of
 * `from`; the answer is theirs all the same, and reaches only their own notebook).
 */
export function senderOf(ctx: Context): Context['from'] {
  return ctx.from ?? ctx.pollAnswer?.user;
}

export function gateComposer(p: GatePolicy): Composer<Context> {
  const c = new Composer<Context>();
  c.use(async (ctx, next) => {
    const from = senderOf(ctx);
    if (!from || from.is_bot) return; // channel posts, service updates: nothing to do
    if (!(await p.isMember(from.id))) return p.stranger(ctx);
    // Whatever is sent while handling a member's update is theirs.
    ctx.api.config.use(p.owners.recorder(from.id));

    const message = ctx.callbackQuery?.message;
    const sentFor = message ? p.owners.ownerOf(message.chat.id, message.message_id) : undefined;
    const asked = sentFor === undefined || sentFor === from.id;
    const holds = (role: PressRole): boolean => {
      switch (role) {
        case 'teacher': return p.isTeacher(from.id);
        case 'owner': return p.isOwner(from.id) && asked;
        case 'requester': return asked;
        case 'member': return !p.ownMessagesOnly || asked;
      }
    };
    granted.set(ctx, holds);

    if (ctx.callbackQuery) {
      const tap = decodeCallback(ctx.callbackQuery.data);
      if (!tap) return void (await ctx.answerCallbackQuery({ text: GATE.tapUnknown(), show_alert: true }));
      const theirs = tap.subject === undefined || tap.subject === from.id;
      if (theirs && holds(tap.role)) return next();
      // Their own button, refused only because the action is the owner's: told why. Anyone else: not theirs.
      const ownerOnly = theirs && asked && tap.role === 'owner' && !p.isOwner(from.id);
      return void (await ctx.answerCallbackQuery({ text: ownerOnly ? GATE.ownerOnly() : S.tapNotYours(), show_alert: true }));
    }
    const command = commandOf(ctx);
    // Own keys only: a command named like an Object method (`/constructor`) is nobody's rule.
    const rule = command && Object.hasOwn(COMMAND_ROLES, command.name) ? COMMAND_ROLES[command.name] : undefined;
    const role = rule?.role(command!.arg);
    if (role && !holds(role)) return void (await ctx.reply(rule!.refusal?.(role) ?? (role === 'teacher' ? S.teacherOnly() : GATE.ownerOnly())));
    return next();
  });
  return c;
}

/** The gate of single-owner mode: ALLOWED_USER_IDS are the members, the first of them the owner. */
export function singleOwnerPolicy(allowedUserIds: readonly number[], owners: MessageOwners): GatePolicy {
  const allowed = new Set(allowedUserIds);
  const owner = allowedUserIds[0];
  return {
    isMember: (id) => allowed.has(id),
    isOwner: (id) => id === owner,
    isTeacher: (id) => id === owner,
    ownMessagesOnly: false,
    owners,
    async stranger(ctx) {
      // An empty list allows nobody (safe default): the sentence tells them their id so the real
      // owner can add it to ALLOWED_USER_IDS.
      if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: S.tapNotYours(), show_alert: true });
      else if (ctx.message && ctx.chat) await ctx.reply(S.stranger(senderOf(ctx)!.id));
    },
  };
}
