import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_RULES } from '../../../shared/bookings/booking-rules';
import { rulesFormSchema, toRulesForm } from './booking-rules-form';
import { loadNamespace, translate, type Translate } from '../../lib/i18n';

const t: Translate<'bookings-admin'> = (key, values) => translate('bookings-admin', key, values);
beforeAll(() => loadNamespace('en', 'bookings-admin'));

const TZ = 'America/Chicago';

describe('the booking-rules form', () => {
  it('shows the rules, window times as league wall time, and reads them back', () => {
    const rules = { ...DEFAULT_BOOKING_RULES, windowOpensAt: '2026-08-10T14:00:00.000Z', pausedMessage: 'Rain week' };
    const form = toRulesForm(rules, TZ);
    expect(form).toMatchObject({ windowOpensAt: '2026-08-10T09:00', windowClosesAt: '', maxPerWeek: '2', pausedMessage: 'Rain week' });
    expect(rulesFormSchema(t, TZ).parse(form)).toEqual({ ...rules, windowOpensAt: '2026-08-10T09:00:00-05:00' });
  });

  it('reads an empty paused message and empty window as none', () => {
    const form = { ...toRulesForm(DEFAULT_BOOKING_RULES, TZ), pausedMessage: '  ' };
    expect(rulesFormSchema(t, TZ).parse(form)).toEqual(DEFAULT_BOOKING_RULES);
  });

  it('puts every problem at its field after one submit', () => {
    const form = {
      ...toRulesForm(DEFAULT_BOOKING_RULES, TZ),
      maxPerWeek: '',
      maxPerDay: '1.5',
      maxUpcoming: '99',
      windowOpensAt: '2026-12-01T09:00',
      windowClosesAt: '2026-11-01T09:00',
    };
    const result = rulesFormSchema(t, TZ).safeParse(form);
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(byField).toEqual({
      maxPerWeek: 'Enter a number',
      maxPerDay: 'Use a whole number, like 2',
      maxUpcoming: 'The upcoming limit is at most 50',
      windowClosesAt: 'The booking window must close after it opens',
    });
  });

  it('refuses a window time that does not exist (clocks spring forward)', () => {
    const form = { ...toRulesForm(DEFAULT_BOOKING_RULES, TZ), windowOpensAt: '2027-03-14T02:30' };
    const result = rulesFormSchema(t, TZ).safeParse(form);
    expect(result.error?.issues[0]).toMatchObject({ path: ['windowOpensAt'], message: expect.stringContaining('does not exist') });
  });
});
