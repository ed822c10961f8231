/** Chat-action renewals go within one budget for the whole bot: a class waiting on the GPU queue does not flood Telegram. */
import { describe, expect, it } from 'vitest';
import { CHAT_ACTION_RENEW_MS, CHAT_ACTION_RENEWALS_PER_S, RenewalBudget } from '../../src/bot/progress.js';

describe('the budget of chat-action renewals', () => {
  it('300 chats renewing at once: a second’s worth go, the rest wait for the budget to refill', () => {
    let now = 0;
    const budget = new RenewalBudget(CHAT_ACTION_RENEWALS_PER_S, () => now);
    const first = Array.from({ length: 300 }, () => budget.take()).filter(Boolean).length;
    expect(first).toBe(CHAT_ACTION_RENEWALS_PER_S);
    // One renewal period later, as many as the period refilled.
    now += CHAT_ACTION_RENEW_MS;
    const second = Array.from({ length: 300 }, () => budget.take()).filter(Boolean).length;
    expect(second).toBe(CHAT_ACTION_RENEWALS_PER_S);
  });

  it('up to 20 chats each renew every time, as without a budget', () => {
    let now = 0;
    const budget = new RenewalBudget(CHAT_ACTION_RENEWALS_PER_S, () => now);
    for (let round = 0; round < 10; round++) {
      // 20 chats spread over one renewal period, as their timers are.
      for (let chat = 0; chat < 20; chat++) {
        now += CHAT_ACTION_RENEW_MS / 20;
        expect(budget.take()).toBe(true);
      }
    }
  });
});
