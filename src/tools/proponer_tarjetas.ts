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
import { runSingleStage, type ToolDefinition } from './contract.js';
import { singleStage } from './stages/catalogue.js';
import { CARDS_PER_NOTE, MAX_ANSWER_WORDS, type CardProblem, type ProposedCardInput } from '../domain/cards/build.js';
import type { CardProposals } from '../domain/cards/proposals.js';
import { callKeyPart } from './registry.js';
import { NOTE_ID_SCHEMA, noteReference } from './crear_tarjetas.js';
import type { NotesReader } from '../domain/notebook.js';

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

/** What the model reads about one broken rule. */
function problemForModel(p: CardProblem): string {
  switch (p.kind) {
    case 'vacia': return 'la pregunta o la respuesta está vacía';
    case 'delata_propia': return 'la pregunta contiene su propia respuesta';
    case 'delata_otra': return `la pregunta contiene «${p.respuesta}», la respuesta de otra tarjeta de la semana`;
    case 'la_delatan': return `la respuesta aparece en la pregunta de otra tarjeta de la semana («${p.pregunta}»)`;
    case 'repetida': return `otra tarjeta de la semana ya tiene la respuesta «${p.respuesta}»`;
    case 'no_en_la_nota': return 'la respuesta no está escrita en la nota (cópiala tal como la escribe la nota)';
    case 'no_es_termino': return `la respuesta no es un término clave de la nota (un concepto o nombre, de hasta ${MAX_ANSWER_WORDS} palabras)`;
    case 'hueco': return 'un cloze lleva exactamente un hueco _____ en la frase';
    case 'frase_ajena': return 'el cloze no es una frase de la nota con la respuesta en el hueco';
    case 'misma_frase': return 'ya hay otro cloze de la misma frase (uno por frase)';
    case 'frase_mal_leida': return 'la frase del cloze está cortada o mal leída en la nota; elige otra frase';
    case 'demasiadas': return `como mucho ${CARDS_PER_NOTE} tarjetas por nota contando las que ya tiene; caben ${p.maximo}`;
  }
}

export function rejectionMessage(problems: ReadonlyArray<{ i: number; problem: CardProblem }>): string {
  return `Ninguna tarjeta quedó propuesta; corrige y vuelve a llamar: ${problems.map(({ i, problem }) => `tarjeta ${i + 1}: ${problemForModel(problem)}`).join('; ')}.`;
}

export function createProponerTarjetas(deps: ProponerTarjetasDeps): ToolDefinition<ProponerTarjetasArgs> {
  return {
    name: 'proponer_tarjetas',
    description:
      `Propone hasta ${CARDS_PER_NOTE} tarjetas de repaso de una nota, escritas por ti, para que el estudiante las revise (las guarda, las reescribe o las descarta) antes de que entren en su mazo. ` +
      'Cada tarjeta: tipo "pregunta" (una pregunta con su respuesta) o "cloze" (una frase de la nota, tal cual, con _____ en lugar de la respuesta). ' +
      `La respuesta es un término clave escrito en la nota (hasta ${MAX_ANSWER_WORDS} palabras) o, en una pregunta, lo que la nota dice de una idea clave (su definición o su enunciado, copiado de la nota); un cloze esconde un término, nunca un verbo ni un número, en una frase bien leída; ninguna pregunta puede contener la respuesta de otra tarjeta de la misma semana ` +
      '(las del mazo y las que esperan revisión incluidas), no se repiten respuestas en una semana y hay como mucho un cloze por frase. ' +
      'Si alguna tarjeta incumple una regla no se propone ninguna y el resultado dice qué corregir. ' +
      'Devuelve JSON {id_nota, propuestas: [{pregunta, respuesta}]}. Úsala en lugar de crear_tarjetas, una llamada por nota de la semana (varias en el mismo turno). ' +
      'Escribe un archivo local, reversible; no pide confirmación: el estudiante decide después.',
    input_schema: {
      type: 'object',
      properties: {
        id_nota: NOTE_ID_SCHEMA,
        tarjetas: {
          type: 'array',
          description: `Las tarjetas de la nota (de 1 a ${CARDS_PER_NOTE}).`,
          items: {
            type: 'object',
            properties: {
              tipo: { type: 'string', enum: ['pregunta', 'cloze'], description: '"pregunta": pregunta y respuesta; "cloze": frase de la nota con _____.' },
              pregunta: { type: 'string', description: 'La pregunta, o la frase de la nota con _____ en lugar de la respuesta.' },
              respuesta: { type: 'string', description: 'El término clave tal como lo escribe la nota, o la definición o el enunciado copiados de la nota.' },
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
    async dryRun(args) {
      const note = (await deps.notes.list()).find((n) => n.id === args.id_nota);
      if (!note) throw new CuadernoError('NOT_FOUND', `no existe la nota ${args.id_nota}; usa buscar_notas para ver qué notas hay.`, { field: 'id_nota' });
      return {
        summary: `Propondría ${args.tarjetas.length} tarjetas de la nota ${note.id} (${note.tema}) para que el estudiante las revise.`,
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
          throw new CuadernoError('VALIDATION', `proponer_tarjetas: "tarjetas" lleva de 1 a ${CARDS_PER_NOTE} tarjetas; llegaron ${args.tarjetas.length}.`, { field: 'tarjetas' });
        }
        const { cards } = await deps.proposals.propose(callId, args.id_nota, args.tarjetas, rejectionMessage);
        return { data: { id_nota: args.id_nota, propuestas: cards.map((c) => ({ pregunta: c.pregunta, respuesta: c.respuesta })), pendiente_de_revision: true } };
      });
    },
  };
}
