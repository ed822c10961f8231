/**
 * Class mode (`MODO_CLASE=1`): many students on one bot. Each person — the teacher (first allowed
 * id) and every student — has their own data dir `<dataDir>/usuarios/<id>/` and their own bot
 * parts (owner.ts), created on their first update and cached in `UserContexts`; one middleware
 * resolves the parts from `ctx.from.id`, so no update ever reaches another person's notebook,
 * runs or approvals.
 *
 * Before that middleware, this Composer handles what belongs to the class, not to one notebook:
 * joining by invite (`/start <code>`), the one sentence for strangers, `/invitar` and `/alumnos`
 * (teacher) and `/retirar_voz`. «Borra mis datos» is each person's own (bot/erase.ts), done here by
 * `UserContexts.erase`: their parts closed, then their folder emptied and a new audit chain started.
 */
import { studentsMessages, type StudentRow } from './class-lists.js';
import { rm } from 'node:fs/promises';
import { Composer, type Api, type Context } from 'grammy';
import type { Config } from '../config.js';
import { isUserId } from '../lib/ids.js';
import { INVITE_TTL_DAYS, listUserIds, monthSpendUsd, removeUserDir, sweepDeletedUsers, userDataDir } from '../store/users.js';
import type { ClassRoster } from '../store/users.js';
import { eraseOwnerData, type ErasedBy, type ErasedCounts } from '../store/erase.js';
import { consentFile } from '../domain/media/consent.js';
import type { DurationRecord } from '../tools/stages/durations.js';
import { BUTTONS, S } from '../strings/chat.js';
import { START } from '../strings/console.js';
import { courseAtJoin, hasClassCourse, publishCourse } from './class-course.js';
import { anyCase, type BotNotebook } from './command-kit.js';
import type { DeliveryMedia } from './delivery.js';
import { CALLBACKS } from './callbacks.js';
import { gateComposer, senderOf } from './gate.js';
import { classQuizComposer } from './class-quiz.js';
import type { MessageOwners } from './message-owners.js';
import { createOwnerParts, type OwnerParts } from './owner.js';
import type { Transcriber } from '../domain/voice/transcriber.js';
import type { RunService } from './runs.js';
import { FIRST_MINUTE } from '../strings/first-minute.js';
import { startKeyboard } from './start-keyboards.js';
import { LOG } from '../strings/log.js';

/**
 * How the bot opens one person's notebook and agent service over their data dir (main.ts, tests);
 * `userId` names them where work must be told apart (e.g. queue job ids).
 */
export type OpenUser = (config: Readonly<Config>, userId: number) => Promise<{ service: RunService; notebook: BotNotebook; durations: Pick<DurationRecord, 'estimateOf'> }>;

export interface UserContextsOptions {
  config: Config;
  /** The wall clock each person's review reminder reads (default the real one). */
  clock?: () => Date;
  /** The time zone each person's browser told the local chat page, by their id (student-clock.ts). */
  browserZone?: (userId: number) => string | undefined;
  teacherId: number;
  openUser: OpenUser;
  /** The Bot API client one person's detached work (runs, approvals, reminders) sends with. */
  apiFor: (userId: number) => Api;
  /** Whether `id` is in the class now (a folder left by an interrupted removal is not reopened). */
  isMember: (id: number) => Promise<boolean>;
  media: DeliveryMedia;
  log: (message: string, error?: unknown) => void;
  /** Who transcribes everyone's voice memos (each memo's job carries its student's id). */
  transcriber?: Transcriber;
  /** Least ms between two edits of a run's status message (CreateBotOptions.statusEditIntervalMs). */
  statusEditIntervalMs?: number;
}

/**
 * One person's bot parts per id, created lazily over `usuarios/<id>/` and cached (a promise per id,
 * so two simultaneous first updates build it once). After `startAll`, a new person's parts start
 * (reminder, resumed runs) as soon as they are built.
 */
export class UserContexts {
  readonly #cache = new Map<number, Promise<OwnerParts>>();
  readonly #started = new Set<number>();
  /** Deletions in progress: a person's next update waits for theirs before opening a fresh notebook. */
  readonly #removals = new Map<number, Promise<void>>();
  #running = false;

  constructor(private readonly opts: UserContextsOptions) {}

  /** The config of one person: the class config with their own data dir. */
  configFor(userId: number): Readonly<Config> {
    return Object.freeze({ ...this.opts.config, dataDir: userDataDir(this.opts.config.dataDir, userId) });
  }

  /** The parts of `userId`, built on first use (their folder is created then). */
  async get(userId: number): Promise<OwnerParts> {
    await this.#removals.get(userId);
    const parts = await this.#open(userId);
    if (this.#running) await this.#startOnce(userId, parts);
    return parts;
  }

  #open(userId: number): Promise<OwnerParts> {
    let p = this.#cache.get(userId);
    if (!p) {
      p = this.#build(userId);
      this.#cache.set(userId, p);
      p.catch(() => this.#cache.delete(userId));
    }
    return p;
  }

  async #build(userId: number): Promise<OwnerParts> {
    const config = this.configFor(userId);
    const { service, notebook, durations } = await this.opts.openUser(config, userId);
    return createOwnerParts({
      config, service, notebook, durations, api: this.opts.apiFor(userId), allowedUserIds: [userId],
      audience: userId === this.opts.teacherId ? 'profesor' : 'alumno', media: this.opts.media, log: this.opts.log,
      ...(this.opts.transcriber ? { transcriber: this.opts.transcriber } : {}),
      erase: (by) => this.erase(userId, by),
      ...(this.opts.clock ? { clock: this.opts.clock } : {}),
      ...(this.opts.browserZone ? { browserZone: () => this.opts.browserZone!(userId) } : {}),
      ...(this.opts.statusEditIntervalMs !== undefined ? { statusEditIntervalMs: this.opts.statusEditIntervalMs } : {}),
    });
  }

  async #startOnce(userId: number, parts: OwnerParts): Promise<number> {
    if (this.#started.has(userId)) return 0;
    this.#started.add(userId);
    return parts.start();
  }

  /** Opens every member who has a folder (and the teacher), starts their reminders and resumes their runs. */
  async startAll(): Promise<number> {
    this.#running = true;
    await sweepDeletedUsers(this.opts.config.dataDir);
    const ids = new Set([this.opts.teacherId, ...(await listUserIds(this.opts.config.dataDir)), ...this.#cache.keys()]);
    let resumed = 0;
    for (const id of ids) {
      if (!(await this.opts.isMember(id))) continue;
      // One person's damaged folder (a hand-edited notas.json, a cut state file) is theirs alone:
      // they are set aside with one console line and the rest of the class starts. Their next
      // message opens their notebook again and tells them what is wrong.
      try {
        resumed += await this.#startOnce(id, await this.#open(id));
      } catch (e) {
        this.#started.delete(id);
        // The reason in the same line, not the error (whose stack would print over many lines).
        this.opts.log(START.personAside(id, (e instanceof Error ? e.message : String(e)).split('\n')[0]!));
      }
    }
    return resumed;
  }

  /** Stops every open person's timers; their runs resume on the next start. */
  async stopAll(): Promise<void> {
    this.#running = false;
    const all = await Promise.allSettled([...this.#cache.values()]);
    for (const r of all) if (r.status === 'fulfilled') await r.value.stop();
  }

  /** The parts already open (tests, teardown). */
  async open(): Promise<OwnerParts[]> {
    const all = await Promise.allSettled([...this.#cache.values()]);
    return all.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  }

  /**
   * Deletes one person's data: their runs are cancelled and waited for, their parts closed, then
   * their folder is renamed away and removed. Their next update starts an empty notebook.
   */
  async remove(userId: number): Promise<void> {
    await this.#closeThen(userId, () => removeUserDir(this.opts.config.dataDir, userId));
  }

  /**
   * «Borra mis datos» of one person: their parts closed as for `remove`, then their data removed
   * from their folder (store/erase.ts) and a new audit chain started there; they stay in the class.
   */
  erase(userId: number, by?: ErasedBy): Promise<ErasedCounts> {
    return this.#closeThen(userId, () => eraseOwnerData(this.configFor(userId).dataDir, { keysDir: this.opts.config.keysDir, ...(by ? { extra: by } : {}) }));
  }

  async #closeThen<R>(userId: number, then: () => Promise<R>): Promise<R> {
    const removal = this.#close(userId).then(then);
    this.#removals.set(userId, removal.then(() => undefined, () => undefined));
    try {
      return await removal;
    } finally {
      this.#removals.delete(userId);
    }
  }

  async #close(userId: number): Promise<void> {
    const p = this.#cache.get(userId);
    if (p) {
      const parts = await p.catch(() => undefined);
      if (parts) {
        parts.runs.cancelAll();
        await parts.runs.idle();
        await parts.stop();
      }
      this.#cache.delete(userId);
      this.#started.delete(userId);
    }
  }
}

export interface ClassComposerOptions {
  config: Config;
  roster: ClassRoster;
  users: UserContexts;
  teacherId: number;
  /** ALLOWED_USER_IDS (members without an invite, the teacher first) or a student on the roster. */
  isMember: (id: number) => Promise<boolean>;
  /** Who each sent message belongs to: a button on someone else's message is refused. */
  owners: MessageOwners;
  /** The client that sends as one person's own (the class's course reaches each student with it). */
  apiFor: (userId: number) => Api;
  /**
   * The link of an invite code. Default: Telegram's, with the bot's real username from getMe
   * (`ctx.me`); on the local chat page, a page link (webchat/personas.ts).
   */
  inviteLink?: (code: string) => string;
  log: (message: string, error?: unknown) => void;
}

/** `/invitar revocar`: close the open link without making another. */
const REVOKE_WORD = 'revocar';

/** The class middleware: invites, the stranger's sentence, the class commands, then each person's own parts. */
export function classComposer(o: ClassComposerOptions): Composer<Context> {
  const { roster, users, teacherId, isMember } = o;
  const c = new Composer<Context>();
  const courseDeps = { dataDir: o.config.dataDir, teacherId, roster, apiFor: o.apiFor, log: o.log };

  c.use(async (ctx, next) => {
    const from = senderOf(ctx);
    if (!from || from.is_bot) return; // channel posts, service updates: nothing to do
    // An id that is not a person's (a custom Bot API root can send −5) never joins, never gets a
    // folder: the stranger's sentence, and nothing is written.
    if (!isUserId(from.id)) return strangerAnswer(ctx);
    return next();
  });

  // Joining: `/start <code>` from the invite link. A member's /start goes on to their greeting.
  c.command('start', async (ctx, next) => {
    const code = ctx.match.trim();
    const from = ctx.from!;
    if (!code || (await isMember(from.id))) return next();
    const r = await roster.join(code, { id: from.id, name: nameOf(from) });
    if (r.kind === 'joined' || r.kind === 'already') {
      // A new student of a class with no published course starts on the example course: told how to bring theirs.
      const onExample = r.kind === 'joined' && !(await hasClassCourse(o.config.dataDir).catch(() => true));
      await ctx.reply(FIRST_MINUTE.joined(from.first_name, onExample), { reply_markup: startKeyboard(!onExample) });
      // The class's published course, as their own copy (after the welcome, which it follows).
      if (r.kind === 'joined') await courseAtJoin(courseDeps, from.id).catch((e: unknown) => { o.log(LOG.classCourse, e); });
      return;
    }
    await ctx.reply(r.kind === 'expired' ? S.joinExpired() : S.joinInvalid());
  });

  // The gate: everyone else gets one sentence (or an alert for a button) and nothing is opened for
  // them; a member's buttons answer only them, the class's actions only the teacher.
  c.use(gateComposer({
    isMember, isOwner: () => true, isTeacher: (id) => id === teacherId, ownMessagesOnly: true, owners: o.owners, stranger: strangerAnswer,
  }));

  // `/curso publicar` is the class's (the teacher's: the gate's table); any other /curso goes on to the person's own parts.
  c.command(anyCase('curso'), async (ctx, next) => {
    if (ctx.match.trim().toLowerCase() !== 'publicar') return next();
    await ctx.reply(await publishCourse(courseDeps));
  });

  // The teacher's (the gate's table). `/invitar` makes the one open link (the previous one stops
  // working); `/invitar revocar` closes it.
  c.command(anyCase('invitar'), async (ctx) => {
    if (ctx.match.trim().toLowerCase() === REVOKE_WORD) return void (await ctx.reply(S.invitesRevoked(await roster.revokeInvites())));
    const { invite, replaced } = await roster.createInvite();
    const link = o.inviteLink ? o.inviteLink(invite.code) : `https://t.me/${ctx.me.username}?start=${invite.code}`;
    const text = S.inviteLink(link, INVITE_TTL_DAYS, replaced > 0);
    // The link as a link entity: tappable on Telegram and on the local page alike (a page link on
    // 127.0.0.1 is not one Telegram's apps would linkify by themselves).
    const at = text.indexOf(link);
    await ctx.reply(text, { entities: [{ type: 'text_link', offset: at, length: link.length, url: link }] });
  });

  c.command(anyCase('alumnos'), async (ctx) => {
    const students = await roster.students();
    if (students.length === 0) return void (await ctx.reply(S.studentsEmpty()));
    const rows: StudentRow[] = [];
    for (const s of students) {
      const spent = await monthSpendUsd(o.config.dataDir, s.id, o.config.prices).catch((e: unknown) => { o.log(LOG.classSpendOf(s.id), e); return undefined; });
      rows.push({ id: s.id, name: s.name, spent });
    }
    // A class of any size: at most 100 students (and their buttons) a message.
    for (const m of studentsMessages(rows, o.config.limits.monthlyBudgetUsd)) await ctx.reply(m.text, { reply_markup: m.reply_markup });
  });

  c.command(anyCase('retirar_voz'), async (ctx) => {
    const file = consentFile(users.configFor(ctx.from!.id).dataDir);
    const had = await rm(file).then(() => true, (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return false;
      throw e;
    });
    await ctx.reply(had ? S.voiceRevoked() : S.voiceNone());
  });

  // Who may press these (the teacher; `no`, the person it names) is the gate's, from callbacks.ts.
  c.callbackQuery(CALLBACKS.classStudent.trigger, async (ctx, next) => {
    const tap = CALLBACKS.classStudent.parse(ctx.callbackQuery.data);
    if (!tap) return next();
    const from = ctx.from.id;
    const done = async (text: string) => {
      await ctx.answerCallbackQuery();
      await ctx.editMessageText(text, { reply_markup: { inline_keyboard: [] } }).catch(() => ctx.reply(text));
    };
    try {
      switch (tap.action) {
        case 'no':
          return await done(S.keptAll());
        case 'quitar': {
          const s = (await roster.students()).find((x) => x.id === tap.student);
          await ctx.answerCallbackQuery();
          if (!s) return void (await ctx.reply(S.studentGone()));
          await ctx.reply(S.removeStudentAsk(s.name), {
            reply_markup: { inline_keyboard: [
              [{ text: BUTTONS.confirmRemoveStudent(s.name), callback_data: CALLBACKS.classStudent.format({ action: 'quitar_si', student: s.id }) }],
              [{ text: BUTTONS.keepIt, callback_data: CALLBACKS.classStudent.format({ action: 'no', by: from }) }],
            ] },
          });
          return;
        }
        case 'quitar_si': {
          const s = (await roster.students()).find((x) => x.id === tap.student);
          if (!s) return await done(S.studentGone());
          // Off the roster first: from here on their updates get the stranger's sentence.
          await roster.remove(tap.student);
          await users.remove(tap.student);
          return await done(S.studentRemoved(s.name));
        }
      }
    } catch (e) {
      o.log(LOG.classAction, e);
      await ctx.reply(S.classActionFailed()).catch(() => undefined);
    }
  });

  c.use(classQuizComposer({ teacherId, roster, users, apiFor: o.apiFor, log: o.log }));

  // Each person's own parts: their notebook, runs, approvals and files, never anyone else's.
  c.lazy(async (ctx) => (await users.get(senderOf(ctx)!.id)).composer);
  return c;
}

/** The one sentence for someone outside the class (an alert for a button); nothing is opened for them. */
async function strangerAnswer(ctx: Context): Promise<void> {
  if (ctx.callbackQuery) return void (await ctx.answerCallbackQuery({ text: S.classStranger(), show_alert: true }));
  if (ctx.message && ctx.chat) await ctx.reply(S.classStranger());
}

/** How the teacher's list names a student: first and last name, else @username, else the id. */
function nameOf(u: { id: number; first_name: string; last_name?: string; username?: string }): string {
  const full = [u.first_name, u.last_name].filter(Boolean).join(' ').trim();
  return full || (u.username ? `@${u.username}` : String(u.id));
}
