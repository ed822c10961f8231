/**
 * `registrar_uso` (docs/design.md §3, effect level 2, local write): appends a row to `registro_uso.csv`
 * with the cost from the configured price table. It records what ran and what it cost, never
 * note contents. The model's figures are approximate; the program also records every response's
 * real `usage` through the same UsageLog.
 */
import path from 'node:path';
import { costUsd, MAX_OUTPUT_TOKENS } from '../config.js';
import type { Config, ModelName } from '../config.js';
import type { UsageLog } from '../store/index.js';
import { formatUsd } from '../store/index.js';
import { usageReport } from './reports/registrar_uso.js';
import { runSingleStage, type ToolDefinition } from './contract.js';
import { singleStage } from './stages/catalogue.js';
import { callKeyPart } from './registry.js';
import { TOOL_ANSWERS } from '../strings/model.js';
import { REGISTRAR_USO } from '../strings/tool-descriptions.js';

export interface RegistrarUsoArgs {
  tarea: string;
  modelo: ModelName;
  tokens_entrada: number;
  tokens_salida: number;
}

const STAGE = singleStage('registrar_uso');

/**
 * @param deps.maxInputTokens the run's token budget (`PRESUPUESTO_TOKENS`): a note claiming more is
 *   refused by the dispatcher's validation (the bound is not in the schema the model sees).
 */
export function createRegistrarUso(deps: { usage: UsageLog; file: string; prices: Config['prices']; maxInputTokens: number }): ToolDefinition<RegistrarUsoArgs> {
  const models = Object.keys(deps.prices) as ModelName[];
  return {
    name: 'registrar_uso',
    description: REGISTRAR_USO.tool(path.basename(deps.file)),
    input_schema: {
      type: 'object',
      properties: {
        tarea: { type: 'string', description: REGISTRAR_USO.tarea },
        modelo: { type: 'string', enum: models, description: REGISTRAR_USO.modelo },
        tokens_entrada: { type: 'integer', description: REGISTRAR_USO.tokensEntrada },
        tokens_salida: { type: 'integer', description: REGISTRAR_USO.tokensSalida },
      },
      required: ['tarea', 'modelo', 'tokens_entrada', 'tokens_salida'],
      additionalProperties: false,
    },
    strict: true,
    internalLimits: { tokens_entrada: { maximum: deps.maxInputTokens }, tokens_salida: { maximum: MAX_OUTPUT_TOKENS } },
    effect: 2,
    defaultPermission: 'auto',
    stages: () => [STAGE],
    report: usageReport,
    // A resumed run must not log the same call twice; without a call id, every call is new.
    idempotencyKey: (_args, ctx) => (ctx.callId ? `uso-${callKeyPart(ctx.callId)}` : ''),
    keyPerCall: true,
    async dryRun(args) {
      const coste = formatUsd(costUsd(args.modelo, args.tokens_entrada, args.tokens_salida, deps.prices));
      return {
        summary: TOOL_ANSWERS.usageDry(path.basename(deps.file), args.tarea, args.modelo, args.tokens_entrada, args.tokens_salida, coste),
        writes: [deps.file],
        engine: 'local',
        lane: 'cpu',
        estimateS: STAGE.estimateMs / 1000,
        cached: false,
      };
    },
    async execute(args, ctx) {
      // The row carries the call's key: a resumed run finds it in the log instead of adding another.
      const clave = ctx.callId ? `uso-${callKeyPart(ctx.callId)}` : undefined;
      const row = await runSingleStage(ctx, STAGE, args, `uso.registro:${clave ?? ''}`, () => deps.usage.append({ ...args, fecha: ctx.now(), origen: 'nota_del_modelo', ...(clave ? { clave } : {}) }));
      return { data: row };
    },
  };
}
