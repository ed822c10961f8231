/**
 * The student's course in the chat (issue 25). `/curso` shows it; `/curso semana N TÍTULO`,
 * `/curso quitar N`, `/curso fecha N AAAA-MM-DD` and the same in plain words (the understanding's
 * `curso` intent, through `edit`) change it; a syllabus (route-text.ts decides what a text is) is
 * proposed with [✅ Usar este curso] [✏️ Cambiar una semana] [❌ Descartar] and nothing changes until
 * it is accepted. Every change that can take weeks away — accepting a shorter syllabus, removing a
 * week, taking the class's new version — is a pending change on disk (course-proposals.ts) and, when
 * the weeks that go have notes or cards, asks first: move them to week M, leave them without a week,
 * or delete them (asked twice). Nothing is orphaned silently.
 *
 * Applying a change: the notes' and cards' weeks are rewritten first (later weeks one down after a
 * removal), then `curso.json`, then the record is marked done.
 */
import { replyLong } from './reply-long.js';
import { Composer, type Context } from 'grammy';
import type { Message } from 'grammy/types';
import type { CardDeck, Notebook, NotesStore } from '../store/types.js';
import { exampleNoteIds, type CourseFile } from '../store/index.js';
import { COURSE_CHAT as T } from '../strings/course-chat.js';
import { classWeeks, findWeek, hasWeek, MAX_WEEKS, MAX_WEEK_TITLE, weekOfNote, weekRange, type Course } from '../domain/course/course.js';
import { keyTermsOfTitle } from '../domain/course/syllabus.js';
import { readCourse } from '../tools/index.js';
import type { CourseEdit } from '../agent/nlu/course-edit.js';
import { anyCase } from './command-kit.js';
import { GATE } from '../strings/gate.js';
import { CALLBACKS } from './callbacks.js';
import { allows } from './gate.js';
import { confirmDeleteKeyboard, courseKeyOf, orphanKeyboard, proposalKeyboard, publishedKeyboard } from './course-keyboards.js';
import { courseHash, type CoursePlan, type CourseProposal, type CourseProposals, type Orphans } from './course-proposals.js';
import { noKeyboard } from './keyboards.js';
import { personaOf } from './access.js';
import { stillPending } from '../store/decision.js';
import { DECISION } from '../strings/decisions.js';
import { LOG } from '../strings/log.js';

/** What the course in the chat reads and writes in the owner's notebook. */
export interface CourseNotebook {
  notes: Pick<NotesStore, 'list' | 'setWeeks' | 'removeMany'>;
  cards: Pick<CardDeck, 'list' | 'setWeeks' | 'remove'>;
  course: Pick<CourseFile, 'read' | 'write'>;
  /** The course with the weeks it moves and what it deletes, as one commit. */
  changeCourse: Notebook['changeCourse'];
}

export interface CourseChatDeps {
  notebook: CourseNotebook;
  proposals: CourseProposals;
  log: (message: string, error?: unknown) => void;
}


/** Where each week of `current` goes after the change: its new number, or 'gone'. */
function weekMap(p: CourseProposal): (week: number) => number | 'gone' {
  if (p.tipo === 'quitar') {
    const q = p.quitada!;
    if (p.renumerar === false) return (w) => (w === q ? 'gone' : w);
    return (w) => (w < q ? w : w === q ? 'gone' : w - 1);
  }
  const n = p.curso.semanas.length;
  return (w) => (w <= n ? w : 'gone');
}

const toCourse = (c: Course): Course => structuredClone({ titulo: c.titulo, semanas: c.semanas });
/** A syllabus as the parser gives it: a course, and the questions about the lines it was unsure of. */
type ReadCourse = Course & { dudas?: CourseProposal['dudas'] };
const dayOk = (ymd: string) => /^\d{4}-\d{2}-\d{2}$/.test(ymd) && new Date(`${ymd}T00:00:00Z`).toISOString().slice(0, 10) === ymd;
const cleanTitle = (raw: string) => raw.replace(/\s+/g, ' ').trim();

export function createCourseChat(deps: CourseChatDeps) {
  const { notebook: nb, proposals } = deps;
  const course = () => readCourse(nb);

  const show = async (ctx: Context) => {
    const own = await nb.course.read();
    const c = own ?? (await course());
    await replyLong(ctx, T.show(c.titulo, c.semanas, own === null));
  };

  /** A syllabus as a proposal (on disk first); `guessed` adds the correction button. */
  const proposeSyllabus = async (ctx: Context, parsed: ReadCourse, text: string, guessed: boolean) => {
    const dudas = parsed.dudas ?? [];
    const p = await proposals.create({ tipo: 'temario', curso: toCourse(parsed), base: courseHash(await course()), texto: text, ...(dudas.length > 0 ? { dudas } : {}) });
    await replyLong(ctx, T.proposal(p.curso.titulo, p.curso.semanas, dudas), proposalKeyboard(p.clave, guessed));
  };

  /**
   * Applies a pending change, or asks first when weeks that go have notes or cards and no choice
   * was made yet (`choice` undefined), or asks again before deleting (`confirmed` false).
   */
  const decide = async (ctx: Context, p: CourseProposal, choice?: Orphans, confirmed = false): Promise<boolean | void> => {
    const current = await course();
    // A tap repeated after an interruption applies the plan already fixed, never a new one.
    if (p.plan) return apply(ctx, p, p.plan, current);
    if (p.tipo === 'quitar' && courseHash(current) !== p.base) {
      // Made against a course that is no longer there: it lapses.
      await proposals.decide(p.clave, 'caducada');
      return void (await ctx.reply(T.courseChanged()));
    }
    const map = weekMap(p);
    const all = await nb.notes.list();
    const allCards = await nb.cards.list();
    // A syllabus replacing the demo course: the example notes still as shipped go, with their cards
    // (their weeks are the demo's: kept, they would be carded and searched as the student's first weeks).
    const example = p.tipo === 'temario' && (await nb.course.read()) === null ? await exampleNoteIds(all) : new Set<number>();
    const exampleCards = allCards.filter((c) => example.has(c.id_nota));
    const notes = all.filter((n) => !example.has(n.id));
    const cards = allCards.filter((c) => !example.has(c.id_nota));
    const goneWeek = (w: number | null | undefined): w is number => typeof w === 'number' && map(w) === 'gone';
    const goneNotes = notes.filter((n) => goneWeek(weekOfNote(current, n)));
    const goneNoteIds = new Set(goneNotes.map((n) => n.id));
    const goneCards = cards.filter((c) => goneWeek(c.semana) || goneNoteIds.has(c.id_nota));
    if ((goneNotes.length > 0 || goneCards.length > 0) && !choice) {
      const weeks = [...new Set([...goneNotes.map((n) => weekOfNote(current, n)!), ...goneCards.flatMap((c) => (c.semana === undefined ? [] : [c.semana]))])].filter(goneWeek).sort((a, b) => a - b);
      return void (await ctx.reply(T.orphans(weeks, goneNotes.length, goneCards.length), { reply_markup: orphanKeyboard(p.clave, classWeeks(p.curso)) }));
    }
    if (choice?.kind === 'borrar' && !confirmed) return void (await ctx.reply(T.confirmDelete(goneNotes.length, goneCards.length), { reply_markup: confirmDeleteKeyboard(p.clave) }));
    if (choice?.kind === 'mover' && !hasWeek(p.curso, choice.to)) return void (await ctx.reply(DECISION.refused('desconocida')));

    // The plan: every note's and card's week after the change, as absolute values, written into the
    // record before anything else, so applying it twice (a kill in between) moves nothing twice.
    const orphanTo = choice?.kind === 'mover' ? choice.to : null;
    const newWeek = (w: number | null): number | null => (w === null ? null : map(w) === 'gone' ? orphanTo : (map(w) as number));
    const plan: CoursePlan = { opcion: choice ?? null, notas: {}, tarjetas: {}, borrar: { notas: [], tarjetas: [] } };
    for (const n of notes) {
      const before = weekOfNote(current, n);
      const after = newWeek(before);
      // Notes written before notes carried a week take theirs from the course they were written under.
      if (n.semana === undefined || after !== before) plan.notas[n.id] = after;
    }
    for (const c of cards) if (c.semana !== undefined && newWeek(c.semana) !== c.semana) plan.tarjetas[c.id] = newWeek(c.semana);
    if (choice?.kind === 'borrar') plan.borrar = { notas: [...goneNoteIds], tarjetas: goneCards.map((c) => c.id) };
    if (example.size > 0) {
      plan.borrar = { notas: [...plan.borrar.notas, ...example], tarjetas: [...plan.borrar.tarjetas, ...exampleCards.map((c) => c.id)] };
      plan.ejemplo = { notas: example.size, tarjetas: exampleCards.length };
    }
    const planned = await proposals.update(p.clave, (r) => ({ ...r, plan }));
    if (!planned) return void (await ctx.reply(DECISION.refused('ya_decidida')));
    return apply(ctx, planned, plan, current);
  };

  /** Writes a planned change as one commit (deletions, the notes' and cards' weeks, the course), then marks the proposal done. */
  const apply = async (ctx: Context, p: CourseProposal, plan: CoursePlan, current: Course): Promise<boolean> => {
    try {
      if (courseHash(current) !== courseHash(p.curso)) {
        await nb.changeCourse({ curso: p.curso, notas: plan.notas, tarjetas: plan.tarjetas, borrar: plan.borrar });
      }
      // A second tap that raced this one finds it decided: the change is the same, applied once.
      await proposals.decide(p.clave, 'aceptada', ctx.from && personaOf(ctx.from).nombre);
    } catch (e) {
      deps.log(LOG.courseChange, e);
      await ctx.reply(T.saveFailed());
      return false;
    }
    const choice = plan.opcion;
    const done = p.tipo !== 'quitar' ? T.accepted(p.curso.titulo, p.curso.semanas.length) : p.renumerar === false ? T.markedNoClass(p.quitada!) : T.removed(p.quitada!, p.curso.semanas.length);
    const orphanLine = !choice ? '' : choice.kind === 'mover' ? T.movedTo(choice.to) : choice.kind === 'sin' ? T.leftWithout() : T.deleted(plan.borrar.notas.length, plan.borrar.tarjetas.length);
    const exampleLine = plan.ejemplo ? T.examplesRemoved(plan.ejemplo.notas, plan.ejemplo.tarjetas) : '';
    await ctx.reply([done, orphanLine, exampleLine].filter(Boolean).join('\n'));
    return true;
  };

  /** Renames week n, or adds it right after the last one. */
  const setTitle = async (ctx: Context, rawWeek: string, rawTitle: string) => {
    const c = await course();
    const max = Math.min(MAX_WEEKS, c.semanas.length + 1);
    const n = /^\d{1,3}$/.test(rawWeek) ? Number(rawWeek) : NaN;
    if (!(n >= 1 && n <= max)) return void (await ctx.reply(c.semanas.length >= MAX_WEEKS && n === MAX_WEEKS + 1 ? T.tooManyWeeks(MAX_WEEKS) : T.badNewWeek(rawWeek, max)));
    const title = cleanTitle(rawTitle);
    if (!title || Array.from(title).length > MAX_WEEK_TITLE) return void (await ctx.reply(T.badTitle(MAX_WEEK_TITLE)));
    const added = n > c.semanas.length;
    const semanas = added
      ? [...c.semanas, { numero: n, titulo: title, inicio: null, terminos: keyTermsOfTitle(title) }]
      : c.semanas.map((w) => (w.numero === n ? { ...w, titulo: title, terminos: keyTermsOfTitle(title) } : w));
    if (!(await save(ctx, { titulo: c.titulo, semanas }, c))) return;
    await ctx.reply(added ? T.added(n, title) : T.renamed(n, title));
  };

  const setDate = async (ctx: Context, rawWeek: string, ymd: string) => {
    const c = await course();
    const n = Number(rawWeek);
    if (!/^\d{1,3}$/.test(rawWeek) || !hasWeek(c, n)) return void (await ctx.reply(T.badWeek(rawWeek, weekRange(c))));
    if (!dayOk(ymd)) return void (await ctx.reply(T.badDate(ymd)));
    if (!(await save(ctx, { titulo: c.titulo, semanas: c.semanas.map((w) => (w.numero === n ? { ...w, inicio: ymd } : w)) }, c))) return;
    await ctx.reply(T.dated(n, ymd));
  };

  /**
   * Takes week n out of the plan. By default it stays, marked without class, so every later week
   * keeps the number the guide and the teacher give it; `renumber` removes it and moves the later
   * weeks down one. Its notes and cards are asked about either way (decide).
   */
  const remove = async (ctx: Context, rawWeek: string, renumber = false) => {
    const c = await course();
    const n = Number(rawWeek);
    if (!/^\d{1,3}$/.test(rawWeek) || !hasWeek(c, n)) return void (await ctx.reply(T.badWeek(rawWeek, weekRange(c))));
    const week = findWeek(c, n)!;
    if (!renumber && week.sin_clase) return void (await ctx.reply(T.alreadyNoClass(n)));
    if (renumber ? c.semanas.length === 1 : classWeeks(c).length === 1) return void (await ctx.reply(T.lastWeek()));
    const semanas = renumber
      ? c.semanas.filter((w) => w.numero !== n).map((w) => (w.numero > n ? { ...w, numero: w.numero - 1 } : w))
      : c.semanas.map((w) => (w.numero === n ? { ...w, terminos: [], sin_clase: true as const } : w));
    const p = await proposals.create({ tipo: 'quitar', curso: toCourse({ titulo: c.titulo, semanas }), base: courseHash(c), quitada: n, renumerar: renumber });
    await decide(ctx, p);
  };

  /** A course written as a whole (rename, date): notes first take their week if they had none. */
  const save = async (ctx: Context, next: Course, current: Course): Promise<boolean> => {
    try {
      // Notes written before notes carried a week keep the one they had under the course being changed.
      const notas: Record<number, number | null> = {};
      for (const n of await nb.notes.list()) if (n.semana === undefined) notas[n.id] = weekOfNote(current, n);
      await nb.changeCourse({ curso: next, notas, tarjetas: {}, borrar: { notas: [], tarjetas: [] } });
      return true;
    } catch (e) {
      deps.log(LOG.courseSave, e);
      await ctx.reply(T.saveFailed());
      return false;
    }
  };

  /** `/curso …` and its plain-words forms. */
  const command = async (ctx: Context, arg: string) => {
    const a = arg.trim();
    if (!a) return show(ctx);
    let m = /^semana\s+(\S+)\s+([\s\S]+)$/i.exec(a);
    if (m) return setTitle(ctx, m[1]!, m[2]!);
    m = /^quitar\s+(\S+)(\s+renumer\w*)?$/i.exec(a);
    if (m) return remove(ctx, m[1]!, m[2] !== undefined);
    m = /^fecha\s+(\S+)\s+(\S+)$/i.exec(a);
    if (m) return setDate(ctx, m[1]!, m[2]!);
    await ctx.reply(T.usage());
  };

  /** The understanding's `curso` intent: the same changes as the command. */
  const edit = async (ctx: Context, e: CourseEdit & { semana?: number }) => {
    // The gate checked `/curso …` by its table; a change said in words is the owner's alike.
    if (!allows(ctx, 'owner')) return void (await ctx.reply(GATE.ownerOnly()));
    switch (e.cambio) {
      case 'titulo': return setTitle(ctx, String(e.semana), e.titulo);
      case 'quitar': return remove(ctx, String(e.semana), e.renumerar === true);
      case 'inicio': {
        // The words give a day of the year (MM-DD): the year is the week's own, else this one.
        const c = await course();
        const year = findWeek(c, e.semana ?? 0)?.inicio?.slice(0, 4) ?? String(new Date().getFullYear());
        return setDate(ctx, String(e.semana), /^\d{4}-/.test(e.fecha) ? e.fecha : `${year}-${e.fecha}`);
      }
      case 'anadir': {
        if (!e.titulo) return void (await ctx.reply(T.addWhich()));
        return setTitle(ctx, String((await course()).semanas.length + 1), e.titulo);
      }
    }
  };

  const composer = new Composer<Context>();
  composer.command(anyCase('curso'), (ctx) => command(ctx, ctx.match));

  // A reply to a pending syllabus «3: Membranas»: changes that week of the proposal.
  composer.on('message:text', async (ctx, next) => {
    const replied = ctx.message.reply_to_message as Message | undefined;
    const key = courseKeyOf(replied?.reply_markup);
    if (!key) return next();
    const p = await proposals.find(key);
    const refused = stillPending(p) ?? (p?.tipo !== 'temario' ? 'desconocida' : undefined);
    if (!p || refused) return void (await ctx.reply(DECISION.refused(refused ?? 'desconocida')));
    const m = /^\s*(\d{1,2})\s*[:.)\-–—]\s*(.+)$/s.exec(ctx.message.text);
    const n = m ? Number(m[1]) : NaN;
    const title = m ? cleanTitle(m[2]!) : '';
    if (!m || !hasWeek(p.curso, n)) return void (await ctx.reply(T.changeUsage()));
    if (Array.from(title).length > MAX_WEEK_TITLE) return void (await ctx.reply(T.badTitle(MAX_WEEK_TITLE)));
    // The week's new title answers the questions about it.
    const changed = await proposals.update(key, (r) => ({ ...r, dudas: (r.dudas ?? []).filter((d) => d.semana !== n), curso: { ...r.curso, semanas: r.curso.semanas.map((w) => (w.numero === n ? { ...w, titulo: title, terminos: keyTermsOfTitle(title) } : w)) } }));
    if (!changed) return void (await ctx.reply(DECISION.refused('ya_decidida')));
    if (replied) await ctx.api.editMessageReplyMarkup(ctx.chat.id, replied.message_id, { reply_markup: noKeyboard() }).catch(() => undefined);
    await replyLong(ctx, `${T.changed(n)}\n\n${T.proposal(changed.curso.titulo, changed.curso.semanas, changed.dudas ?? [])}`, proposalKeyboard(changed.clave, false));
  });

  composer.callbackQuery(CALLBACKS.course.trigger, async (ctx) => {
    const tap = CALLBACKS.course.parse(ctx.callbackQuery.data);
    const p = tap ? await proposals.find(tap.key) : undefined;
    const refused = stillPending(p);
    if (!tap || !p || refused) {
      await ctx.answerCallbackQuery({ text: DECISION.refused(refused ?? 'desconocida'), show_alert: true });
      await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined);
      return;
    }
    await ctx.answerCallbackQuery();
    // The buttons go; the proposal's «No cambio nada hasta que lo aceptes» becomes what was decided.
    const shown = ctx.callbackQuery.message && 'text' in ctx.callbackQuery.message ? ctx.callbackQuery.message.text ?? '' : '';
    const close = (accepted?: boolean) => (accepted !== undefined && shown.endsWith(T.proposalWaits())
      ? ctx.editMessageText(`${shown.slice(0, -T.proposalWaits().length)}${T.proposalAnswered(accepted)}`, { reply_markup: noKeyboard() })
      : ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() })).catch(() => undefined);
    switch (tap.op) {
      case 'c': return void (await ctx.reply(T.changeHow(p.curso.semanas.length)));
      case 'x':
      case 'k':
        await proposals.decide(p.clave, 'rechazada', personaOf(ctx.from).nombre);
        await close(false);
        return void (await ctx.reply(p.tipo === 'publicado' ? T.keptMine() : tap.op === 'x' ? T.discarded() : T.kept()));
      // The buttons go once it is answered: a change that failed half-way keeps them, to finish it.
      case 'u': {
        // Applied at once (true), or a question about the notes of weeks that go comes next (void).
        const done = await decide(ctx, p);
        if (done !== false) await close(done === true ? true : undefined);
        return;
      }
      case 'm': if ((await decide(ctx, p, { kind: 'mover', to: tap.week! })) !== false) await close(); return;
      case 'n': if ((await decide(ctx, p, { kind: 'sin' })) !== false) await close(); return;
      case 'd': if ((await decide(ctx, p, { kind: 'borrar' })) !== false) await close(); return;
      case 'D': if ((await decide(ctx, p, { kind: 'borrar' }, true)) !== false) await close(); return;
    }
  });

  return { composer, show, proposeSyllabus, edit, command };
}

export type CourseChat = ReturnType<typeof createCourseChat>;

/** The class's course offered to a student who has one of their own: a pending change in their folder. */
export async function offerPublished(proposals: CourseProposals, current: Course, published: Course): Promise<{ key: string; markup: ReturnType<typeof publishedKeyboard> }> {
  const p = await proposals.create({ tipo: 'publicado', curso: toCourse(published), base: courseHash(current) });
  return { key: p.clave, markup: publishedKeyboard(p.clave) };
}
