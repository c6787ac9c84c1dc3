import { describe, expect, it } from 'vitest';
import type { Season } from '../../../shared/seasons/seasons.schemas';
import { bookWeekStart, pickDay, pickSeason, readBookFilters, weekDates, withBookFilters } from './book-filters';

const FALL: Season = { id: '11111111-1111-4111-8111-111111111111', name: 'Fall 2026', startsOn: '2026-08-15', endsOn: '2026-12-19', active: true };
const SPRING: Season = { id: '22222222-2222-4222-8222-222222222222', name: 'Spring 2027', startsOn: '2027-02-15', endsOn: '2027-06-15', active: false };

describe('Book a Field filters in the URL', () => {
  it('reads ids and dates, and drops what cannot be right', () => {
    const params = new URLSearchParams(`season=${SPRING.id}&facility=nope&field=${FALL.id}&week=2026-11-23&day=2026-13-01&fields=some`);
    expect(readBookFilters(params)).toEqual({ season: SPRING.id, facility: '', field: FALL.id, week: '2026-11-23', day: '', fields: '' });
    expect(readBookFilters(new URLSearchParams('fields=all')).fields).toBe('all');
  });

  it('sets and removes filters, keeping the others', () => {
    const next = withBookFilters(new URLSearchParams('season=a&week=2026-11-23&x=1'), { week: '2026-11-30', season: '', day: '2026-12-01' });
    expect(next.toString()).toBe('week=2026-11-30&x=1&day=2026-12-01');
  });

  it('shows the URL’s season, else the current one, else the active one', () => {
    expect(pickSeason([FALL, SPRING], SPRING.id, FALL.id)).toBe(SPRING);
    expect(pickSeason([FALL, SPRING], '', SPRING.id)).toBe(SPRING);
    expect(pickSeason([FALL, SPRING], 'gone', null)).toBe(FALL);
    expect(pickSeason([{ ...FALL, active: false }, SPRING], '', null)).toBe(SPRING);
    expect(pickSeason([], '', null)).toBeNull();
  });

  it('opens the phone on a sensible day tab', () => {
    const week = { from: '2026-11-23', to: '2026-11-29' };
    expect(weekDates(week)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(pickDay(week, '2026-11-26', '2026-11-24', [])).toBe('2026-11-26');
    expect(pickDay(week, '2026-12-26', '2026-11-24', ['2026-11-23', '2026-11-25'])).toBe('2026-11-25');
    expect(pickDay(week, '', '2026-11-24', [])).toBe('2026-11-24');
    expect(pickDay(week, '', '2026-11-01', ['2026-11-28', '2026-11-24'])).toBe('2026-11-24');
    expect(pickDay(week, '', '2026-11-01', [])).toBe('2026-11-23');
  });

  it('opens on the URL’s week, else this week, but on a Sunday on the coming one', () => {
    expect(bookWeekStart('2026-12-02', '2026-11-22', FALL)).toBe('2026-11-30');
    expect(bookWeekStart('', '2026-11-20', FALL)).toBe('2026-11-16');
    expect(bookWeekStart('', '2026-11-22', FALL)).toBe('2026-11-23');
    // The season's last Sunday: there is no coming week in it.
    expect(bookWeekStart('', '2026-12-13', { ...FALL, endsOn: '2026-12-13' })).toBe('2026-12-07');
    // Before the season: its first week, Sunday or not.
    expect(bookWeekStart('', '2027-01-10', SPRING)).toBe('2027-02-15');
  });
});
