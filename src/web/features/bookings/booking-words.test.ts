import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespace, translate, type Translate } from '../../lib/i18n';
import { bookPillName, bookRowName, bookedMessage, bookQuestion, bumpQuestion, cancelQuestion, movedMessage, overrideMessage, teamWords } from './booking-words';

const TZ = 'America/Chicago';
const slot = { startsAt: '2026-11-24T23:00:00Z', endsAt: '2026-11-25T00:30:00Z', fieldName: 'Field 1', facilityName: 'Riverside Park' };
const booking = { ...slot, teamName: 'Blue Jays' };
const t: Translate<'bookings'> = (key, values) => translate('bookings', key, values);
const adminT: Translate<'bookings-admin'> = (key, values) => translate('bookings-admin', key, values);

beforeAll(() => loadNamespace('en', 'bookings-admin'));

describe('booking words', () => {
  it('names a book button by what it shows first, then the field and the day (league zone)', () => {
    expect(bookPillName(t, slot, TZ)).toBe('5:00–6:30 pm Book, Field 1, Tue Nov 24');
    expect(bookRowName(t, slot, TZ)).toBe('Book, Field 1, Tue Nov 24, 5:00 pm – 6:30 pm');
  });

  it('asks before booking and cancelling, and says what happened', () => {
    expect(bookQuestion(t, slot, 'Blue Jays', TZ)).toBe('Book Tue Nov 24, 5:00 pm at Field 1 (Riverside Park) for Blue Jays?');
    expect(bookedMessage(t, booking, TZ)).toBe('Booked Tue Nov 24, 5:00 pm at Field 1 for Blue Jays.');
    expect(cancelQuestion(t, booking, TZ)).toBe('Cancel Tue Nov 24, 5:00 pm at Field 1 for the Blue Jays? The slot reopens for other teams.');
  });

  it('words the bump question and the override result', () => {
    expect(bumpQuestion(adminT, 'Cardinals', 'Blue Jays')).toBe(
      'Bump Cardinals? Their booking is cancelled with your reason and their coach is notified. The slot then goes to Blue Jays.',
    );
    expect(overrideMessage(adminT, { booking, bumped: { teamName: 'Cardinals' } }, TZ)).toBe(
      'Booked Tue Nov 24, 5:00 pm at Field 1 for Blue Jays; Cardinals’ booking was cancelled and their coach notified.',
    );
    expect(overrideMessage(adminT, { booking: { ...booking, teamName: 'Cardinals' }, bumped: { teamName: 'Team Alpha' } }, TZ)).toBe(
      'Booked Tue Nov 24, 5:00 pm at Field 1 for Cardinals; Team Alpha’s booking was cancelled and their coach notified.',
    );
    expect(overrideMessage(adminT, { booking, bumped: null }, TZ)).toBe('Booked Tue Nov 24, 5:00 pm at Field 1 for Blue Jays.');
  });

  it('uses the possessive team names need', () => {
    expect(teamWords('Blue Jays')).toEqual({ team: 'Blue Jays', ends: 's' });
    expect(teamWords('Team Alpha')).toEqual({ team: 'Team Alpha', ends: 'other' });
    expect(movedMessage(adminT, { ...booking, startsAt: '2026-11-26T00:45:00Z', fieldName: 'Field 2' }, TZ)).toBe(
      'Moved Blue Jays’ practice to Wed Nov 25, 6:45 pm at Field 2. Their coach is notified.',
    );
    expect(movedMessage(adminT, { ...booking, teamName: 'Team Alpha' }, TZ)).toBe('Moved Team Alpha’s practice to Tue Nov 24, 5:00 pm at Field 1. Their coach is notified.');
  });
});
