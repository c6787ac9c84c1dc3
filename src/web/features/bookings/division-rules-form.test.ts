import { beforeAll, describe, expect, it } from 'vitest';
import { divisionRulesFormSchema, SEASON_RULES_FORM, toDivisionRulesForm } from './division-rules-form';
import { loadNamespace, translate, type Translate } from '../../lib/i18n';

const t: Translate<'bookings-admin'> = (key, values) => translate('bookings-admin', key, values);
beforeAll(() => loadNamespace('en', 'bookings-admin'));

const TZ = 'America/Chicago';
const none = { windowOpensAt: null, windowClosesAt: null, maxPerWeek: null, maxPerDay: null, maxUpcoming: null, minLeadHours: null, maxAheadDays: null };

describe('the rules-by-division form', () => {
  it('shows a division’s own rules (times as league wall time), empty for the season’s, and reads them back', () => {
    const rules = { divisionId: 'd', divisionName: '12U', ...none, windowOpensAt: '2027-02-02T00:00:00.000Z', maxPerDay: 0 };
    const form = toDivisionRulesForm(rules, TZ);
    expect(form).toEqual({ ...SEASON_RULES_FORM, windowOpensAt: '2027-02-01T18:00', maxPerDay: '0' });
    expect(divisionRulesFormSchema(t, TZ).parse(form)).toEqual({ ...none, windowOpensAt: '2027-02-01T18:00:00-06:00', maxPerDay: 0 });
    expect(divisionRulesFormSchema(t, TZ).parse({ ...SEASON_RULES_FORM, maxPerWeek: '  ' })).toEqual(none);
  });

  it('puts every problem at its field after one submit', () => {
    const result = divisionRulesFormSchema(t, TZ).safeParse({
      ...SEASON_RULES_FORM,
      maxPerWeek: '1.5',
      maxUpcoming: '99',
      windowOpensAt: '2027-03-14T02:30',
      windowClosesAt: '2027-03-01T09:00',
    });
    const byField = Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(byField).toEqual({
      maxPerWeek: 'Use a whole number, like 2, or leave it empty',
      maxUpcoming: 'The upcoming limit is at most 50',
      windowOpensAt: expect.stringContaining('does not exist') as string,
    });
    const order = divisionRulesFormSchema(t, TZ).safeParse({ ...SEASON_RULES_FORM, windowOpensAt: '2027-03-02T09:00', windowClosesAt: '2027-03-01T09:00' });
    expect(order.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['windowClosesAt', 'The booking window must close after it opens']]);
  });
});
