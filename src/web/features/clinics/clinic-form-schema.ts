import { z } from 'zod';
import { clinicInputSchema, type Clinic, type ClinicInput } from '../../../shared/clinics/clinics.schemas';
import { parseLocalInput, toLocalInput } from '../../lib/dates';
import type { Translate } from '../../lib/i18n';

/** The clinic form as typed: datetime-local wall times in the league zone, '' for "not chosen". */
export interface ClinicForm {
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  /** 'other' when the place is typed in `locationText`. */
  facilityId: string;
  locationText: string;
  ageGroup: string;
  capacity: string;
  registrationOpensAt: string;
  registrationClosesAt: string;
  published: boolean;
}

export const OTHER_PLACE = 'other';

export const emptyClinicForm: ClinicForm = {
  title: '',
  description: '',
  startsAt: '',
  endsAt: '',
  facilityId: '',
  locationText: '',
  ageGroup: '',
  capacity: '12',
  registrationOpensAt: '',
  registrationClosesAt: '',
  published: true,
};

/** A clinic as the edit form shows it. */
export function clinicToForm(clinic: Clinic, timeZone: string): ClinicForm {
  const local = (iso: string | null) => (iso ? toLocalInput(iso, timeZone) : '');
  return {
    title: clinic.title,
    description: clinic.description ?? '',
    startsAt: local(clinic.startsAt),
    endsAt: local(clinic.endsAt),
    facilityId: clinic.facilityId ?? OTHER_PLACE,
    locationText: clinic.locationText ?? '',
    ageGroup: clinic.ageGroup ?? '',
    capacity: String(clinic.capacity),
    registrationOpensAt: local(clinic.registrationOpensAt),
    registrationClosesAt: local(clinic.registrationClosesAt),
    published: clinic.published,
  };
}

/**
 * Reads the form into clinicInputSchema's shape (times as ISO with the league's offset; the place as a facility or
 * the typed text), then checks it with the shared schema, so its messages land on the form's fields. The place's
 * problems are in `t`'s words.
 */
export function clinicFormSchema(t: Translate<'clinics'>, timeZone: string) {
  return z
    .object({
      title: z.string(),
      description: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      facilityId: z.string(),
      locationText: z.string(),
      ageGroup: z.string(),
      capacity: z.string(),
      registrationOpensAt: z.string(),
      registrationClosesAt: z.string(),
      published: z.boolean(),
    })
    .transform((form, ctx): ClinicInput => {
      const instant = (field: 'startsAt' | 'endsAt' | 'registrationOpensAt' | 'registrationClosesAt', optional: boolean): string | null => {
        if (optional && !form[field].trim()) return null;
        const parsed = parseLocalInput(form[field], timeZone);
        if ('error' in parsed) {
          ctx.addIssue({ code: 'custom', path: [field], message: parsed.error });
          return null;
        }
        return parsed.iso;
      };
      const other = form.facilityId === OTHER_PLACE;
      if (!form.facilityId) ctx.addIssue({ code: 'custom', path: ['facilityId'], message: t('form.chooseFacility') });
      else if (other && !form.locationText.trim())
        ctx.addIssue({ code: 'custom', path: ['locationText'], message: t('form.typePlace') });
      return {
        title: form.title,
        description: form.description,
        startsAt: instant('startsAt', false) ?? '',
        endsAt: instant('endsAt', false) ?? '',
        facilityId: other ? null : form.facilityId || null,
        locationText: other ? form.locationText : null,
        ageGroup: form.ageGroup,
        capacity: form.capacity.trim() === '' ? Number.NaN : Number(form.capacity),
        registrationOpensAt: instant('registrationOpensAt', true),
        registrationClosesAt: instant('registrationClosesAt', true),
        published: form.published,
      };
    })
    .pipe(clinicInputSchema);
}
