/**
 * Issue 28, Build 1: with a model configured, a message the offline understanding is unsure of goes
 * to the model as one cheap classification call — one strict tool, forced, its week enum from the
 * owner's course — counted in the spend (one billed usage row); the bot then does what the model
 * read, or asks back with buttons when the model is unsure too. Offline, the same message is asked
 * back with buttons and no model is called. The model is a local server speaking the Messages API.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CLASSIFY_TASK, CLASSIFY_TOOL } from '../../src/agent/classify.js';
import { understand } from '../../src/agent/understand.js';
import { reply, startMessagesApiServer, type MessagesApiServer } from '../support/messages-api-server.js';
import type { ChatClient } from '../support/telegram.js';
import { OWNER, startStack, type Stack } from './stack.js';
import { real } from './steps.js';

const UNSURE = 'lo de siempre';
const UNSURE_TOO = 'lo mismo que la otra vez';

let stack: Stack | undefined;
let api: MessagesApiServer | undefined;
afterEach(async () => {
  await stack?.close();
  await api?.close();
  stack = undefined;
  api = undefined;
});

const classification = (input: Record<string, unknown>) =>
  reply.message([reply.toolUse('toolu_1', CLASSIFY_TOOL, { semana: null, parte: null, sin: [], voz: 'sintetica', consulta: null, ...input })], 'tool_use', { input_tokens: 400, output_tokens: 30 });

describe('a message the offline understanding is unsure of', () => {
  it('is one of the phrases it is unsure of (the premise of the tests below)', () => {
    for (const t of [UNSURE, UNSURE_TOO]) expect(understand(t)).toEqual({ intent: 'ambiguo', bajaConfianza: true });
  });

  it('with a model: one forced strict-tool call, billed, and the bot does what the model read', async () => {
    api = await startMessagesApiServer({ replies: [classification({ intencion: 'gasto' }), classification({ intencion: 'no_claro' })] });
    stack = await startStack(real, { CUADERNO_MODELO: 'claude-sonnet-5-5', ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: api.url });
    const owner: ChatClient = stack.h.client({ userId: OWNER, firstName: 'Ana' });

    await owner.say(UNSURE);
    // The model read «spend»: the answer is /gasto's, which already counts the call it cost.
    const spend = await owner.waitText(/este mes/i);
    expect(spend.text).toMatch(/USD/);
    const [req] = api.messageRequests();
    expect(req!.body.tool_choice).toEqual({ type: 'tool', name: CLASSIFY_TOOL });
    const tools = req!.body.tools as Array<{ name: string; strict: boolean; input_schema: { properties: { semana: { anyOf: Array<{ enum?: number[] }> } } } }>;
    expect(tools.map((t) => [t.name, t.strict])).toEqual([[CLASSIFY_TOOL, true]]);
    // The week enum is the owner's course (the demo course here: weeks 1–4), not a constant.
    expect(tools[0]!.input_schema.properties.semana.anyOf[0]!.enum).toEqual([1, 2, 3, 4]);
    expect(req!.body.max_tokens).toBeLessThanOrEqual(200);
    const rows = await stack.notebook.usage.list();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tarea: CLASSIFY_TASK, origen: 'facturado', tokens_entrada: 400, tokens_salida: 30 });

    // The model unsure too: asked back with buttons, as offline; no run starts.
    await owner.say(UNSURE_TOO);
    const back = await owner.waitFor('the question back', (msgs) => msgs.slice(-1).find((m) => m.buttons.length > 0));
    expect(back.buttons.some((b) => /^1 · Estadística$/.test(b.text))).toBe(true);
    expect(api.messageRequests()).toHaveLength(2);
    expect(await stack.notebook.usage.list()).toHaveLength(2);
    expect(api.exhausted).toBe(false);
  });

  it('offline: asked back with buttons, no model called, nothing billed', async () => {
    api = await startMessagesApiServer({ replies: [] });
    stack = await startStack(real, { ANTHROPIC_BASE_URL: api.url });
    const owner: ChatClient = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say(UNSURE);
    const back = await owner.waitFor('the question back', (msgs) => msgs.slice(-1).find((m) => m.buttons.length > 0));
    expect(back.buttons.some((b) => /^1 · Estadística$/.test(b.text))).toBe(true);
    expect(api.requests).toEqual([]);
    expect(await stack.notebook.usage.list()).toEqual([]);
  });
});
