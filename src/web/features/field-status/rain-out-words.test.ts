import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyRainOuts } from '../../../shared/rain-outs/rain-outs.schemas';
import { activate, translate, type Translate } from '../../lib/i18n';
import { rainOutNoticeWords as wordsIn } from './rain-out-words';

const t: Translate<'field-status'> = (key, values) => translate('field-status', key, values);
const rainOutNoticeWords = (...args: Parameters<typeof wordsIn> extends [unknown, ...infer Rest] ? Rest : never) => wordsIn(t, ...args);

beforeAll(() => activate('en', ['common', 'field-status']));
afterAll(() => activate('en', ['common']));

const TZ = 'America/Chicago';
type Notice = MyRainOuts['notices'][number];
const thu = { fieldName: 'Field 1', startsAt: '2026-12-03T23:00:00.000Z', endsAt: '2026-12-04T00:30:00.000Z', restored: false };
const fri = { fieldName: 'Field 2', startsAt: '2026-12-05T00:00:00.000Z', endsAt: '2026-12-05T01:30:00.000Z', restored: false };
const notice = (over: Partial<Notice> = {}): Notice => ({
  closureId: 'c1',
  facilityName: 'Riverside Park',
  fieldNames: null,
  startsAt: '2026-12-03T22:00:00.000Z',
  endsAt: '2026-12-05T03:00:00.000Z',
  reason: 'Wet fields',
  reopened: false,
  practices: [thu],
  ...over,
});
const oneCredit = [{ expiresAt: '2026-12-18T06:00:00.000Z' }];

describe('a coach’s rain-out notice', () => {
  it('says which practice was cancelled and how to make it up, in league time', () => {
    expect(rainOutNoticeWords(notice(), oneCredit, TZ)).toEqual({
      tone: 'rained-out',
      heading: 'Rained out: Riverside Park',
      text: 'Riverside Park was rained out (Wet fields): your practice Thu Dec 3, 5:00 pm on Field 1 is cancelled. You have 1 make-up practice to use by Dec 17: book it even past your weekly limit.',
      action: { label: 'Book a make-up practice', to: '/slots' },
    });
  });

  it('names the closed fields and every cancelled practice; without a credit left, offers another time', () => {
    const words = rainOutNoticeWords(notice({ fieldNames: ['Field 1', 'Field 2'], practices: [thu, fri] }), [], TZ);
    expect(words.text).toBe(
      'Riverside Park (Field 1, Field 2) was rained out (Wet fields): your practices Thu Dec 3, 5:00 pm on Field 1 and Fri Dec 4, 6:00 pm on Field 2 are cancelled. Book another time on Book a Field.',
    );
    expect(words.action).toEqual({ label: 'Book another practice', to: '/slots' });
  });

  it('once reopened, says which practices are back and which stay cancelled, with the credits left', () => {
    const words = rainOutNoticeWords(notice({ reopened: true, practices: [{ ...thu, restored: true }, fri] }), [...oneCredit, { expiresAt: '2026-12-20T06:00:00.000Z' }], TZ);
    expect(words.tone).toBe('reopened');
    expect(words.heading).toBe('Reopened: Riverside Park');
    expect(words.text).toBe(
      'Riverside Park reopened: your practice Thu Dec 3, 5:00 pm on Field 1 is back on the schedule. Your practice Fri Dec 4, 6:00 pm on Field 2 stays cancelled: its slot was taken, closed again or is past. You have 2 make-up practices, the first to use by Dec 17: book them even past your weekly limit.',
    );
    expect(words.action?.label).toBe('Book a make-up practice');
  });

  it('once reopened with every practice back, points to My Reservations', () => {
    const words = rainOutNoticeWords(notice({ reopened: true, practices: [{ ...thu, restored: true }] }), [], TZ);
    expect(words.text).toBe('Riverside Park reopened: your practice Thu Dec 3, 5:00 pm on Field 1 is back on the schedule.');
    expect(words.action).toEqual({ label: 'My Reservations', to: '/my-reservations' });
  });

  it('says it in Spanish, with the dates and the list in Spanish', async () => {
    await activate('es', ['common', 'field-status']);
    try {
      const words = rainOutNoticeWords(notice({ practices: [thu, fri] }), oneCredit, TZ);
      expect(words.heading).toBe('Suspendido por lluvia: Riverside Park');
      expect(words.text).toBe(
        'Riverside Park se suspendió por lluvia (Wet fields): quedan canceladas tus prácticas del jue 3 dic, 5:00 p.m. en Field 1 y vie 4 dic, 6:00 p.m. en Field 2. Tienes 1 práctica de reposición para usar hasta el 17 dic: resérvala aunque pases tu límite semanal.',
      );
      expect(words.action).toEqual({ label: 'Reservar una práctica de reposición', to: '/slots' });
    } finally {
      await activate('en', ['common']);
    }
  });
});
