import { describe, expect, it } from 'vitest';
import { isPrimeTime, mondayOf, reportQuerySchema, utilizationPercent, weeksCovering } from './reports.schemas';

describe('prime time', () => {
  it('is a weekday slot starting at or after 17:00', () => {
    for (const day of [1, 2, 3, 4, 5]) {
      expect(isPrimeTime(day, '17:00')).toBe(true);
      expect(isPrimeTime(day, '20:30')).toBe(true);
      expect(isPrimeTime(day, '16:59')).toBe(false);
      expect(isPrimeTime(day, '09:00')).toBe(false);
    }
  });
  it('is a Saturday slot starting before 12:00, and never Saturday afternoon or Sunday', () => {
    expect(isPrimeTime(6, '08:00')).toBe(true);
    expect(isPrimeTime(6, '11:59')).toBe(true);
    expect(isPrimeTime(6, '12:00')).toBe(false);
    expect(isPrimeTime(6, '18:00')).toBe(false);
    expect(isPrimeTime(7, '09:00')).toBe(false);
    expect(isPrimeTime(7, '18:00')).toBe(false);
  });
});

describe('weeks', () => {
  it('runs Monday to Sunday, whatever day a range starts on', () => {
    expect(mondayOf('2027-03-14')).toBe('2027-03-08'); // a Sunday (the US DST change) belongs to the week before
    expect(mondayOf('2027-03-15')).toBe('2027-03-15');
    expect(mondayOf('2027-03-10')).toBe('2027-03-08');
  });
  it('lists every week holding a day of the range, across DST changes and month ends', () => {
    expect(weeksCovering('2027-03-03', '2027-03-21')).toEqual(['2027-03-01', '2027-03-08', '2027-03-15']);
    expect(weeksCovering('2027-10-30', '2027-11-08')).toEqual(['2027-10-25', '2027-11-01', '2027-11-08']);
    expect(weeksCovering('2027-03-14', '2027-03-14')).toEqual(['2027-03-08']);
  });
});

describe('utilization', () => {
  it('is booked over offered in percent with one decimal, and none when nothing was offered', () => {
    expect(utilizationPercent(60, 180)).toBe(33.3);
    expect(utilizationPercent(180, 180)).toBe(100);
    expect(utilizationPercent(0, 90)).toBe(0);
    expect(utilizationPercent(0, 0)).toBeNull();
  });
});

describe('the report query', () => {
  it('takes a season, or both dates, at most 366 days apart and in order', () => {
    expect(reportQuerySchema.safeParse({ seasonId: '5b0f1a8e-4c1e-4d8a-9a55-1c2d3e4f5a6b' }).success).toBe(true);
    expect(reportQuerySchema.safeParse({ from: '2027-03-01', to: '2027-05-31', facilityId: '' }).success).toBe(true);
    expect(reportQuerySchema.safeParse({ from: '2027-03-01' }).success).toBe(false);
    expect(reportQuerySchema.safeParse({ from: '2027-05-01', to: '2027-03-01' }).success).toBe(false);
    expect(reportQuerySchema.safeParse({ from: '2027-01-01', to: '2028-01-02' }).success).toBe(false);
    expect(reportQuerySchema.safeParse({ from: '2027-01-01', to: '2028-01-01' }).success).toBe(true);
  });
});
