/**
 * Issue 13, item 2: the offline planner's reading of everyday phrases, measured on the labelled set
 * (phrases.ts). A phrase counts only when the intent and every slot of its label are exact; the
 * accuracy and every confusion are printed, and the run fails below 95 %.
 */
import { DEMO_COURSE } from '../../src/domain/course/demo.js';
import { describe, expect, it } from 'vitest';
import { understand, type Understood } from '../../src/agent/understand.js';
import { PHRASES, type PhraseLabel } from './phrases.js';

/** The understood message cut down to the label's own slots, in the label's vocabulary. */
function asLabel(u: Understood, label: PhraseLabel): Record<string, unknown> {
  const out: Record<string, unknown> = { intent: u.intent };
  for (const key of Object.keys(label)) if (key !== 'intent' && u.intent === label.intent) out[key] = (u as Record<string, unknown>)[key];
  return out;
}

const show = (x: Record<string, unknown>) => {
  const { intent, ...slots } = x;
  const s = Object.entries(slots).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(', ');
  return s ? `${String(intent)}{${s}}` : String(intent);
};

describe('the everyday phrase set', () => {
  it('has at least 80 labelled phrases, each one once', () => {
    expect(PHRASES.length).toBeGreaterThanOrEqual(80);
    expect(new Set(PHRASES.map(([text]) => text)).size).toBe(PHRASES.length);
  });

  it('is understood with ≥ 95 % accuracy (intent and slots exact)', () => {
    const confusions: string[] = [];
    for (const [text, label] of PHRASES) {
      const got = asLabel(understand(text, DEMO_COURSE), label);
      if (JSON.stringify(got) !== JSON.stringify({ ...label })) confusions.push(`  «${text}»: esperado ${show({ ...label })}, leído ${show(got)}`);
    }
    const accuracy = (PHRASES.length - confusions.length) / PHRASES.length;
    console.log(`Frases entendidas: ${PHRASES.length - confusions.length}/${PHRASES.length} (${(accuracy * 100).toFixed(1)} %)` +
      (confusions.length > 0 ? `\nConfusiones:\n${confusions.join('\n')}` : '\nSin confusiones.'));
    expect(accuracy).toBeGreaterThanOrEqual(0.95);
  });
});
