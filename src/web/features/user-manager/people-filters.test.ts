import { describe, expect, it } from 'vitest';
import { parsePeopleFilters, peopleQueryString, withPeopleFilters } from './people-filters';

describe('the People filters in the URL', () => {
  it('reads what it knows and drops what the API would refuse', () => {
    const params = new URLSearchParams('tab=people&q=%20jay%20&role=coach&team=none&status=disabled');
    expect(parsePeopleFilters(params)).toEqual({ q: 'jay', role: 'coach', team: 'none', status: 'disabled' });
    expect(parsePeopleFilters(new URLSearchParams('role=boss&team=abc&status=gone'))).toEqual({ q: '', role: '', team: '', status: '' });
  });

  it('sets and clears filters, keeping the tab', () => {
    const next = withPeopleFilters(new URLSearchParams('tab=people&role=coach'), { role: '', q: 'ann' });
    expect(next.toString()).toBe('tab=people&q=ann');
  });

  it('names the API parameters, and the cursor of the next page', () => {
    expect(peopleQueryString({ q: 'a b', role: 'admin', team: 'none', status: 'active' }, 'abc', 10)).toBe('q=a+b&role=admin&teamId=none&status=active&cursor=abc&limit=10');
    expect(peopleQueryString({ q: '', role: '', team: '', status: '' }, null)).toBe('limit=25');
  });
});
