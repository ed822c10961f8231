/**
 * Cards a model proposes, waiting for the student (issue 27 §3). `proponer_tarjetas` adds each
 * note's checked cards to the open batch of `tarjetas-propuestas.json`; the bot shows that batch in
 * one approval, where each card is kept (✅), rewritten (✏️) or dropped (🗑), then saved into the
 * deck in one write. Everything lives on disk before it is shown, so a restart loses nothing:
 *
 *   pendiente (proposals arrive) ──shown──▶ pendiente, `mensaje` (the student decides) ──save──▶ aceptada
 *
 * A batch is a pending decision (store/decision.ts): its cards change only while it is pending, and
 * «Guardar» decides it once; a tap on a decided batch gets the one refusal.
 *
 * Saving appends with the batch's key as the cards' origin (a kill between the deck write and the
 * batch's state cannot add them twice, nor its audit line) and writes one audit line with how many cards were kept,
 * edited and dropped — what /tarjetas adds up.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { CuadernoError } from '../../errors.js';
import { DurableDocument, isPlainObject, type DocumentFormat } from '../../store/document.js';
import { Mutex } from '../../store/lock.js';
import type { AuditLog, Card, CardDeck, NewCard } from '../../store/index.js';
import type { Note } from '../notebook.js';
import { loadWordCheck } from '../study/reading.js';
import { checkProposedCards, clozeFrame, giveAway, type CardProblem, type ProposedCardInput, type WeekOfNote } from './build.js';
import { TOOL_ANSWERS } from '../../strings/model.js';
import { STORE_PROBLEMS } from '../../strings/state-problems.js';
import { decide, stillPending, type PendingDecision, type Refusal } from '../../store/decision.js';

export const PROPOSALS_FILE = 'tarjetas-propuestas.json';
/** 2: a batch is a pending decision (`asunto`, `estado` pendiente | aceptada); a file of 1 (abierta | mostrada | guardada) is migrated on its first read and written back. */
export const PROPOSALS_VERSION = 2;
/** The audit event of a saved batch (store/auditCheck.ts knows it). */
export const CARDS_REVIEWED_EVENT = 'tarjetas_revisadas';
/** Hex digits of a batch's key (its buttons carry it). */
export const BATCH_KEY_LENGTH = 10;
/** Most cards in one batch: three buttons each, and the text stays within one Telegram message. */
export const MAX_BATCH_CARDS = 12;

export type ProposedState = 'propuesta' | 'aceptada' | 'editada' | 'descartada';

export interface ProposedCard extends NewCard {
  estado: ProposedState;
  /** The tool call that proposed it (a resumed call finds its cards instead of adding them again). */
  llamada: string;
  /** What the model proposed, when the student rewrote it. */
  original?: { pregunta: string; respuesta: string };
}

/** What a batch carries beside the common part of a decision. */
export interface CardBatchPayload {
  tarjetas: ProposedCard[];
  /** Where the approval was sent: from then on new proposals open another batch. */
  mensaje?: { chat: number; id: number };
  /** The card being rewritten: the question sent with force_reply, whose reply replaces it. */
  editando?: { i: number; chat: number; mensaje: number };
  /** Deck ids of the saved cards (aceptada). */
  guardadas?: number[];
}

export type CardBatch = PendingDecision<'tarjetas', CardBatchPayload>;

interface ProposalsState {
  version: typeof PROPOSALS_VERSION;
  lotes: CardBatch[];
}

/** How a batch was decided: cards kept as proposed, rewritten, dropped. */
export interface ReviewCounts {
  aceptadas: number;
  editadas: number;
  descartadas: number;
}

export interface CardProposalsDeps {
  dataDir: string;
  notes: { list(): Promise<Note[]> };
  cards: Pick<CardDeck, 'list' | 'append'>;
  audit: Pick<AuditLog, 'append' | 'list'>;
  weekOf?: WeekOfNote;
  now?: () => Date;
}

/** A model's cards that break the rules: every problem, by card (the tool turns them into one message). */
export class ProposalRejected extends CuadernoError {
  constructor(message: string, readonly problems: ReadonlyArray<{ i: number; problem: CardProblem }>) {
    super('VALIDATION', message, { field: 'tarjetas' });
  }
}

const check = (data: unknown) => {
  if (!isPlainObject(data) || data.version !== PROPOSALS_VERSION || !Array.isArray(data.lotes)) {
    return { ok: false as const, problem: STORE_PROBLEMS.proposalsShape(PROPOSALS_VERSION) };
  }
  return { ok: true as const, value: data as unknown as ProposalsState };
};

/** Version 1's batches (abierta | mostrada | guardada) as pending decisions. */
const upgrade = (old: unknown): unknown => {
  const lotes = (old as { lotes?: unknown }).lotes;
  // Batches that are not a list: the check names what it expected.
  if (!Array.isArray(lotes)) return { ...(old as object), version: PROPOSALS_VERSION };
  return {
    version: PROPOSALS_VERSION,
    lotes: (lotes as Array<Omit<CardBatch, 'estado' | 'asunto'> & { estado: string }>)
      .map((b) => ({ ...b, asunto: 'tarjetas', estado: b.estado === 'guardada' ? 'aceptada' : 'pendiente' })),
  };
};

/**
 * `tarjetas-propuestas.json` as a durable document (store/document.ts), locked on each change: the
 * tool `proponer_tarjetas` adds cards from whichever process runs the model, while the bot shows,
 * marks and saves them; each change re-reads the file under the lock, so neither loses the other's.
 */
const PROPOSALS_FORMAT: DocumentFormat<ProposalsState> = {
  version: PROPOSALS_VERSION,
  empty: () => ({ version: PROPOSALS_VERSION, lotes: [] }),
  check,
  migrations: { 1: upgrade },
  // Only version 1 is migrated; any other value (or none) is the check's to name, as it always was.
  versionOf: (raw) => (isPlainObject(raw) && raw.version === 1 ? 1 : PROPOSALS_VERSION),
  recovery: STORE_PROBLEMS.proposalsFix,
  lock: { kind: 'each-change' },
  serialize: (s) => `${JSON.stringify(s, null, 1)}\n`,
};

/** Counts of a batch as it stands: what saving it now would record. */
export function countsOf(batch: Pick<CardBatch, 'tarjetas'>): ReviewCounts {
  const n = (s: ProposedState) => batch.tarjetas.filter((c) => c.estado === s).length;
  return { aceptadas: n('aceptada') + n('propuesta'), editadas: n('editada'), descartadas: n('descartada') };
}

/** The cards of a batch that would be saved (all but the dropped ones). */
export const keptCards = (batch: Pick<CardBatch, 'tarjetas'>) => batch.tarjetas.filter((c) => c.estado !== 'descartada');

export type EditResult = { kind: 'ok'; batch: CardBatch } | { kind: 'problem'; problem: CardProblem } | { kind: 'refused'; refusal: Refusal };

export function createCardProposals(deps: CardProposalsDeps) {
  const file = path.join(deps.dataDir, PROPOSALS_FILE);
  const doc = new DurableDocument(file, PROPOSALS_FORMAT);
  /**
   * Saving is read → deck → audit → decided, with awaits between: no other change of this object
   * (a ✅ or ✏️ of the same batch) may land in between. Only the bot decides a batch, and one bot
   * holds a folder (bot/state.ts's lifetime lock), so an in-process lock is enough here; the
   * tool's proposals from other processes only join batches not shown yet.
   */
  const mutex = new Mutex();
  const now = deps.now ?? (() => new Date());
  const weekOf: WeekOfNote = deps.weekOf ?? ((n) => n.semana ?? null);

  // Each read is the caller's own (read from the file under each-change): no copy needed.
  const read = (): Promise<ProposalsState> => doc.current();
  /** One change, run once on the file as it is now (under its lock); a change that changes nothing is not written. */
  const change = <R>(fn: (s: ProposalsState) => R): Promise<R> => doc.mutate((s) => {
    const before = JSON.stringify(s);
    const value = fn(s);
    return { value, changed: JSON.stringify(s) !== before };
  }, { changed: (r) => r.changed }).then((r) => r.value);
  const update = <R>(fn: (s: ProposalsState) => R): Promise<R> => mutex.run(() => change(fn));
  const byKey = (s: ProposalsState, key: string) => s.lotes.find((b) => b.clave === key || (key.length >= 8 && b.clave.startsWith(key)));
  const waiting = (b: CardBatch) => !stillPending(b);
  /** A pending batch not shown yet: new proposals join it. */
  const open = (b: CardBatch) => waiting(b) && !b.mensaje;

  /** The week's cards a new or rewritten card must not give away: the deck's and those still waiting. */
  function weekCards(s: ProposalsState, deck: readonly Card[], semana: number | undefined, noteId: number, skip?: ProposedCard): Array<Pick<NewCard, 'pregunta' | 'respuesta'>> {
    const same = (c: { semana?: number; id_nota: number }) => (semana !== undefined ? c.semana === semana : c.id_nota === noteId);
    const pending = s.lotes.filter(waiting).flatMap((b) => b.tarjetas).filter((c) => c !== skip && c.estado !== 'descartada' && same(c));
    return [...deck.filter((c) => !c.borrada && same(c)), ...pending];
  }

  return {
    file,

    /**
     * Checks a model's cards for `noteId` and adds them to the open batch (opening one). The same
     * call again (a resumed run) returns its cards. Throws ProposalRejected with every problem when
     * any card breaks a rule: nothing is added, and the model may send them again corrected.
     */
    async propose(callId: string, noteId: number, proposed: readonly ProposedCardInput[], message: (problems: ReadonlyArray<{ i: number; problem: CardProblem }>) => string): Promise<{ batch: CardBatch; cards: ProposedCard[] }> {
      const notes = await deps.notes.list();
      const note = notes.find((n) => n.id === noteId);
      if (!note) throw new CuadernoError('NOT_FOUND', TOOL_ANSWERS.noNote(noteId), { field: 'id_nota' });
      const deck = await deps.cards.list();
      const isWord = await loadWordCheck();
      // A new batch's key and time come before the change (store/document.ts: no random, no clock inside it).
      const clave = randomBytes(BATCH_KEY_LENGTH / 2).toString('hex');
      const creada = now().toISOString();
      return update((s) => {
        for (const b of s.lotes) {
          const mine = b.tarjetas.filter((c) => c.llamada === callId);
          if (mine.length > 0) return { batch: b, cards: mine };
        }
        const semana = weekOf(note) ?? undefined;
        const week = weekCards(s, deck, semana, note.id);
        const has = deck.filter((c) => !c.borrada && c.id_nota === note.id).length +
          s.lotes.filter(waiting).flatMap((b) => b.tarjetas).filter((c) => c.id_nota === note.id && c.estado !== 'descartada').length;
        const { cards, problems } = checkProposedCards(note, notes, proposed, week, has, weekOf, isWord);
        if (problems.length > 0) throw new ProposalRejected(message(problems), problems);
        let batch = s.lotes.find((b) => open(b) && b.tarjetas.length + cards.length <= MAX_BATCH_CARDS);
        if (!batch) {
          batch = { clave, asunto: 'tarjetas', creada, estado: 'pendiente', tarjetas: [] };
          s.lotes.push(batch);
        }
        const added = cards.map((c): ProposedCard => ({ ...c, estado: 'propuesta', llamada: callId }));
        batch.tarjetas.push(...added);
        // A turn's proposals run side by side and land in the order they finish: the batch shows
        // them by note (a stable sort keeps each note's cards in the model's order), not by timing.
        batch.tarjetas.sort((x, y) => x.id_nota - y.id_nota);
        return { batch: structuredClone(batch), cards: added };
      });
    },

    /** Batches with cards that were never shown (the bot shows them when a run ends, and after a restart). */
    async unshown(): Promise<CardBatch[]> {
      return (await read()).lotes.filter((b) => open(b) && b.tarjetas.length > 0);
    },

    async find(key: string): Promise<CardBatch | undefined> {
      return byKey(await read(), key);
    },

    /** Records where the batch's approval was sent; from now on new proposals open another batch. */
    async shown(key: string, chat: number, id: number): Promise<void> {
      await update((s) => {
        const b = byKey(s, key);
        if (!b || !waiting(b)) return;
        b.mensaje = { chat, id };
      });
    },

    /** ✅ or 🗑 on card `i` of a waiting batch; undefined when the batch is gone or saved. */
    async mark(key: string, i: number, estado: 'aceptada' | 'descartada'): Promise<CardBatch | undefined> {
      return update((s) => {
        const b = byKey(s, key);
        const c = b?.tarjetas[i];
        if (!b || !c || !waiting(b)) return undefined;
        // ✅ on a rewritten card keeps the rewrite; on a dropped one it comes back as proposed.
        c.estado = estado === 'aceptada' && c.original ? 'editada' : estado;
        if (b.editando?.i === i) delete b.editando;
        return structuredClone(b);
      });
    },

    /** ✏️: the question asking for card `i`'s new text was sent as message `mensaje` (force_reply). */
    async askEdit(key: string, i: number, chat: number, mensaje: number): Promise<void> {
      await update((s) => {
        const b = byKey(s, key);
        if (b && waiting(b) && b.tarjetas[i]) b.editando = { i, chat, mensaje };
      });
    },

    /** The batch and card a reply to message `replyTo` rewrites, if it is an open ✏️ question. */
    async editing(chat: number, replyTo: number): Promise<{ batch: CardBatch; i: number } | undefined> {
      const b = (await read()).lotes.find((x) => waiting(x) && x.editando?.chat === chat && x.editando.mensaje === replyTo);
      return b ? { batch: b, i: b.editando!.i } : undefined;
    },

    /**
     * The student's rewrite of card `i`: «pregunta | respuesta», or only the question (the answer
     * stays). It keeps the week rules (no answer given away, none repeated); a question with one
     * gap (_____) is a cloze.
     */
    async edit(key: string, i: number, pregunta: string, respuesta: string | undefined): Promise<EditResult> {
      const deck = await deps.cards.list();
      return update((s): EditResult => {
        const b = byKey(s, key);
        const c = b?.tarjetas[i];
        const refusal = stillPending(b) ?? (c ? undefined : 'desconocida');
        if (!b || !c || refusal) return { kind: 'refused', refusal: refusal ?? 'desconocida' };
        const cloze = clozeFrame(pregunta);
        const next = { pregunta: cloze ?? pregunta.trim(), respuesta: (respuesta ?? c.respuesta).trim() };
        const problem = giveAway(next, weekCards(s, deck, c.semana, c.id_nota, c));
        if (problem) return { kind: 'problem', problem };
        c.original ??= { pregunta: c.pregunta, respuesta: c.respuesta };
        c.pregunta = next.pregunta;
        c.respuesta = next.respuesta;
        c.tipo = cloze ? 'cloze' : 'definicion';
        c.estado = 'editada';
        delete b.editando;
        return { kind: 'ok', batch: structuredClone(b) };
      });
    },

    /**
     * «Guardar N tarjetas»: the kept and rewritten cards into the deck (one write, the batch's key
     * as their origin), then the batch is saved and one audit line counts kept / edited / dropped.
     * Again on a saved batch: the same ids, nothing added. Undefined when the batch is unknown.
     */
    async save(key: string, por?: string): Promise<{ batch: CardBatch; ids: number[]; counts: ReviewCounts; already: boolean } | undefined> {
      return mutex.run(async () => {
        const b = byKey(await read(), key);
        if (!b) return undefined;
        const counts = countsOf(b);
        const at = now();
        if (!decide(b, 'aceptada', at, por).ok) return { batch: b, ids: b.guardadas ?? [], counts, already: true };
        const keep = keptCards(b).map(({ id_nota, semana, tipo, pregunta, respuesta }): NewCard => ({ id_nota, ...(semana !== undefined ? { semana } : {}), tipo, pregunta, respuesta }));
        const { cards } = keep.length > 0 ? await deps.cards.append(keep, at, `propuesta-${b.clave}`) : { cards: [] as Card[] };
        const guardadas = cards.map((c) => c.id);
        // A kill after this line and before the batch's state is written saves again: one line per batch.
        const audited = (await deps.audit.list()).some((e) => e.event === CARDS_REVIEWED_EVENT && e.lote === b.clave);
        if (!audited) await deps.audit.append({ timestamp: at.toISOString(), event: CARDS_REVIEWED_EVENT, lote: b.clave, propuestas: b.tarjetas.length, ...counts, tarjetas: guardadas });
        // Decided last, on the file as it is now: the cards and the audit line are already in, so a
        // save that stops before here is done again without adding either twice.
        return change((s) => {
          const saved = byKey(s, key);
          const accepted = decide(saved, 'aceptada', at, por);
          if (!saved || !accepted.ok) return saved && { batch: structuredClone(saved), ids: saved.guardadas ?? [], counts, already: true };
          Object.assign(saved, accepted.next, { guardadas });
          delete saved.editando;
          return { batch: structuredClone(saved), ids: guardadas, counts, already: false };
        });
      });
    },

    /** Every saved batch's counts, read back from the audit log (what /tarjetas shows). */
    async totals(): Promise<ReviewCounts & { lotes: number }> {
      const out = { aceptadas: 0, editadas: 0, descartadas: 0, lotes: 0 };
      for (const e of await deps.audit.list()) {
        if (e.event !== CARDS_REVIEWED_EVENT) continue;
        out.lotes++;
        for (const k of ['aceptadas', 'editadas', 'descartadas'] as const) if (typeof e[k] === 'number') out[k] += e[k];
      }
      return out;
    },
  };
}

export type CardProposals = ReturnType<typeof createCardProposals>;
