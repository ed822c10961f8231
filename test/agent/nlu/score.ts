/**
 * Scoring the understanding on the labelled corpus: a phrase counts only when the intent and every
 * slot are exact. The reading is cut down to the canonical label (labels.ts): defaults left out.
 * The older set's labels carry fewer slots, so for them only the label's own slots are compared.
 */
import { understand, type Understood } from '../../../src/agent/understand.js';
import { COURSES, NOW, type Label, type Phrase } from '../../fixtures/frases/labels.js';

/** The reading in the corpus's vocabulary: the intent and the slots that are not at their default. */
export function labelOf(u: Understood): Record<string, unknown> {
  switch (u.intent) {
    case 'preparar':
      return { intent: u.intent, semana: u.semana, ...(u.voz === 'mia' ? { voz: 'mia' } : {}), ...(u.sin?.length ? { sin: u.sin } : {}) };
    case 'rehacer':
      return { intent: u.intent, que: u.que, semana: u.semana, ...(u.redo ? { redo: true } : {}), ...(u.voz === 'mia' ? { voz: 'mia' } : {}) };
    case 'narrar':
      return { intent: u.intent, semana: u.semana, ...(u.voz === 'mia' ? { voz: 'mia' } : {}) };
    case 'ambiguo':
      return { intent: u.intent, ...(u.semanaInexistente !== undefined ? { semanaInexistente: u.semanaInexistente } : {}) };
    default: {
      const out: Record<string, unknown> = { ...u };
      for (const [k, v] of Object.entries(out)) if (v === false || v === undefined) delete out[k];
      return out;
    }
  }
}

/** A stable text of a label: its keys sorted. */
export const show = (x: Record<string, unknown>): string => JSON.stringify(Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))));

export interface Score {
  right: number;
  total: number;
  misses: string[];
}

/**
 * Reads each phrase against its course at the corpus's «today». `older`: the older set, read like
 * test/agent/phrases.test.ts does (no course handed in) and compared on its label's own slots.
 */
export function score(phrases: readonly Phrase[], older = false): Score {
  const misses: string[] = [];
  for (const [text, label, course] of phrases) {
    const u = older ? understand(text) : understand(text, COURSES[course ?? 'demo'], NOW);
    const raw = u as Record<string, unknown>;
    const got = older ? Object.fromEntries(Object.keys(label).map((k) => [k, u.intent === label.intent ? raw[k] : undefined]).concat([['intent', u.intent]])) : labelOf(u);
    if (show(got) !== show(label as Label)) misses.push(`  «${text}»${course ? ` (${course})` : ''}: esperado ${show(label)}, leído ${show(older ? labelOf(u) : got)}`);
  }
  return { right: phrases.length - misses.length, total: phrases.length, misses };
}

export const percent = (s: Score): string => `${s.right}/${s.total} (${((100 * s.right) / s.total).toFixed(1)} %)`;
