/**
 * Honest, single figures (issue 13, item 3): a report carries ONE cost line, computed from the usage
 * file's rows of that run with the same function as /gasto — so the report's figure is exactly what
 * /gasto grows by. Offline (the local planner) the line says it is an estimate and nothing was
 * billed; with a model that bills (a scripted one, priced like the real one) it says what it cost.
 * Real bot, real agent, embedded Bot API emulator; no mocks of our modules.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatClient } from '../support/telegram.js';
import { OWNER, startStack, type Stack } from './stack.js';
import { answerUntilReport, real } from './steps.js';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const num = (s: string) => Number(s.replace(/\./g, '').replace(',', '.'));

/** /gasto's figures: billed USD and the words the assistant read and wrote, and whether it says offline work was free. */
async function gasto(c: ChatClient, seen: Set<number>): Promise<{ usd: number; tokens: number; offline: boolean }> {
  await c.say('/gasto');
  const m = await c.waitFor('the /gasto answer', (ms) => ms.find((x) => x.text.startsWith('📅 Gasto de este mes') && !seen.has(x.messageId)));
  seen.add(m.messageId);
  const billed = /^📅 Gasto de este mes \(todos tus trabajos\): ([\d,]+) USD de [^\n]*?(?:leyera y escribiera unas ([\d.]+) palabras\.|no has usado el asistente de pago\.)/.exec(m.text)!;
  const offline = /\nLo que preparé sin conexión este mes no te cuesta nada: sin conexión no uso el asistente de pago\.$/m.test(m.text);
  // No count of words nobody read or wrote, no «a ojo».
  expect(m.text).not.toMatch(/tokens|fragmentos|a ojo|leídas y escritas/);
  return { usd: num(billed[1]!), tokens: num(billed[2] ?? '0'), offline };
}

/** The closing message's one cost line, read back; fails if there is more than one figure of money or text, or the word «tokens». */
function reportCost(text: string): { usd: number; tokens: number; estimated: boolean } {
  expect(text.match(/USD/g), text).toHaveLength(1);
  expect(text).not.toMatch(/Uso registrado|~\d|de entrada|de salida|tokens|fragmentos/);
  expect((text.match(/palabras/g) ?? []).length).toBeLessThanOrEqual(1);
  const line = text.split('\n').find((l) => l.startsWith('💵'))!;
  const usd = /^💵 Coste de este trabajo: ([\d,]+) USD/.exec(line)!;
  const tokens = /unas ([\d.]+) palabras/.exec(line);
  return { usd: num(usd[1]!), tokens: tokens ? num(tokens[1]!) : 0, estimated: /\(estimación: sin conexión no se cobra nada\)/.test(line) };
}

describe('one cost figure per report, the same as /gasto', () => {
  it('offline: the closing message says it is an estimate that billed nothing; /gasto says offline work is free, without a count', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    const seen = new Set<number>();
    await owner.say('prepara la semana 3');
    const first = await answerUntilReport(owner, () => 'Aprobar');
    const before = await gasto(owner, seen);
    expect(reportCost(first.report.text)).toEqual({ usd: 0, tokens: 0, estimated: true });
    expect(before.offline).toBe(true);

    await owner.say('prepara la semana 2');
    const second = await answerUntilReport(owner, () => 'Aprobar', first.approvals.map((a) => a.messageId).concat(first.report.messageId));
    const cost = reportCost(second.report.text);
    const after = await gasto(owner, seen);
    expect(cost.estimated).toBe(true);
    expect(cost.usd).toBe(0);
    expect(after.offline).toBe(true);
    expect(after.usd - before.usd).toBe(0);
    expect(after.tokens).toBe(0);
  });

  it('a model that bills: the report\'s USD and tokens are exactly what /gasto counts', async () => {
    const script = path.resolve('test/fixtures/scripts/semana3-informe-nuevo.json');
    stack = await startStack(real, { CUADERNO_MODELO: `script:${script}` });
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    const seen = new Set<number>();
    const before = await gasto(owner, seen);
    await owner.say('prepara la semana 3');
    const { report } = await answerUntilReport(owner, () => 'Aprobar');
    const cost = reportCost(report.text);
    const after = await gasto(owner, seen);
    expect(cost.estimated).toBe(false);
    expect(cost.usd).toBeGreaterThan(0);
    expect(after.usd - before.usd).toBeCloseTo(cost.usd, 10);
    expect(after.tokens - before.tokens).toBe(cost.tokens);
    expect(after.offline).toBe(false);
  });
});
