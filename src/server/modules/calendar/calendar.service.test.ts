import { describe, expect, it } from 'vitest';
import { practiceIcs, type PracticeEvent } from './calendar.service';

const practice: PracticeEvent = {
  bookingId: 'b1',
  teamName: 'Blue Jays',
  fieldName: 'Field 1',
  facilityName: 'Riverside Park',
  facilityAddress: '1 River Rd',
  mapUrl: 'https://maps.example.org/riverside',
  startsAt: '2027-04-05T22:00:00.000Z',
  endsAt: '2027-04-05T23:30:00.000Z',
  confirmed: true,
};

describe('a practice as a calendar file', () => {
  it('carries the map link as the event URL', () => {
    const ics = practiceIcs(practice);
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('URL:https://maps.example.org/riverside');
  });

  it('leaves out a map link the calendar library refuses instead of failing the whole file', () => {
    for (const mapUrl of ['https://maps.example.org/a b', 'javascript:alert(1)', 'https://ex_ample.org/x']) {
      const ics = practiceIcs({ ...practice, mapUrl });
      expect(ics).toContain('BEGIN:VEVENT');
      expect(ics).toContain('SUMMARY:Blue Jays practice – Field 1');
      expect(ics).not.toContain('URL:');
    }
  });
});
