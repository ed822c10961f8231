/**
 * The planners read the run's typed ledger, never the rendered tool_result text (issue 23, item 4;
 * docs/design.md §33): the offline planner's next turn follows `ModelRequest.results` even when the text
 * the model would read says something else, and a call answered without a typed result on record
 * (an old run) still counts as made, so it is not proposed again.
 */
import { describe, expect, it } from 'vitest';
import { LocalPlanner } from '../../src/agent/model/local.js';
import type { MessageParam, ModelRequest, ToolUseBlock } from '../../src/agent/model/types.js';
import type { ToolResult } from '../../src/tools/contract.js';

const SEARCH: ToolUseBlock = { type: 'tool_use', id: 'toolu_s', name: 'buscar_notas', input: { consulta: 'impresionismo', k: 1 } };
const afterSearch = (text: string): MessageParam[] => [
  { role: 'user', content: 'solo tarjetas de la nota que más se parezca a lo del impresionismo' },
  { role: 'assistant', content: [SEARCH] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_s', content: text, is_error: false }] },
];
const request = (messages: MessageParam[], results?: Record<string, ToolResult>): ModelRequest => ({ system: '', tools: [], messages, maxTokens: 1000, ...(results ? { results } : {}) });
const proposed = (content: Array<{ type: string }>) => content.filter((b): b is ToolUseBlock => b.type === 'tool_use').map((b) => [b.name, b.input]);

describe('the offline planner decides from the typed ledger', () => {
  it('cards the note the typed result names, whatever the rendered text says', async () => {
    const typed: ToolResult = { kind: 'ok', data: [{ id: 8, tema: 'historia del arte', similitud: 0.426, texto: '…' }] };
    // The text claims note 3: a planner that read it back would card note 3.
    const text = JSON.stringify([{ id: 3, tema: 'estadística', similitud: 0.9, texto: '…' }]);
    const r = await new LocalPlanner('ledger').create(request(afterSearch(text), { toolu_s: typed }));
    expect(proposed(r.content)).toEqual([['crear_tarjetas', { id_nota: 8 }]]);
  });

  it('a search answered without a typed result (an old run) is not searched again', async () => {
    const r = await new LocalPlanner('ledger').create(request(afterSearch('[{"id":3}]')));
    expect(proposed(r.content).map(([name]) => name)).not.toContain('buscar_notas');
    expect(proposed(r.content)).not.toContainEqual(['crear_tarjetas', { id_nota: 3 }]);
  });
});
