/**
 * `crear_tarjetas` (docs/design.md §3, effect level 2, local reversible write): makes up to 3 review cards from
 * a note's own content and appends them to the deck (`tarjetas.json`) with new sequential ids.
 * Each card asks about one of the note's key terms (cards/): a cloze or a definition, the term as
 * the answer. The cards are chosen against the deck inside its write (cards/build.ts cardsForNote),
 * so the week's notes carded in parallel never give each other's answers away. Cards already in the
 * deck are never rewritten; better card rules apply to new ones.
 */
import path from 'node:path';
import { CuadernoError } from '../errors.js';
import type { Card, CardDeck } from '../store/index.js';
import { runSingleStage, type StageSpec, type ToolDefinition } from './contract.js';
import { cardsReport, type CardsData, type CrearTarjetasArgs } from './reports/crear_tarjetas.js';
import { stageOfNote } from '../strings/tools.js';
import { TOOL_ANSWERS } from '../strings/model.js';
import { CREAR_TARJETAS, NOTE_ID } from '../strings/tool-descriptions.js';
import { singleStage } from './stages/catalogue.js';
import type { Note, NotesReader } from '../domain/notebook.js';
import { CARDS_PER_NOTE, cardsForNote, type FewerCardsReason } from '../domain/cards/build.js';
import { callKeyPart } from './registry.js';
import { loadWordCheck } from '../domain/study/reading.js';
import { recordCardSources } from '../domain/week-sources.js';

/** Idempotency key of one crear_tarjetas call: by note and tool_use id; '' (none) outside the agent. */
function cardsKey(noteId: number, callId: string | undefined): string {
  return callId ? `tarjetas-nota${noteId}-${callKeyPart(callId)}` : '';
}

export type { CrearTarjetasArgs } from './reports/crear_tarjetas.js';

/** docs/design.md §5 toy duration of T2 "Crear tarjetas" (planning estimate). */
const STAGE = singleStage('crear_tarjetas');
/** The stage of one call, labelled with its note: a week's several card calls read apart in the progress and the chart. */
const stageOf = (args: { id_nota?: unknown }): StageSpec =>
  Number.isSafeInteger(args?.id_nota) ? { ...STAGE, label: stageOfNote(STAGE.label, args.id_nota as number) } : STAGE;

export interface CrearTarjetasDeps {
  notes: NotesReader;
  cards: CardDeck;
  /** Path of the deck file (shown in the dry run). */
  file: string;
  /** Whether a note with this id exists now (the notes' index): the dispatcher checks `id_nota` with it. */
  noteExists: (id: number) => Promise<boolean>;
  /** The week a note belongs to in the owner's course (the cards' tag); default the note's own `semana`. */
  weekOf?: (note: Note) => number | null;
}

/**
 * The `id_nota` argument of a note tool: a plain integer. No enum: with thousands of notes it would
 * bloat the cached prompt and change it on every import; the dispatcher checks the id exists.
 */
export const NOTE_ID_SCHEMA = { type: 'integer', description: NOTE_ID } as const;

/** The dispatcher's check of `id_nota` (a tool's `references`): a refusal naming the missing note. */
export function noteReference(noteExists: (id: number) => Promise<boolean>): (id: unknown) => Promise<string | undefined> {
  return async (id) => ((await noteExists(id as number)) ? undefined : TOOL_ANSWERS.noteMissing(id as number));
}

export function createCrearTarjetas(deps: CrearTarjetasDeps): ToolDefinition<CrearTarjetasArgs, CardsData> {
  async function noteAndAll(id: number): Promise<{ note: Note; all: Note[] }> {
    const all = await deps.notes.list();
    const note = all.find((n) => n.id === id);
    if (!note) throw new CuadernoError('NOT_FOUND', TOOL_ANSWERS.noNote(id), { field: 'id_nota' });
    return { note, all };
  }
  return {
    name: 'crear_tarjetas',
    description: CREAR_TARJETAS.tool(CARDS_PER_NOTE, path.basename(deps.file)),
    input_schema: {
      type: 'object',
      properties: { id_nota: NOTE_ID_SCHEMA },
      required: ['id_nota'],
      additionalProperties: false,
    },
    strict: true,
    effect: 2,
    references: { id_nota: noteReference(deps.noteExists) },
    defaultPermission: 'auto',
    stages: (args) => [stageOf(args)],
    report: cardsReport,
    // A resumed run (same tool_use id) must not append the same cards twice.
    idempotencyKey: (args, ctx) => cardsKey(args.id_nota, ctx.callId),
    keyPerCall: true,
    async dryRun(args) {
      const { note, all } = await noteAndAll(args.id_nota);
      let problems: string[] | undefined;
      let count = 0;
      try {
        const deck = await deps.cards.list();
        const isWord = await loadWordCheck();
        const had = (q: string) => deck.some((c) => c.id_nota === note.id && c.pregunta === q);
        count = cardsForNote(note, all, deck, deps.weekOf, { isWord }).cards.filter((c) => !had(c.pregunta)).length;
      } catch (e) {
        problems = [(e as Error).message];
      }
      return {
        summary: TOOL_ANSWERS.cardsDry(count, note.id, note.tema, path.basename(deps.file)),
        writes: [deps.file],
        engine: 'local',
        lane: 'cpu',
        estimateS: STAGE.estimateMs / 1000,
        cached: false,
        ...(problems ? { problems } : {}),
      };
    },
    async execute(args, ctx) {
      return runSingleStage(ctx, stageOf(args), args, `tarjetas.crear:${cardsKey(args.id_nota, ctx.callId)}`, async () => {
        const { note, all } = await noteAndAll(args.id_nota);
        // The key also travels inside the deck rows: the deck write and the idempotency record are
        // two files, and a kill between them must not duplicate the cards on resume.
        let fewer: FewerCardsReason | undefined;
        const isWord = await loadWordCheck();
        const make = (deck: readonly Card[], deleted: readonly Card[]) => {
          const made = cardsForNote(note, all, deck, deps.weekOf, { isWord, deleted });
          fewer = made.fewer;
          return made.cards;
        };
        const { cards, added } = await deps.cards.append(make, ctx.now(), cardsKey(args.id_nota, ctx.callId) || undefined);
        // The note as it was read, also when it gave no card: a repeat tells what changed since.
        await recordCardSources(deps.file, [note]);
        const addedIds = new Set(added.map((c) => c.id));
        // A repeat of the same request returns its stored cards without building: count them then.
        if (fewer === undefined && cards.length < CARDS_PER_NOTE) fewer = cardsForNote(note, all, [], deps.weekOf, { isWord }).fewer ?? 'ya_en_la_semana';
        return {
          data: {
            id_nota: note.id,
            ids: cards.map((c) => c.id),
            nuevas: cards.filter((c) => addedIds.has(c.id)).map((c) => c.id),
            ya_en_el_mazo: cards.filter((c) => !addedIds.has(c.id)).map((c) => c.id),
            tarjetas: cards.map((c) => ({ id: c.id, pregunta: c.pregunta, respuesta: c.respuesta })),
            ...(fewer ? { menos_tarjetas: { maximo: CARDS_PER_NOTE, motivo: fewer } } : {}),
          },
        };
      });
    },
  };
}
