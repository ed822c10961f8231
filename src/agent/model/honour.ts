/**
 * What the offline planner makes of the reasons the owner gave for an earlier no to the same thing
 * (store/reasons.ts), pure: «mejor con mi voz» → the narration in their own voice; «con la tarjeta
 * gráfica» → the cover made on the graphics card; «no quiero audio» → a whole week without it. A
 * reason it cannot read changes nothing (the approval still shows it, and a real model reads it in
 * its prompt). The owner's words are read folded, with a «no» before a choice turning it around.
 */
import { reasonMatches, type RefusalReason } from '../../store/index.js';

/** One call the planner is about to propose. */
export interface PlannedCall {
  name: string;
  input: Record<string, unknown>;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const OWN_VOICE = /\b(mi (propia )?voz|con mi voz|mi voz de verdad)\b/;
const NOT_OWN_VOICE = /\b(no|sin) (con |en |use |uses |usar )?(mi|tu) (propia )?voz\b|\bvoz (sintetica|artificial|de robot|normal)\b|\botra voz\b/;
const GPU_IMAGE = /\b(tarjeta grafica|de verdad|mejor calidad|mas calidad|alta calidad|realista|mas bonita|flux|gpu)\b/;
const DRAWING = /\b(dibujo|sin tarjeta grafica|mas rapid[oa]|la sencilla|maqueta)\b/;
/** The owner does not want the thing at all. */
const UNWANTED = /\b(no (la |lo )?quiero|no (me )?hace falta|no (la |lo )?necesito|sin (portada|audio|narracion|podcast|tarjetas)|nada de (portada|audio|narracion))\b/;

/**
 * The calls with the owner's earlier reasons honoured where the planner can: the voice or the image
 * engine they asked for, or a part they said they do not want left out — only when the request was
 * for more than that part (`alone`: the owner asked for this very thing now, so it is proposed).
 */
export function honourReasons(calls: readonly PlannedCall[], reasons: readonly RefusalReason[], alone: boolean): PlannedCall[] {
  const out: PlannedCall[] = [];
  for (const call of calls) {
    const reason = reasons.filter((r) => reasonMatches(r, call.name, call.input)).at(-1);
    if (!reason) {
      out.push(call);
      continue;
    }
    const t = fold(reason.motivo);
    if (!alone && UNWANTED.test(t)) continue;
    const input = { ...call.input };
    if (call.name === 'narrar_resumen') {
      if (NOT_OWN_VOICE.test(t)) input.motor = 'juguete';
      else if (OWN_VOICE.test(t)) input.motor = 'xtts';
    }
    if (call.name === 'generar_portada') {
      if (DRAWING.test(t)) input.maqueta = true;
      else if (GPU_IMAGE.test(t)) input.maqueta = false;
    }
    out.push({ name: call.name, input });
  }
  return out;
}
