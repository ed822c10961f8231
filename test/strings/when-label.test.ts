/**
 * `whenLabel`: «hoy a las HH:MM» for a moment later the same day in the owner's zone, the date
 * otherwise — also for a review due a few minutes after midnight, which is tomorrow.
 */
import { describe, expect, it } from 'vitest';
import { whenLabel } from '../../src/strings/review.js';

describe('whenLabel', () => {
  it('says «hoy» the same day and the date across midnight, in the owner’s time zone', () => {
    const now = new Date('2026-11-30T23:55:00Z');
    expect(whenLabel(new Date('2026-11-30T23:59:00Z'), now, 'UTC')).toBe('hoy a las 23:59');
    expect(whenLabel(new Date('2026-12-01T00:07:00Z'), now, 'UTC')).toBe('el 1 dic a las 00:07');
    // Madrid is an hour ahead: 23:55 UTC is already 00:55 of 1 Dec there, so 00:07 UTC is «hoy».
    expect(whenLabel(new Date('2026-12-01T00:07:00Z'), now, 'Europe/Madrid')).toBe('hoy a las 01:07');
    // The same day of another month is not today.
    expect(whenLabel(new Date('2026-12-30T10:00:00Z'), new Date('2026-11-30T10:00:00Z'), 'UTC')).toBe('el 30 dic a las 10:00');
  });
});
