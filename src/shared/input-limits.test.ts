import { describe, expect, it } from 'vitest';
import { adminBookingQuerySchema } from './bookings/bookings.schemas';
import { facilityInputSchema, normalizeMapUrl } from './facilities/facilities.schemas';
import { seasonInputSchema } from './seasons/seasons.schemas';
import { slotGeneratorInputSchema, slotIdsQuerySchema, slotQuerySchema } from './slots/slots.schemas';
import { boundedIsoDate, boundedIsoDateTime, daysBetween } from './time/date-bounds';
import { displayNameProblem, displayNameSchema, profilePatchSchema } from './users/users.schemas';

/** Issue 10: every input the API takes has a sane size, so one request cannot ask for unbounded work. */
describe('input limits', () => {
  it('dates lie in 2000-2100; date-times too, with any offset', () => {
    expect(boundedIsoDate().safeParse('2000-01-01').success).toBe(true);
    expect(boundedIsoDate().safeParse('2100-12-31').success).toBe(true);
    for (const bad of ['1999-12-31', '2101-01-01', '9999-12-31', '0001-01-01']) expect(boundedIsoDate().safeParse(bad).success, bad).toBe(false);
    expect(boundedIsoDateTime().safeParse('2100-12-31T23:00:00-10:00').success).toBe(true);
    expect(boundedIsoDateTime().safeParse('9999-12-31T17:00:00Z').success).toBe(false);
    expect(daysBetween('2028-01-01', '2028-12-31')).toBe(365);
    expect(daysBetween('2027-03-14', '2027-03-15')).toBe(1);
  });

  it('a season is at most 366 days, both ends counted', () => {
    const season = (startsOn: string, endsOn: string) => seasonInputSchema.safeParse({ name: 'S', startsOn, endsOn });
    expect(season('2028-01-01', '2028-12-31').success).toBe(true);
    expect(season('2027-03-01', '2028-02-29').success).toBe(true);
    expect(season('2028-01-01', '2029-01-01').success).toBe(false);
    expect(season('2026-01-01', '2099-12-31').error?.issues[0]?.message).toBe('A season is at most 366 days long. Make one season per year.');
  });

  it('the week view asks for at most 62 days; the generator for at most 366 days, 7 weekdays and 100 fields', () => {
    expect(slotQuerySchema.safeParse({ from: '9999-12-31', to: '9999-12-31' }).success).toBe(false);
    expect(slotQuerySchema.safeParse({ from: '2027-01-01', to: '2027-03-03' }).success).toBe(true);
    expect(slotQuerySchema.safeParse({ from: '2027-01-01', to: '2027-03-04' }).success).toBe(false);
    expect(adminBookingQuerySchema.safeParse({ to: '9999-12-31' }).success).toBe(false);
    const id = '6b1f9a5e-8a4f-4c1e-9d7e-000000000000';
    const gen = { seasonId: id, fieldIds: [id], daysOfWeek: [1], firstStart: '17:00', lastEnd: '18:00', lengthMinutes: 60, gapMinutes: 0, startDate: '2028-01-01', endDate: '2028-12-31' };
    expect(slotGeneratorInputSchema.safeParse(gen).success).toBe(true);
    expect(slotGeneratorInputSchema.safeParse({ ...gen, endDate: '2029-01-01' }).success).toBe(false);
    expect(slotGeneratorInputSchema.safeParse({ ...gen, daysOfWeek: [1, 2, 3, 4, 5, 6, 7, 1] }).success).toBe(false);
    expect(slotGeneratorInputSchema.safeParse({ ...gen, fieldIds: Array.from({ length: 101 }, () => id) }).success).toBe(false);
    expect(slotIdsQuerySchema.safeParse({ ids: `${id},`.repeat(5_000) }).success).toBe(false);
  });

  it('names are at most 100 characters everywhere a name enters', () => {
    expect(displayNameSchema.safeParse('x'.repeat(100)).success).toBe(true);
    expect(displayNameSchema.safeParse('x'.repeat(100_000)).success).toBe(false);
    expect(displayNameProblem('x'.repeat(101))).toBe('Name: Use at most 100 characters.');
    expect(displayNameProblem('   ')).toBe('Name: Enter your name.');
    expect(displayNameProblem('Nia')).toBeNull();
  });

  it('my profile takes a name (and a team only to refuse it), nothing else', () => {
    expect(profilePatchSchema.safeParse({ displayName: 'Pat' }).success).toBe(true);
    expect(profilePatchSchema.safeParse({ role: 'admin' }).success).toBe(false);
  });

  it('a map link is an http(s) address a calendar app can carry, normalized', () => {
    expect(normalizeMapUrl('https://maps.example.org/?q=Riverside Park')).toBe('https://maps.example.org/?q=Riverside%20Park');
    expect(normalizeMapUrl('https://münchen.de/karte')).toBe('https://xn--mnchen-3ya.de/karte');
    for (const bad of ['javascript:alert(1)', 'mailto:a@b.org', 'www.example.org', 'https://a:b@example.org/', 'https://ex_ample.org/', 'https://[::1]/']) expect(normalizeMapUrl(bad), bad).toBeNull();
    expect(facilityInputSchema.safeParse({ name: 'P', mapUrl: '' }).data?.mapUrl).toBeNull();
    expect(facilityInputSchema.safeParse({ name: 'P', mapUrl: 'javascript:alert(1)' }).success).toBe(false);
  });
});
