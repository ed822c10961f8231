/**
 * `crear_tarjetas` (SPEC §3, effect level 2, local reversible write): makes 3 review cards from a
 * note's own content and appends them to the deck (`tarjetas.json`) with new sequential ids.
 * Each card asks about one of the note's key terms (cards/): a cloze or a definition, the term as
 * the answer. Cards already in the deck are never rewritten; better card rules apply to new ones.
 */
import path from 'node:path';
import { CuadernoError } from '../errors.js';
import type { CardDeck } from '../store/index.js';
import { runSingleStage, type ToolDefinition } from './contract.js';
import { singleStage } from './stages/catalogue.js';
import type { Note, NotesReader } from './domain.js';
import { CARDS_PER_NOTE, buildCards } from './cards/build.js';
import { callKeyPart } from './registry.js';

/** Idempotency key of one crear_tarjetas call: by note and tool_use id; '' (none) outside the agent. */
function cardsKey(noteId: number, callId: string | undefined): string {
  return callId ? `tarjetas-nota${noteId}-${callKeyPart(callId)}` : '';
}

export interface CrearTarjetasArgs {
  id_nota: number;
}

/** SPEC §5 toy duration of T2 "Crear tarjetas" (planning estimate). */
const STAGE = singleStage('crear_tarjetas');

export interface CrearTarjetasDeps {
  notes: NotesReader;
  cards: CardDeck;
  /** Path of the deck file (shown in the dry run). */
  file: string;
  /** Ids of the notes that exist now: the schema's `id_nota` enum. */
  noteIds: readonly number[];
  /** The week a note belongs to in the owner's course (the cards' tag); default the note's own `semana`. */
  weekOf?: (note: Note) => number | null;
}

export function createCrearTarjetas(deps: CrearTarjetasDeps): ToolDefinition<CrearTarjetasArgs> {
  async function noteAndAll(id: number): Promise<{ note: Note; all: Note[] }> {
    const all = await deps.notes.list();
    const note = all.find((n) => n.id === id);
    if (!note) throw new CuadernoError('NOT_FOUND', `no existe la nota ${id}; use buscar_notas para ver qué notas hay.`, { field: 'id_nota' });
    return { note, all };
  }
  const ids = [...deps.noteIds].sort((a, b) => a - b);
  return {
    name: 'crear_tarjetas',
    description:
      `Crea ${CARDS_PER_NOTE} tarjetas de repaso (huecos para completar sobre los términos clave, con su respuesta) a partir del texto ` +
      `de una nota y las añade al mazo (${path.basename(deps.file)}) con ids nuevos. Devuelve JSON {id_nota, ids, tarjetas: [{id, pregunta, respuesta}]}. ` +
      'Úsela con cada nota de la semana que quiera repasar (una llamada por nota; pida varias en el mismo turno). ' +
      '"id_nota" debe ser el id de una nota existente (los da buscar_notas). Escribe un archivo local, reversible; no pide confirmación.',
    input_schema: {
      type: 'object',
      properties: {
        id_nota: ids.length > 0
          ? { type: 'integer', enum: ids, description: 'Id de una nota existente del cuaderno.' }
          : { type: 'integer', description: 'Id de una nota existente del cuaderno (ahora no hay ninguna).' },
      },
      required: ['id_nota'],
      additionalProperties: false,
    },
    strict: true,
    effect: 2,
    defaultPermission: 'auto',
    stages: () => [STAGE],
    // A resumed run (same tool_use id) must not append the same cards twice.
    idempotencyKey: (args, ctx) => cardsKey(args.id_nota, ctx.callId),
    async dryRun(args) {
      const { note, all } = await noteAndAll(args.id_nota);
      let problems: string[] | undefined;
      try {
        buildCards(note, all, deps.weekOf);
      } catch (e) {
        problems = [(e as Error).message];
      }
      return {
        summary: `Crearía ${CARDS_PER_NOTE} tarjetas de repaso de la nota ${note.id} (${note.tema}) y las añadiría a ${path.basename(deps.file)}.`,
        writes: [deps.file],
        engine: 'local',
        lane: 'cpu',
        estimateS: STAGE.estimateMs / 1000,
        cached: false,
        ...(problems ? { problems } : {}),
      };
    },
    async execute(args, ctx) {
      return runSingleStage(ctx, STAGE, args, `tarjetas.crear:${cardsKey(args.id_nota, ctx.callId)}`, async () => {
        const { note, all } = await noteAndAll(args.id_nota);
        // The key also travels inside the deck rows: the deck write and the idempotency record are
        // two files, and a kill between them must not duplicate the cards on resume.
        const { cards, added } = await deps.cards.append(buildCards(note, all, deps.weekOf), ctx.now(), cardsKey(args.id_nota, ctx.callId) || undefined);
        const addedIds = new Set(added.map((c) => c.id));
        return {
          data: {
            id_nota: note.id,
            ids: cards.map((c) => c.id),
            nuevas: cards.filter((c) => addedIds.has(c.id)).map((c) => c.id),
            ya_en_el_mazo: cards.filter((c) => !addedIds.has(c.id)).map((c) => c.id),
            tarjetas: cards.map((c) => ({ id: c.id, pregunta: c.pregunta, respuesta: c.respuesta })),
          },
        };
      });
    },
  };
}
