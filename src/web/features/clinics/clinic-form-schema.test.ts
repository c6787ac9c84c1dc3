import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespace, translate, type Translate } from '../../lib/i18n';
import { clinicFormSchema, emptyClinicForm, OTHER_PLACE } from './clinic-form-schema';

const TZ = 'America/Chicago';
const t: Translate<'clinics'> = (key, values) => translate('clinics', key, values);

beforeAll(() => loadNamespace('en', 'clinics'));
const form = {
  ...emptyClinicForm,
  title: 'Pitching',
  startsAt: '2027-03-13T09:00',
  endsAt: '2027-03-13T11:00',
  facilityId: OTHER_PLACE,
  locationText: 'Gym',
  capacity: '12',
};

describe('clinicFormSchema', () => {
  it('reads wall times in the league zone, across the spring-forward change', () => {
    const result = clinicFormSchema(t, TZ).safeParse({
      ...form,
      startsAt: '2027-03-15T09:00',
      endsAt: '2027-03-15T11:00',
      registrationOpensAt: '2027-03-10T08:00',
      registrationClosesAt: '2027-03-14T12:00',
    });
    expect(result.success && result.data).toMatchObject({
      startsAt: '2027-03-15T09:00:00-05:00',
      endsAt: '2027-03-15T11:00:00-05:00',
      registrationOpensAt: '2027-03-10T08:00:00-06:00',
      registrationClosesAt: '2027-03-14T12:00:00-05:00',
      facilityId: null,
      locationText: 'Gym',
      capacity: 12,
    });
  });
  it('puts the shared messages at their fields', () => {
    const result = clinicFormSchema(t, TZ).safeParse({ ...form, endsAt: '2027-03-13T08:00', capacity: '0', locationText: '' });
    const issues = result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues).toContain('locationText: Type where the clinic is, e.g. "Lincoln Middle School gym"');
  });
  it('checks order and capacity with the shared schema', () => {
    const result = clinicFormSchema(t, TZ).safeParse({ ...form, endsAt: '2027-03-13T08:00', capacity: '0' });
    const issues = result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues).toEqual(expect.arrayContaining(['endsAt: The clinic must end after it starts', 'capacity: A clinic needs at least 1 place']));
  });
});
