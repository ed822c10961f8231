/**
 * Issue 44 item 4, with a model configured: a question to the notebook gets a short explanation
 * written from the passages found — one forced strict-tool call, billed — above the quoted
 * passages; an explanation that cites a passage not shown is dropped and the passages go alone, as
 * offline. The model is a local server speaking the Messages API.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EXPLAIN_TASK, EXPLAIN_TOOL } from '../../src/agent/explain.js';
import { reply, startMessagesApiServer, type MessagesApiServer } from '../support/messages-api-server.js';
import type { ChatClient } from '../support/telegram.js';
import { OWNER, startStack, type Stack } from './stack.js';
import { real } from './steps.js';

let stack: Stack | undefined;
let api: MessagesApiServer | undefined;
afterEach(async () => {
  await stack?.close();
  await api?.close();
  stack = undefined;
  api = undefined;
});

const explanation = (explicacion: string) => reply.message([reply.toolUse('toolu_1', EXPLAIN_TOOL, { explicacion })], 'tool_use', { input_tokens: 300, output_tokens: 40 });

describe('a question to the notebook with a model configured', () => {
  it('gets the model\'s explanation citing the passages shown, or the passages alone when it cites others', async () => {
    api = await startMessagesApiServer({ replies: [
      explanation('El impresionismo pintaba la luz al aire libre, con pinceladas sueltas y colores puros [1].'),
      explanation('El cubismo lo inventó Picasso en 1907 [4].'),
    ] });
    stack = await startStack(real, { CUADERNO_MODELO: 'claude-sonnet-5-5', ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: api.url });
    const owner: ChatClient = stack.h.client({ userId: OWNER, firstName: 'Ana' });

    await owner.say('explícame el impresionismo');
    const explained = await owner.waitText(/^💡 El impresionismo pintaba la luz/);
    expect(explained.text).toMatch(/\[1\]\.\n\n\(Lo explico solo con tus notas/);
    const quoted = await owner.waitText(/^Esto dicen tus notas sobre «impresionismo»/);
    expect(quoted.text).toMatch(/«El impresionismo pintó la luz al aire libre[^»]*»\n— tu nota 8/);
    const [req] = api.messageRequests();
    expect(req!.body.tool_choice).toEqual({ type: 'tool', name: EXPLAIN_TOOL });
    expect(JSON.stringify(req!.body.messages)).toContain('[1] El impresionismo pintó la luz al aire libre');
    expect(await stack.notebook.usage.list()).toEqual([expect.objectContaining({ tarea: EXPLAIN_TASK, origen: 'facturado', tokens_entrada: 300, tokens_salida: 40 })]);

    // Citing a passage that was not shown: dropped; the passages alone, the call still billed.
    const before = (await owner.messages()).length;
    await owner.say('¿qué es el cubismo?');
    const alone = await owner.waitText(/^Esto dicen tus notas sobre «cubismo»/);
    const since = (await owner.messages()).slice(before);
    expect(since.some((m) => m.text.startsWith('💡'))).toBe(false);
    expect(alone.text).toMatch(/— tu nota 9/);
    expect(await stack.notebook.usage.list()).toHaveLength(2);
    expect(api.messageRequests()).toHaveLength(2);
    expect(api.exhausted).toBe(false);
  });
});
