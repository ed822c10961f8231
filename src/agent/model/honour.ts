/**
 * What the offline planner makes of the reasons the owner gave for an earlier no to the same thing
 * (store/reasons.ts), pure: «mejor con mi voz» → the narration in their own voice; «con la tarjeta
 * gráfica» → the cover made on the graphics card; «mejor el dibujo» → the drawing. It changes how a
 * thing is made, never whether: asked again, the owner asked for it («hoy no quiero audio» was about
 * that day). A reason it cannot read changes nothing (the approval still shows it, and a real model
 * reads it in its prompt). The owner's words are read folded, a «no» before a voice turning it around.
 */
import { reasonMatches, type RefusalReason } from '../../store/index.js';
import { fold } from '../../lib/fold.js';

/** One call the planner is about to propose. */
export interface PlannedCall {
  name: string;
  input: Record<string, unknown>;
}


const OWN_VOICE = /\b(mi (propia )?voz|con mi voz|mi voz de verdad)\b/;
const NOT_OWN_VOICE = /\b(no|sin) (con |en |use |uses |usar )?(mi|tu) (propia )?voz\b|\bvoz (sintetica|artificial|de robot|normal)\b|\botra voz\b/;
const GPU_IMAGE = /\b(tarjeta grafica|de verdad|mejor calidad|mas calidad|alta calidad|realista|mas bonita|flux|gpu)\b/;
const DRAWING = /\b(dibujo|sin tarjeta grafica|mas rapid[oa]|la sencilla|maqueta)\b/;
/** The calls with the owner's earlier reasons honoured where the planner can: the voice or the image they asked for. */
export function honourReasons(calls: readonly PlannedCall[], reasons: readonly RefusalReason[]): PlannedCall[] {
  const out: PlannedCall[] = [];
  for (const call of calls) {
    const reason = reasons.filter((r) => reasonMatches(r, call.name, call.input)).at(-1);
    if (!reason) {
      out.push(call);
      continue;
    }
    const t = fold(reason.motivo);
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
