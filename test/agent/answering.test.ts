import { describe, expect, it } from 'vitest';
import { decisionInput } from '../../src/agent/answering.js';
import { argsHash } from '../../src/agent/approval.js';
import type { PendingApproval } from '../../src/agent/run-state.js';

const preview = { summary: 's', writes: [], engine: 'maqueta', lane: 'cpu' as const, estimateS: 1, cached: false };
const option = (args: Record<string, unknown>) => ({ args, hash: argsHash('generar_portada', 'c1', args), preview });
const pending: PendingApproval = {
  id: 'a1', callId: 'c1', tool: 'generar_portada', askedAt: '2026-12-07T00:00:00.000Z',
  proposal: option({ semana: 3, maqueta: true }),
  alternatives: [{ ...option({ semana: 3, maqueta: false }), change: { field: 'maqueta', value: false } }],
};

describe('the terminal\'s answer to an approval', () => {
  it('picks the option shown by its hash, whatever the order of the arguments\' keys', () => {
    const alt = pending.alternatives[0]!;
    expect(decisionInput(pending, { approved: true, args: { maqueta: false, semana: 3 } })).toEqual({ approved: true, hash: alt.hash });
    expect(decisionInput(pending, { approved: true })).toEqual({ approved: true, hash: pending.proposal.hash });
  });

  it('says no to arguments that no option shown has', () => {
    expect(decisionInput(pending, { approved: true, args: { semana: 4, maqueta: false } })).toEqual({ approved: false, reason: 'rechazado' });
  });
});
