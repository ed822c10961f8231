/**
 * What the owner asked for, read from the owner's own words (pure). Used by the offline planner to
 * propose calls, and by the loop to decide a deliberate redo — the program decides from the owner's
 * sentence, never from the model or from a note.
 */
import { own } from '../lib/own.js';
import { WEEK_TOPICS, type Week } from '../tools/domain.js';

export interface PlanIntent {
  kind: 'plan';
  week?: Week;
  /** What to search for the cards' note; defaults to the week's topic. */
  query?: string;
  actions: { tarjetas: boolean; portada: boolean; narracion: boolean };
  /** true = procedural cover on the CPU (default: works on a fresh machine). */
  maqueta: boolean;
  motor: 'juguete' | 'xtts';
}
export interface QuestionIntent {
  kind: 'pregunta';
  question: string;
}
export type Intent = PlanIntent | QuestionIntent;

/** Lower case without accents, so "narración" and "narracion" read the same. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

const NUMBER_WORDS: Record<string, number> = { uno: 1, una: 1, primera: 1, dos: 2, segunda: 2, tres: 3, tercera: 3, cuatro: 4, cuarta: 4, cinco: 5, seis: 6 };

/** SPEC §6: a deliberate redo ("rehaga la portada", "otra vez", "de nuevo") asks for a new version. */
export function asksForRedo(text: string): boolean {
  return /\b(rehag\w*|rehacer|vuelv\w* a (generar|hacer|narrar|crear)|otra vez|de nuevo|nueva version)\b/.test(fold(text));
}

function weekOf(t: string): number | undefined {
  const m = /semana\s*(?:numero\s*|n\.?\s*)?(\d+|[a-z]+)/.exec(t);
  if (m?.[1]) {
    const n = /^\d+$/.test(m[1]) ? Number(m[1]) : own(NUMBER_WORDS, m[1]);
    if (n !== undefined) return n;
  }
  const ordinal = /(primera|segunda|tercera|cuarta)\s+semana/.exec(t);
  return ordinal?.[1] ? own(NUMBER_WORDS, ordinal[1]) : undefined;
}

function subjectOf(t: string): string | undefined {
  const m = /(?:se parezca a|parecida a|parecido a|se parezca al|sobre|acerca de|relacionad[ao]s? con|que hable de|de la nota del?)\s+(.+)$/.exec(t);
  if (!m?.[1]) return undefined;
  const s = m[1]
    .replace(/^(lo|la|el|los|las)\s+(de\s+)?(la|el|los|las\s+)?/, '')
    .replace(/^(del?|al)\s+/, '')
    .replace(/[.?!,;]+$/, '')
    .trim();
  return s.length > 0 ? s : undefined;
}

const WEEK_LIST = 'Hay cuatro: 1 estadística, 2 python, 3 historia del arte, 4 música.';
const ASK_WEEK = `¿Qué semana quieres preparar? ${WEEK_LIST} Por ejemplo: «prepare la semana 3».`;

/** Reads the request. Unclear or out-of-range requests become a question back to the owner. */
export function interpret(text: string): Intent {
  const t = fold(text).replace(/\s+/g, ' ').trim();
  const week = weekOf(t);
  if (week !== undefined && !(week in WEEK_TOPICS)) {
    return { kind: 'pregunta', question: `No existe la semana ${week}. ${WEEK_LIST} ¿Cuál quieres? Por ejemplo: «prepare la semana 3».` };
  }
  const maqueta = !/\b(flux|gpu|de verdad|alta calidad|sin maqueta)\b/.test(t);
  const motor = /\b(xtts|mi voz|mi propia voz)\b/.test(t) && !/juguete/.test(t) ? 'xtts' : 'juguete';
  const wantsCards = /tarjeta/.test(t);
  const wantsCover = /portada/.test(t);
  const wantsNarration = /narr|podcast|audio|resumen hablado/.test(t);
  const wantsWeek = /prepar|organi[cz]|toda la semana|semana completa/.test(t);
  const base = { kind: 'plan' as const, week: week as Week | undefined, maqueta, motor: motor as PlanIntent['motor'] };

  if (wantsWeek && !(wantsCards && /\bsolo|unicamente|nada mas\b/.test(t))) {
    if (week === undefined) return { kind: 'pregunta', question: ASK_WEEK };
    return { ...base, actions: { tarjetas: true, portada: true, narracion: true } };
  }
  if (wantsCards || wantsCover || wantsNarration) {
    const query = wantsCards ? subjectOf(t) : undefined;
    if (wantsCards && query === undefined && week === undefined) {
      return { kind: 'pregunta', question: '¿De qué nota o tema quieres las tarjetas? Por ejemplo: «solo tarjetas de la nota sobre el cubismo» o «tarjetas de la semana 2».' };
    }
    if ((wantsCover || wantsNarration) && week === undefined) {
      return { kind: 'pregunta', question: `¿De qué semana quieres la ${wantsCover ? 'portada' : 'narración'}? ${WEEK_LIST} Por ejemplo: «${wantsCover ? 'rehaga la portada de la semana 2' : 'narre la semana 2'}».` };
    }
    return { ...base, query, actions: { tarjetas: wantsCards, portada: wantsCover, narracion: wantsNarration } };
  }
  if (week !== undefined) return { ...base, actions: { tarjetas: true, portada: true, narracion: true } };
  return { kind: 'pregunta', question: `No he entendido qué quieres hacer. ${ASK_WEEK} Escribe /ayuda para ver más ejemplos.` };
}
