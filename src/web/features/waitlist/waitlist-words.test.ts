import { describe, expect, it } from 'vitest';
import type { Wait } from '../../../shared/waitlist/waitlist.schemas';
import { joinedMessage, noticeText, offerText, ordinal, waitingText, waitRulesText } from './waitlist-words';

const TZ = 'America/Chicago';
const offered: Wait = {
  id: 'w1',
  slotId: 's1',
  state: 'offered',
  fieldName: 'Field 1',
  facilityName: 'Riverside Park',
  startsAt: '2026-12-01T23:00:00.000Z',
  endsAt: '2026-12-02T00:30:00.000Z',
  position: null,
  holdUntil: '2026-12-02T01:00:00.000Z',
  createdAt: '2026-11-28T15:00:00.000Z',
  decidedAt: null,
};

describe('the waitlist in words (issue 28)', () => {
  it('says a place in line as people do', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th']);
    expect(waitingText(2)).toBe("You're waiting (2nd)");
    expect(joinedMessage(2)).toBe("We'll tell you if it frees up: you're 2nd in line.");
  });

  it('says which slot is held and until when, in league time', () => {
    expect(offerText(offered, TZ)).toBe('A slot freed up: Field 1, Tue Dec 1, 5:00 pm – held for you until 7:00 pm');
    expect(noticeText(offered, TZ)).toBe('A slot you waited for is free: Field 1, Tue Dec 1, 5:00 pm. Held for you until 7:00 pm.');
  });

  it('says how long a hold lasts and how many slots a team may wait for', () => {
    expect(waitRulesText(120, 3)).toContain('held for your team for 2 hours');
    expect(waitRulesText(60, 1)).toContain('for 1 hour');
    expect(waitRulesText(90, 1)).toMatch(/for 90 minutes .* up to 1 slot at once\.$/);
  });
});
