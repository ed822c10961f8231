/**
 * `buscar_notas` (docs/design.md §3, effect level 1, read): TF-IDF over the notebook's notes, answered by the
 * notes' index on disk (store/notesIndex.ts: the same scores and order as the full scan of
 * tfidf.ts, without visiting every note). Returns the k most similar notes as JSON
 * `[{id, tema, similitud, texto}]`, similarity rounded to 3 decimals. When no word of the query is
 * in the notes, the notes found with accents folded and Spanish stems come back marked
 * `aproximada: true`.
 */
import { runSingleStage, type ToolDefinition } from './contract.js';
import { singleStage } from './stages/catalogue.js';
import type { NotesIndex } from '../store/notesIndex.js';
import { BUSCAR_NOTAS } from '../strings/tool-descriptions.js';
import { searchReport, type BuscarNotasArgs, type SearchHit } from './reports/buscar_notas.js';

export type { BuscarNotasArgs, SearchHit } from './reports/buscar_notas.js';

export const K_VALUES = [1, 2, 3, 4, 5] as const;

/** Similarity as returned to the model: 3 decimals (docs/design.md §3 reference 0.426). */
export function roundSimilarity(x: number): number {
  return Math.round(x * 1000) / 1000;
}

export function createBuscarNotas(index: Pick<NotesIndex, 'search'>): ToolDefinition<BuscarNotasArgs, SearchHit[]> {
  return {
    name: 'buscar_notas',
    description: BUSCAR_NOTAS.tool,
    input_schema: {
      type: 'object',
      properties: {
        consulta: { type: 'string', description: BUSCAR_NOTAS.consulta },
        k: { type: 'integer', enum: [...K_VALUES], description: BUSCAR_NOTAS.k },
      },
      required: ['consulta', 'k'],
      additionalProperties: false,
    },
    strict: true,
    effect: 1,
    defaultPermission: 'auto',
    stages: () => [singleStage('buscar_notas')],
    report: searchReport,
    async execute(args, ctx) {
      return runSingleStage(ctx, singleStage('buscar_notas'), args, `notas.busqueda:${ctx.callId ?? ''}`, async () => {
        const { found, approximate } = await index.search(args.consulta, args.k);
        const hits = found.map(({ note: n, score }) => ({
          id: n.id,
          tema: n.tema,
          similitud: roundSimilarity(score),
          texto: n.texto,
          ...(approximate ? { aproximada: true as const } : {}),
        }));
        return { data: hits };
      });
    },
  };
}
