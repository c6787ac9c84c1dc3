import { z } from 'zod';
import { rainOutInputSchema } from '../../../shared/rain-outs/rain-outs.schemas';
import { addDays, parseLocalInput } from '../../lib/dates';
import type { Translate } from '../../lib/i18n';

/** The rain-out form as typed: a league day, two wall-clock times on it, the checked fields. */
export interface RainOutForm {
  facilityId: string;
  /** The checked fields; all of them means the whole facility. */
  fieldIds: string[];
  /** "2027-05-04" */
  day: string;
  /** "16:00" */
  startsAt: string;
  /** "21:00"; "00:00" is midnight, the end of the day. */
  endsAt: string;
  reason: string;
}

/** Most rain-outs close an afternoon and evening of practices. */
export const DEFAULT_FROM = '16:00';
export const DEFAULT_TO = '21:00';

export interface FacilityFields {
  id: string;
  fields: ReadonlyArray<{ id: string }>;
}

/** Every field of the facility, all checked: the whole facility, as the form starts. */
export const allFieldIdsOf = (facilities: readonly FacilityFields[], facilityId: string): string[] =>
  facilities.find((f) => f.id === facilityId)?.fields.map((field) => field.id) ?? [];

type Issue = { path: PropertyKey[]; message: string };

/**
 * Reads the form into rainOutInputSchema's shape, then checks it with that schema so its messages land on the form's
 * fields: every field checked becomes `fieldIds: []` (the whole facility); the day and times are read in the league's
 * zone and sent as ISO with its offset (an end at 12:00 am is the midnight that ends the day).
 */
export function rainOutFormSchema(t: Translate<'rain-outs'>, timeZone: string, facilities: readonly FacilityFields[]) {
  return z
    .object({
      facilityId: z.string(),
      fieldIds: z.array(z.string()),
      day: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      reason: z.string(),
    })
    .transform((form, ctx): z.input<typeof rainOutInputSchema> => {
      const issues: Issue[] = [];
      const all = allFieldIdsOf(facilities, form.facilityId);
      if (form.facilityId && form.fieldIds.length === 0) {
        issues.push({
          path: ['fieldIds'],
          message: t('form.checkAField'),
        });
      }
      const whole = all.length > 0 && all.every((id) => form.fieldIds.includes(id));
      const times: { startsAt?: string; endsAt?: string } = {};
      if (!form.day) issues.push({ path: ['day'], message: t('form.chooseDay') });
      else {
        for (const key of ['startsAt', 'endsAt'] as const) {
          if (!form[key]) continue;
          const day = key === 'endsAt' && form.endsAt === '00:00' ? addDays(form.day, 1) : form.day;
          const parsed = parseLocalInput(`${day}T${form[key]}`, timeZone);
          if ('error' in parsed) issues.push({ path: [key], message: parsed.error });
          else times[key] = parsed.iso;
        }
      }
      const candidate = {
        facilityId: form.facilityId,
        fieldIds: whole ? [] : form.fieldIds.filter((id) => all.includes(id)),
        reason: form.reason,
        ...times,
      };
      const checked = rainOutInputSchema.safeParse(candidate);
      if (checked.success && issues.length === 0) return checked.data;
      // zod runs the shared schema's time checks only once every field is valid: run them with a stand-in facility
      // and reason too, so every problem shows after one submit.
      const crossField = rainOutInputSchema.safeParse({
        ...candidate,
        facilityId: '00000000-0000-4000-8000-000000000000',
        reason: 'stand-in',
      });
      for (const issue of [...(checked.error?.issues ?? []), ...(crossField.error?.issues ?? [])]) {
        // Without a day, "choose the day" says it all.
        if (!form.day && (issue.path[0] === 'startsAt' || issue.path[0] === 'endsAt')) continue;
        issues.push({
          path: issue.path[0] === 'fieldIds' ? ['fieldIds'] : issue.path,
          message: issue.message,
        });
      }
      const seen = new Set<string>();
      for (const issue of issues) {
        const key = `${issue.path.join('.')}|${issue.message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        ctx.addIssue({
          code: 'custom',
          path: issue.path,
          message: issue.message,
        });
      }
      return z.NEVER;
    })
    .pipe(rainOutInputSchema);
}
