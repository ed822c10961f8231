/**
 * `proponer_tarjetas` (issue 27 §3; offered only when a model is configured): the model writes up to
 * 3 review cards of a note — a question with its answer, or a sentence of the note with a gap — and
 * the tool checks them with the rules the generated cards keep (cards/build.ts checkProposedCards:
 * the answer is a key term of the note, one cloze per sentence, no card of the week gives another's
 * answer away, the deck and the cards still waiting included). Valid cards wait on disk for the
 * student (cards/proposals.ts); nothing reaches the deck until they keep, rewrite or drop each one.
 * Any broken rule refuses the whole call with every problem, so the model can send them again.
 */
import { CuadernoError } from '../errors.js';
import { proposalsReport } from './reports/crear_tarjetas.js';
import { runSingleStage, type ToolDefinition } from './contract.js';
import { singleStage } from './stages/catalogue.js';
import { CARDS_PER_NOTE, MAX_ANSWER_WORDS, type CardProblem, type ProposedCardInput } from '../domain/cards/build.js';
import type { CardProposals } from '../domain/cards/proposals.js';
import { callKeyPart } from './registry.js';
import { NOTE_ID_SCHEMA, noteReference } from './crear_tarjetas.js';
import type { NotesReader } from '../domain/notebook.js';
import { TOOL_ANSWERS } from '../strings/model.js';
import { problemForModel } from '../strings/cards.js';
import { PROPONER_TARJETAS } from '../strings/tool-descriptions.js';

export interface ProponerTarjetasArgs {
  id_nota: number;
  tarjetas: ProposedCardInput[];
}

const STAGE = singleStage('crear_tarjetas');

export interface ProponerTarjetasDeps {
  notes: NotesReader;
  proposals: CardProposals;
  /** Whether a note with this id exists now (the notes' index): the dispatcher checks `id_nota` with it. */
  noteExists: (id: number) => Promise<boolean>;
}

export function rejectionMessage(problems: ReadonlyArray<{ i: number; problem: CardProblem }>): string {
  return TOOL_ANSWERS.proposalRejected(problems.map(({ i, problem }) => TOOL_ANSWERS.cardNumber(i + 1, problemForModel(problem, CARDS_PER_NOTE, MAX_ANSWER_WORDS))));
}

export function createProponerTarjetas(deps: ProponerTarjetasDeps): ToolDefinition<ProponerTarjetasArgs> {
  return {
    name: 'proponer_tarjetas',
    description: PROPONER_TARJETAS.tool(CARDS_PER_NOTE, MAX_ANSWER_WORDS),
    input_schema: {
      type: 'object',
      properties: {
        id_nota: NOTE_ID_SCHEMA,
        tarjetas: {
          type: 'array',
          description: PROPONER_TARJETAS.tarjetas(CARDS_PER_NOTE),
          items: {
            type: 'object',
            properties: {
              tipo: { type: 'string', enum: ['pregunta', 'cloze'], description: PROPONER_TARJETAS.tipo },
              pregunta: { type: 'string', description: PROPONER_TARJETAS.pregunta },
              respuesta: { type: 'string', description: PROPONER_TARJETAS.respuesta },
            },
            required: ['tipo', 'pregunta', 'respuesta'],
            additionalProperties: false,
          },
        },
      },
      required: ['id_nota', 'tarjetas'],
      additionalProperties: false,
    },
    strict: true,
    references: { id_nota: noteReference(deps.noteExists) },
    effect: 2,
    defaultPermission: 'auto',
    stages: () => [STAGE],
    report: proposalsReport,
    async dryRun(args) {
      const note = (await deps.notes.list()).find((n) => n.id === args.id_nota);
      if (!note) throw new CuadernoError('NOT_FOUND', TOOL_ANSWERS.noNote(args.id_nota), { field: 'id_nota' });
      return {
        summary: TOOL_ANSWERS.proposeDry(args.tarjetas.length, note.id, note.tema),
        writes: [deps.proposals.file],
        engine: 'local',
        lane: 'cpu',
        estimateS: STAGE.estimateMs / 1000,
        cached: false,
      };
    },
    async execute(args, ctx) {
      const callId = ctx.callId ?? ctx.key ?? `sin-llamada-${args.id_nota}-${ctx.now().getTime()}`;
      return runSingleStage(ctx, STAGE, args, `tarjetas.proponer:${callKeyPart(callId)}`, async () => {
        if (args.tarjetas.length === 0 || args.tarjetas.length > CARDS_PER_NOTE) {
          throw new CuadernoError('VALIDATION', TOOL_ANSWERS.proposeCount(CARDS_PER_NOTE, args.tarjetas.length), { field: 'tarjetas' });
        }
        const { cards } = await deps.proposals.propose(callId, args.id_nota, args.tarjetas, rejectionMessage);
        return { data: { id_nota: args.id_nota, propuestas: cards.map((c) => ({ pregunta: c.pregunta, respuesta: c.respuesta })), pendiente_de_revision: true } };
      });
    },
  };
}
