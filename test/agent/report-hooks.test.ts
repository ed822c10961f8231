/**
 * The core names no tool (issue 47, item 3): each tool's line in the closing report, and what its
 * calls add to the run's outcome, are the tool's own (`ToolDefinition.report`). A tool the core has
 * never heard of shows its line in its place and its cards in the outcome; and the core's files
 * (src/agent/, the planner aside: it proposes the calls) hold no tool's name.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, callRecord } from '../../src/agent/report.js';
import { summarize } from '../../src/agent/outcome.js';
import type { Checkpoint } from '../../src/agent/run-state.js';
import { DEFAULT_ORCHESTRATOR_MODEL, PRICES_USD_PER_MTOK } from '../../src/config.js';
import { DEMO_COURSE } from '../../src/domain/course/demo.js';
import type { ToolDefinition, ToolReport } from '../../src/tools/contract.js';
import { SHIPPED_REPORTS } from '../../src/tools/reports/index.js';

interface CountArgs { id_nota: number }
interface CountData { palabras: number; tarjeta?: number }

/** A tool of no shipped kind: counts a note's words, and makes one card when asked. */
const countReport: ToolReport<CountArgs, CountData> = {
  order: 4.5,
  line: (calls) => (calls.length === 0 ? undefined : `Palabras: ${calls.map((c) => (c.result.kind === 'ok' ? c.result.data.palabras : '—')).join(', ')}.`),
  subject: (input) => input.id_nota,
  facts: (call) => ({ cards: call.result.kind === 'ok' && call.result.data.tarjeta !== undefined ? [call.result.data.tarjeta] : [] }),
};

describe('each tool owns its part of the report', () => {
  it('a tool the core has never heard of shows its line in its order, after the narration and before the usage', () => {
    const reports = new Map([...SHIPPED_REPORTS, ['contar_palabras', countReport as ToolReport<never, never>]]);
    const calls = [
      callRecord('contar_palabras', { id_nota: 2 }, { kind: 'ok', data: { palabras: 120 } }),
      callRecord('contar_palabras', { id_nota: 3 }, { kind: 'ok', data: { palabras: 80 } }),
    ];
    const lines = buildReport(calls, DEMO_COURSE, { reports, billed: true }).split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[4]).toBe('Palabras: 120, 80.');
    // Without its part, the same calls have no line.
    expect(buildReport(calls, DEMO_COURSE, { billed: true }).split('\n')).toHaveLength(5);
  });

  it('what its calls add to the outcome (cards, what is missing) comes from its own part', () => {
    const tool = { name: 'contar_palabras', stages: () => [], report: countReport } as unknown as ToolDefinition;
    const cp = {
      task: {},
      turns: 1,
      messages: [
        { role: 'assistant', content: [
          { type: 'tool_use', id: 'a', name: 'contar_palabras', input: { id_nota: 2 } },
          { type: 'tool_use', id: 'b', name: 'contar_palabras', input: { id_nota: 3 } },
          { type: 'tool_use', id: 'c', name: 'contar_palabras', input: { id_nota: 3 } },
        ] },
      ],
    } as unknown as Checkpoint;
    const ledger = new Map([
      ['a', { kind: 'ok' as const, data: { palabras: 120, tarjeta: 41 } }],
      ['b', { kind: 'error' as const, code: 'INTERNAL' as const, message: 'se rompió' }],
      ['c', { kind: 'ok' as const, data: { palabras: 80, tarjeta: 42 } }],
    ]);
    const deps = { store: { entry: () => undefined }, model: { usageIsEstimate: true, pricedAs: DEFAULT_ORCHESTRATOR_MODEL }, prices: PRICES_USD_PER_MTOK, toolbox: { tools: new Map([['contar_palabras', tool]]) } };
    const out = summarize(cp, ledger, deps as never, { input: 0, output: 0 }, 'end_turn', undefined, DEMO_COURSE);
    expect(out.cards).toEqual([41, 42]);
    // Note 3 failed, then was done: nothing is missing. Its part says what a call is about.
    expect(out.notDone).toEqual([]);
    const withoutSubject = { ...tool, report: { ...countReport, subject: undefined } } as unknown as ToolDefinition;
    const ledger2 = new Map([...ledger].map(([k, v]) => [k, k === 'c' ? ledger.get('a')! : v]));
    const cp2 = { ...cp, messages: [{ role: 'assistant', content: [
      { type: 'tool_use', id: 'b', name: 'contar_palabras', input: { id_nota: 3 } },
      { type: 'tool_use', id: 'c', name: 'contar_palabras', input: { id_nota: 2 } },
    ] }] } as unknown as Checkpoint;
    expect(summarize(cp2, ledger2, { ...deps, toolbox: { tools: new Map([['contar_palabras', tool]]) } } as never, { input: 0, output: 0 }, 'end_turn', undefined, DEMO_COURSE).notDone).toHaveLength(1);
    expect(summarize(cp2, ledger2, { ...deps, toolbox: { tools: new Map([['contar_palabras', withoutSubject]]) } } as never, { input: 0, output: 0 }, 'end_turn', undefined, DEMO_COURSE).notDone).toEqual([]);
  });

  it('the core (src/agent/, the planner that proposes calls aside) names no tool', async () => {
    const dir = path.resolve('src/agent');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.ts'));
    const names = [...SHIPPED_REPORTS.keys()];
    const found: string[] = [];
    for (const f of files) {
      const text = await readFile(path.join(dir, f), 'utf8');
      for (const n of names) if (text.includes(n)) found.push(`${f}: ${n}`);
    }
    expect(files.length).toBeGreaterThan(10);
    expect(found).toEqual([]);
  });
});
