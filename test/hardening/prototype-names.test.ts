/**
 * Hole 6: tool names (and keys) taken from Object.prototype — `constructor`, `toString`,
 * `__proto__`, `hasOwnProperty`, `valueOf`… — must be refused as unknown tools by every interface,
 * never reach a plain-object lookup that finds an inherited function.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerUntilReport, real } from '../bot/steps.js';
import { OWNER, startStack } from '../bot/stack.js';
import { tempDir } from '../tools/helpers.js';
import { cli, finalTurn, PROTO_NAMES, script, toolTurn } from './support.js';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await tempDir('cv-proto-')));
afterAll(() => cleanup());

describe('every Object.prototype name is an unknown tool everywhere', () => {
  it('the CLI: `herramienta <name>` answers UNKNOWN_TOOL as one JSON line, and `cuaderno <name>` is a misuse', async () => {
    for (const name of PROTO_NAMES) {
      const r = await cli(['herramienta', name, '{}'], { CUADERNO_DATA_DIR: dir });
      expect(r.code, name).toBe(0);
      const line = JSON.parse(r.stdout.trim()) as { content: string; is_error: boolean };
      expect(line.is_error, name).toBe(true);
      expect(line.content, name).toMatch(/desconocida|no existe/i);
      const sub = await cli([name], { CUADERNO_DATA_DIR: dir });
      expect(sub.code, `cuaderno ${name}`).toBe(2);
      expect(sub.stderr, name).toMatch(/Subcomando desconocido/);
    }
  });

  it('the agent: a model calling them gets an error result per call and the run ends normally with its report', async () => {
    const turns = PROTO_NAMES.map((name, i) => toolTurn(`toolu_proto_${i}`, name, { [name]: 1 }));
    const env = { CUADERNO_DATA_DIR: dir, CUADERNO_MODELO: await script(dir, 'proto', [...turns, finalTurn()]), MAX_ITERACIONES: String(turns.length + 2) };
    const r = await cli(['preparar', 'prepare la semana 3'], env);
    expect(r.stderr).not.toMatch(/is not a function|TypeError/);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Parada:/);
    for (const name of PROTO_NAMES) expect(r.stdout, name).toContain(`${name}(`);
  });

  it('the bot: the same script in the chat ends with the report, not a lost run', async () => {
    const turns = PROTO_NAMES.slice(0, 5).map((name, i) => toolTurn(`toolu_bot_${i}`, name, {}));
    const model = await script(dir, 'proto-bot', [...turns, finalTurn('Listo.')]);
    const stack = await startStack(real, { CUADERNO_MODELO: model, MAX_ITERACIONES: '10' });
    try {
      const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
      await owner.say('prepare la semana 3');
      const { report } = await answerUntilReport(owner, () => 'Rechazar');
      expect(report.text).not.toMatch(/is not a function|Algo falló dentro del trabajo/);
      expect(stack.logs.join('\n')).not.toMatch(/is not a function/);
    } finally {
      await stack.close();
    }
  });
});
