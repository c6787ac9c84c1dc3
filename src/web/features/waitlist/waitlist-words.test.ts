import { beforeAll, describe, expect, it } from 'vitest';
import type { Wait } from '../../../shared/waitlist/waitlist.schemas';
import { loadNamespace, translate, type Translate } from '../../lib/i18n';
import { joinedMessage, noticeText, offerText, placeText, waitingText, waitRulesText } from './waitlist-words';

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
const t: Translate<'waitlist'> = (key, values) => translate('waitlist', key, values);

beforeAll(() => loadNamespace('en', 'waitlist'));

describe('the waitlist in words (issue 28)', () => {
  it('says a place in line as people do', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map((n) => placeText(t, n))).toEqual(
      ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th'].map((place) => `${place} in line`),
    );
    expect(placeText(t, null)).toBe('In line');
    expect(waitingText(t, 2)).toBe("You're waiting (2nd)");
    expect(waitingText(t, null)).toBe("You're waiting");
    expect(joinedMessage(t, 2)).toBe("We'll tell you if it frees up: you're 2nd in line.");
  });

  it('says which slot is held and until when, in league time', () => {
    expect(offerText(t, offered, TZ)).toBe('A slot freed up: Field 1, Tue Dec 1, 5:00 pm – held for you until 7:00 pm');
    expect(noticeText(t, offered, TZ)).toBe('A slot you waited for is free: Field 1, Tue Dec 1, 5:00 pm. Held for you until 7:00 pm.');
  });

  it('says how long a hold lasts and how many slots a team may wait for', () => {
    expect(waitRulesText(t, 120, 3)).toContain('held for your team for 2 hours');
    expect(waitRulesText(t, 60, 1)).toContain('for 1 hour');
    expect(waitRulesText(t, 90, 1)).toMatch(/for 90 minutes .* up to 1 slot at once\.$/);
  });
});
