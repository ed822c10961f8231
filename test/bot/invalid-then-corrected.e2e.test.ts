/**
 * Issue 23, through the chat: a model that first proposes an invalid call (`semana: 9`, refused by the
 * schema: the demo course has four weeks) and then the corrected one. On 26bbfae the report read the
 * refused call's week and the run crashed (`Cannot read properties of undefined (reading 'charAt')` in
 * weekTitle ← buildReport) as soon as the corrected call paused for its approval. The model is the
 * real SDK talking to a local Messages API server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startMessagesApiServer, type MessagesApiServer } from '../support/messages-api-server.js';
import { expectRefusalReachedModelOnce, INVALID_THEN_CORRECTED } from '../support/invalid-then-corrected.js';
import { answerUntilReport, real } from './steps.js';
import { OWNER, startStack, type Stack } from './stack.js';

let api: MessagesApiServer | undefined;
let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
  await api?.close();
  api = undefined;
});

describe('an invalid call corrected by the model, in the chat', () => {
  it('one approval, for week 3; the report is about week 3; the refusal reaches the model once; no crash', async () => {
    api = await startMessagesApiServer({ replies: INVALID_THEN_CORRECTED });
    stack = await startStack(real, { CUADERNO_MODELO: 'claude-sonnet-5-5', ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: api.url });
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('prepara la semana 3');
    const { report, approvals } = await answerUntilReport(owner, () => 'Aprobar');
    const all = (await owner.messages()).map((m) => m.text);
    expect(approvals).toHaveLength(1);
    expect(approvals[0]!.text).toMatch(/semana 3/i);
    expect(report.text).toMatch(/✅ Portada/);
    const captions = stack.h.uploads.filter((u) => u.chatId === OWNER).map((u) => String(u.fields.caption ?? ''));
    expect(captions.some((c) => /Semana 3 · Historia del arte/.test(c)), captions.join(' | ')).toBe(true);
    // The model corrected itself: the owner reads no failure and nothing about week 9.
    expect(all.join('\n')).not.toMatch(/semana 9|NO hecha|no se hizo/i);
    expect(stack.logs.join('\n')).not.toMatch(/charAt|TypeError/);
    expectRefusalReachedModelOnce(api);
  });
});
