import { describe, expect, it } from 'vitest';
import { bookPillName, bookRowName, bookedMessage, bookQuestion, bumpQuestion, cancelQuestion, movedMessage, overrideMessage, possessive } from './booking-words';

const TZ = 'America/Chicago';
const slot = { startsAt: '2026-11-24T23:00:00Z', endsAt: '2026-11-25T00:30:00Z', fieldName: 'Field 1', facilityName: 'Riverside Park' };
const booking = { ...slot, teamName: 'Blue Jays' };

describe('booking words', () => {
  it('names a book button by what it shows first, then the field and the day (league zone)', () => {
    expect(bookPillName(slot, TZ)).toBe('5:00–6:30 pm Book, Field 1, Tue Nov 24');
    expect(bookRowName(slot, TZ)).toBe('Book, Field 1, Tue Nov 24, 5:00 pm – 6:30 pm');
  });

  it('asks before booking and cancelling, and says what happened', () => {
    expect(bookQuestion(slot, 'Blue Jays', TZ)).toBe('Book Tue Nov 24, 5:00 pm at Field 1 (Riverside Park) for Blue Jays?');
    expect(bookedMessage(booking, TZ)).toBe('Booked Tue Nov 24, 5:00 pm at Field 1 for Blue Jays.');
    expect(cancelQuestion(booking, TZ)).toBe('Cancel Tue Nov 24, 5:00 pm at Field 1 for the Blue Jays? The slot reopens for other teams.');
  });

  it('words the bump question and the override result', () => {
    expect(bumpQuestion('Cardinals')).toBe('Bump Cardinals? Their booking is cancelled with your reason and their coach is notified.');
    expect(overrideMessage({ booking, bumped: { teamName: 'Cardinals' } }, TZ)).toBe(
      'Booked Tue Nov 24, 5:00 pm at Field 1 for Blue Jays; Cardinals’ booking was cancelled and their coach notified.',
    );
    expect(overrideMessage({ booking, bumped: null }, TZ)).toBe('Booked Tue Nov 24, 5:00 pm at Field 1 for Blue Jays.');
  });

  it('uses the possessive team names need', () => {
    expect(possessive('Blue Jays')).toBe('Blue Jays’');
    expect(possessive('Team Alpha')).toBe('Team Alpha’s');
    expect(movedMessage({ ...booking, startsAt: '2026-11-26T00:45:00Z', fieldName: 'Field 2' }, TZ)).toBe('Moved Blue Jays’ practice to Wed Nov 25, 6:45 pm at Field 2.');
  });
});
