/**
 * The shipped tools' parts in the closing report, by tool name: the same objects their definitions
 * carry as `report`, for a report built without a toolbox at hand (the offline planner's final text,
 * tests). A toolbox's own definitions are the truth where there is one (agent/outcome.ts).
 */
import type { ToolReport } from '../contract.js';
import { searchReport } from './buscar_notas.js';
import { cardsReport, proposalsReport } from './crear_tarjetas.js';
import { coverReport, narrationReport } from './media.js';
import { usageReport } from './registrar_uso.js';

export const SHIPPED_REPORTS: ReadonlyMap<string, ToolReport<never, never>> = new Map<string, ToolReport<never, never>>([
  ['buscar_notas', searchReport as ToolReport<never, never>],
  ['crear_tarjetas', cardsReport as ToolReport<never, never>],
  ['proponer_tarjetas', proposalsReport as ToolReport<never, never>],
  ['generar_portada', coverReport as ToolReport<never, never>],
  ['narrar_resumen', narrationReport as ToolReport<never, never>],
  ['registrar_uso', usageReport as ToolReport<never, never>],
]);
