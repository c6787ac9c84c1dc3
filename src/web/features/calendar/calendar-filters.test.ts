import { describe, expect, it } from 'vitest';
import type { Season } from '../../../shared/seasons/seasons.schemas';
import { addMonths, periodTitle, pickDate, pickSeason, pickView, readCalendarFilters, stepDate, visibleRange, withCalendarFilters } from './calendar-filters';

const FALL: Season = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Fall 2026',
  startsOn: '2026-08-15',
  endsOn: '2026-12-19',
  active: true,
};
const SPRING: Season = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Spring 2027',
  startsOn: '2027-02-15',
  endsOn: '2027-06-15',
  active: false,
};
const TEAM = '33333333-3333-4333-8333-333333333333';

describe('the public calendar’s state in the URL', () => {
  it('reads the view, the date and the filters, and drops what cannot be right', () => {
    const params = new URLSearchParams(`view=month&date=2027-05-04&season=${SPRING.id}&facility=nope&field=${FALL.id}&team=${TEAM}`);
    expect(readCalendarFilters(params)).toEqual({
      view: 'month',
      date: '2027-05-04',
      season: SPRING.id,
      facility: '',
      field: FALL.id,
      team: TEAM,
    });
    expect(readCalendarFilters(new URLSearchParams('view=year&date=2027-02-30'))).toEqual({
      view: '',
      date: '',
      season: '',
      facility: '',
      field: '',
      team: '',
    });
  });

  it('sets and removes filters, keeping the others, and reads back what it wrote', () => {
    const next = withCalendarFilters(new URLSearchParams('view=week&date=2027-05-04&x=1'), { view: 'day', date: '', field: FALL.id });
    expect(next.toString()).toBe(`view=day&x=1&field=${FALL.id}`);
    expect(readCalendarFilters(next)).toMatchObject({
      view: 'day',
      date: '',
      field: FALL.id,
    });
  });

  it('opens on the list on a phone and the week elsewhere, unless the URL says', () => {
    expect(pickView('', true)).toBe('list');
    expect(pickView('', false)).toBe('week');
    expect(pickView('month', true)).toBe('month');
  });

  it('shows the URL’s season, else the current one, else the active one; and opens on a day of it', () => {
    expect(pickSeason([FALL, SPRING], SPRING.id, FALL.id)).toBe(SPRING);
    expect(pickSeason([FALL, SPRING], '', SPRING.id)).toBe(SPRING);
    expect(pickSeason([FALL, SPRING], 'gone', null)).toBe(FALL);
    expect(pickSeason([], '', null)).toBeNull();
    expect(pickDate('2027-01-01', '2026-10-01', FALL)).toBe('2027-01-01');
    expect(pickDate('', '2026-10-01', FALL)).toBe('2026-10-01');
    expect(pickDate('', '2026-10-01', SPRING)).toBe('2027-02-15');
    expect(pickDate('', '2026-10-01', null)).toBe('2026-10-01');
  });

  it('asks the API for the days each view draws (Monday first; six weeks for a month)', () => {
    expect(visibleRange('month', '2027-05-19')).toEqual({
      from: '2027-04-26',
      to: '2027-06-06',
    });
    expect(visibleRange('week', '2027-05-19')).toEqual({
      from: '2027-05-17',
      to: '2027-05-23',
    });
    expect(visibleRange('list', '2027-05-23')).toEqual({
      from: '2027-05-17',
      to: '2027-05-23',
    });
    expect(visibleRange('day', '2027-05-19')).toEqual({
      from: '2027-05-19',
      to: '2027-05-19',
    });
  });

  it('steps by a month, a week or a day, and names the period', () => {
    expect(addMonths('2026-12-31', 1)).toBe('2027-01-01');
    expect(stepDate('month', '2027-01-15', -1)).toBe('2026-12-01');
    expect(stepDate('week', '2027-05-19', 1)).toBe('2027-05-24');
    expect(stepDate('list', '2027-05-19', -1)).toBe('2027-05-10');
    expect(stepDate('day', '2027-02-28', 1)).toBe('2027-03-01');
    expect(periodTitle('month', '2027-05-19')).toBe('May 2027');
    expect(periodTitle('week', '2027-05-19')).toBe('May 17 – May 23, 2027');
    expect(periodTitle('day', '2027-05-19')).toBe('Wednesday, May 19, 2027');
  });
});
