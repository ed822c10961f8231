/**
 * Spaced review of the deck: which cards are due, answering one (FSRS state + review log in one
 * atomic write), undoing the last answer, suspending a card, and the chat's review session — a pause
 * kept on disk, so a restart loses no answer. The bot and the CLI call these same functions.
 */
import type { Card, CardDeck, FsrsSnapshot, Grade, ReminderSettings, ReviewEntry, ReviewSession, ReviewState, ReviewStore } from '../../store/index.js';
import { applyGrade, createScheduler, newSnapshot, previewDue } from './fsrs.js';

/**
 * Learning cards due within this window are named apart when a session ends («vuelven en los
 * próximos 10 min»). They are not shown before they are due (no Anki learn-ahead): the student was
 * told «Bien — vuelve en 10 min», and a card back a minute later would make that a lie.
 */
export const SOON_MS = 20 * 60_000;

/**
 * A card just answered «Otra vez» (its step is a minute) may come back in the same session once
 * nothing else is due, as the student who missed it expects («Repasar las falladas» after a quiz);
 * a card given ten minutes never does.
 */
export const AGAIN_AHEAD_MS = 60_000;

export interface DueCard {
  card: Card;
  fsrs: FsrsSnapshot;
  /** Answers recorded for this card (undone ones excluded): what a rating button carries. */
  count: number;
  /** Set by `history()` for a card the owner suspended. */
  suspended?: boolean;
}

export type RateResult =
  | { kind: 'applied'; entry: ReviewEntry; card: Card }
  | { kind: 'stale' }
  | { kind: 'unknown' };

export interface ReviewOptions {
  deck: CardDeck;
  store: ReviewStore;
  /** FSRS desired retention (RETENCION_DESEADA). */
  retention: number;
  /** New cards per local day in a session (NUEVAS_POR_DIA). */
  newPerDay: number;
  /** IANA zone that decides what "today" is. */
  timeZone: string;
}

/** The local calendar day of `date` in `timeZone`, as YYYY-MM-DD. */
export function localDay(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

export function stateOf(state: ReviewState, card: Card): FsrsSnapshot {
  return state.tarjetas[card.id]?.fsrs ?? newSnapshot(new Date(card.creada));
}

export function answersOf(state: ReviewState, cardId: number): ReviewEntry[] {
  return state.registro.filter((e) => e.id_tarjeta === cardId && !e.deshecha);
}

export type ReviewService = ReturnType<typeof createReviewService>;

export function createReviewService(opts: ReviewOptions) {
  const scheduler = createScheduler(opts.retention);

  function dueIn(state: ReviewState, deck: readonly Card[], now: Date, session: boolean, chat?: number): DueCard[] {
    const today = localDay(now, opts.timeZone);
    const newToday = state.registro.filter((e) => !e.deshecha && e.antes.state === 0 && localDay(new Date(e.fecha), opts.timeZone) === today).length;
    let newLeft = session ? Math.max(0, opts.newPerDay - newToday) : Infinity;
    const out: DueCard[] = [];
    for (const card of deck) {
      if (state.tarjetas[card.id]?.suspendida) continue;
      const fsrs = stateOf(state, card);
      // Missed a moment ago: a learning card given a step of a minute or less (never the ten minutes of «Bien»).
      const missed = (fsrs.state === 1 || fsrs.state === 3) && fsrs.last_review !== undefined && Date.parse(fsrs.due) - Date.parse(fsrs.last_review) <= AGAIN_AHEAD_MS;
      if (Date.parse(fsrs.due) > now.getTime() + (session && missed ? AGAIN_AHEAD_MS : 0)) continue;
      if (fsrs.state === 0) {
        if (newLeft <= 0) continue;
        newLeft--;
      }
      out.push({ card, fsrs, count: answersOf(state, card.id).length });
    }
    // Due now before a card missed in this session and back early (so it does not jump the queue);
    // a card missed elsewhere (a quiz's) comes before new cards: «Repasar las falladas» shows it first.
    const inSession = new Set(chat === undefined ? [] : state.sesiones[chat]?.respuestas ?? []);
    const answered = new Set(state.registro.filter((e) => inSession.has(e.n)).map((e) => e.id_tarjeta));
    // Due now: learning steps (they are short), reviews, then new cards; a missed card back early in between.
    const rank = (d: DueCard) => (Date.parse(d.fsrs.due) > now.getTime() ? (answered.has(d.card.id) ? 4 : 2) : d.fsrs.state === 0 ? 3 : d.fsrs.state === 2 ? 1 : 0);
    return out.sort((a, b) => rank(a) - rank(b) || (rank(a) === 3 ? a.card.id - b.card.id : Date.parse(a.fsrs.due) - Date.parse(b.fsrs.due)));
  }

  return {
    /**
     * Cards due at `now`. With `session`, new cards stop at NUEVAS_POR_DIA a day and a card missed a
     * moment ago may come back (AGAIN_AHEAD_MS); without it (the CLI) every card due at that instant.
     */
    async due(now: Date, { session = false, chat }: { session?: boolean; chat?: number } = {}): Promise<DueCard[]> {
      const [state, deck] = await Promise.all([opts.store.read(), opts.deck.list()]);
      return dueIn(state, deck, now, session, chat);
    },

    /** One card with its state, or undefined if the deck has no such card. */
    async card(id: number): Promise<DueCard | undefined> {
      const [state, deck] = await Promise.all([opts.store.read(), opts.deck.list()]);
      const card = deck.find((c) => c.id === id);
      return card && { card, fsrs: stateOf(state, card), count: answersOf(state, id).length };
    },

    preview: (fsrs: FsrsSnapshot, now: Date) => previewDue(scheduler, fsrs, now),

    /**
     * Answers card `id` with `grade` at `now`. With `expected` (the answer count a button carries),
     * a card answered since then is `stale` and nothing changes — a double tap never applies twice.
     * With `chat`, the answer joins that chat's session and the session's current card is cleared.
     */
    async rate(id: number, grade: Grade, now: Date, o: { expected?: number; chat?: number; message?: number } = {}): Promise<RateResult> {
      const deck = await opts.deck.list();
      const card = deck.find((c) => c.id === id);
      if (!card) return { kind: 'unknown' };
      return opts.store.update((state): RateResult => {
        if (o.expected !== undefined && answersOf(state, id).length !== o.expected) return { kind: 'stale' };
        const antes = stateOf(state, card);
        const despues = applyGrade(scheduler, antes, grade, now);
        const entry: ReviewEntry = { n: state.registro.reduce((m, e) => Math.max(m, e.n), 0) + 1, id_tarjeta: id, calificacion: grade, fecha: now.toISOString(), antes, despues };
        state.registro.push(entry);
        state.tarjetas[id] = { ...state.tarjetas[id], fsrs: despues };
        const session = o.chat !== undefined ? state.sesiones[o.chat] : undefined;
        if (session) {
          session.respuestas.push(entry.n);
          if (o.message !== undefined) (session.mensajes ??= {})[entry.n] = o.message;
          if (session.actual === id) {
            delete session.actual;
            session.mostrada = false;
          }
        }
        return { kind: 'applied', entry, card };
      });
    },

    /**
     * Undoes the chat session's last answer: the card gets its state from before it back and the
     * entry is marked undone (kept in the log). Undefined if there is nothing to undo, or if the
     * card was answered again elsewhere since (undoing would then erase that later answer).
     */
    async undo(chat: number, now: Date): Promise<(ReviewEntry & { message?: number }) | undefined> {
      return opts.store.update((state) => {
        const session = state.sesiones[chat];
        const n = session?.respuestas.at(-1);
        const entry = state.registro.find((e) => e.n === n && !e.deshecha);
        if (!session || !entry) return undefined;
        if (answersOf(state, entry.id_tarjeta).at(-1)?.n !== entry.n) return undefined;
        entry.deshecha = now.toISOString();
        session.respuestas.pop();
        state.tarjetas[entry.id_tarjeta] = { ...state.tarjetas[entry.id_tarjeta], fsrs: entry.antes };
        session.actual = entry.id_tarjeta;
        session.mostrada = false;
        const message = session.mensajes?.[entry.n];
        if (session.mensajes) delete session.mensajes[entry.n];
        return { ...entry, ...(message !== undefined ? { message } : {}) };
      });
    },

    async suspend(id: number, suspended: boolean): Promise<void> {
      await opts.store.update((state) => {
        state.tarjetas[id] = { ...state.tarjetas[id], suspendida: suspended };
      });
    },

    /** Opens (or reopens) the chat's session; an open one is kept as it is. */
    async startSession(chat: number, now: Date): Promise<ReviewSession> {
      return opts.store.update((state) => (state.sesiones[chat] ??= { inicio: now.toISOString(), mostrada: false, respuestas: [] }));
    },

    async session(chat: number): Promise<ReviewSession | undefined> {
      return (await opts.store.read()).sesiones[chat];
    },

    /** Records the card on screen (and whether its answer is shown), so a restart shows it again. */
    async show(chat: number, id: number, revealed: boolean, message?: number): Promise<void> {
      await opts.store.update((state) => {
        const s = state.sesiones[chat];
        if (s) Object.assign(s, { actual: id, mostrada: revealed }, message !== undefined ? { mensaje: message } : {});
      });
    },

    /** Closes the chat's session; returns its answers (for the summary). */
    async endSession(chat: number): Promise<ReviewEntry[]> {
      return opts.store.update((state) => {
        const s = state.sesiones[chat];
        delete state.sesiones[chat];
        return s ? state.registro.filter((e) => s.respuestas.includes(e.n) && !e.deshecha) : [];
      });
    },

    /** The session's answers so far. */
    async sessionAnswers(chat: number): Promise<ReviewEntry[]> {
      const state = await opts.store.read();
      const s = state.sesiones[chat];
      return s ? state.registro.filter((e) => s.respuestas.includes(e.n) && !e.deshecha) : [];
    },

    /** When each learning card not suspended comes back, of those due after `now` and within SOON_MS. */
    async soon(now: Date): Promise<Date[]> {
      const [state, deck] = await Promise.all([opts.store.read(), opts.deck.list()]);
      const t = now.getTime();
      return deck.filter((c) => !state.tarjetas[c.id]?.suspendida).map((c) => stateOf(state, c))
        .filter((f) => (f.state === 1 || f.state === 3) && Date.parse(f.due) > t && Date.parse(f.due) <= t + SOON_MS)
        .map((f) => new Date(f.due));
    },

    /** The earliest due time after `now` of a card not suspended (undefined: none). */
    async nextDue(now: Date): Promise<Date | undefined> {
      const [state, deck] = await Promise.all([opts.store.read(), opts.deck.list()]);
      const times = deck.filter((c) => !state.tarjetas[c.id]?.suspendida).map((c) => Date.parse(stateOf(state, c).due)).filter((t) => t > now.getTime());
      return times.length ? new Date(Math.min(...times)) : undefined;
    },

    /** The review log (undone entries excluded) and every card's state: what the Anki export needs. */
    async history(): Promise<{ cards: DueCard[]; log: ReviewEntry[] }> {
      const [state, deck] = await Promise.all([opts.store.read(), opts.deck.list()]);
      const suspended = (id: number) => state.tarjetas[id]?.suspendida === true;
      return {
        cards: deck.map((card) => ({ card, fsrs: stateOf(state, card), count: answersOf(state, card.id).length, ...(suspended(card.id) ? { suspended: true } : {}) })),
        log: state.registro.filter((e) => !e.deshecha && deck.some((c) => c.id === e.id_tarjeta)),
      };
    },
    /** The owner's reminder settings as stored (see ReminderSettings). */
    reminder: async (): Promise<ReminderSettings> => (await opts.store.read()).recordatorio,
    async setReminder(patch: ReminderSettings): Promise<void> {
      await opts.store.update((state) => {
        Object.assign(state.recordatorio, patch);
      });
    },
    /** Marks `day` as reminded; false if it already was (by this or another process): at most one a day. */
    claimReminderDay: (day: string) =>
      opts.store.update((state) => {
        if (state.recordatorio.ultimo_dia === day) return false;
        state.recordatorio.ultimo_dia = day;
        return true;
      }),
  };
}
