import { z } from 'zod';
import { BLOCK_SCOPES, blockInputSchema } from '../../../shared/blocks/blocks.schemas';
import { parseLocalInput } from '../../lib/dates';

/** The block form as typed: datetime-local wall times in the league zone, '' for "not chosen". */
export interface BlockForm {
  scope: (typeof BLOCK_SCOPES)[number];
  slotId: string;
  fieldId: string;
  facilityId: string;
  startsAt: string;
  endsAt: string;
  /** One of BLOCK_CATEGORIES once chosen. */
  category: string;
  reason: string;
}

export const emptyBlockForm: BlockForm = { scope: 'field', slotId: '', fieldId: '', facilityId: '', startsAt: '', endsAt: '', category: '', reason: '' };

const orUndefined = (value: string) => (value === '' ? undefined : value);

/**
 * Reads the form into blockInputSchema's shape (only the target the scope needs; times as ISO with the
 * league's offset), then validates with the shared schema, so its messages land on the form's fields.
 */
export function blockFormSchema(timeZone: string) {
  return z
    .object({
      scope: z.enum(BLOCK_SCOPES),
      slotId: z.string(),
      fieldId: z.string(),
      facilityId: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      category: z.string(),
      reason: z.string(),
    })
    .transform((form, ctx): z.input<typeof blockInputSchema> => {
      const base = { scope: form.scope, category: form.category as z.input<typeof blockInputSchema>['category'], reason: form.reason };
      if (form.scope === 'slot') return { ...base, slotId: orUndefined(form.slotId) };
      const target = form.scope === 'field' ? { fieldId: orUndefined(form.fieldId) } : { facilityId: orUndefined(form.facilityId) };
      // Empty times are left to the shared schema ("Choose when the block starts"); unreadable ones are caught here.
      const times: { startsAt?: string; endsAt?: string } = {};
      for (const key of ['startsAt', 'endsAt'] as const) {
        if (!form[key]) continue;
        const parsed = parseLocalInput(form[key], timeZone);
        if ('error' in parsed) ctx.addIssue({ code: 'custom', path: [key], message: parsed.error });
        else times[key] = parsed.iso;
      }
      const candidate = { ...base, ...target, ...times };
      const full = blockInputSchema.safeParse(candidate);
      if (full.success) return candidate;
      // zod runs the shared schema's cross-field checks (target and times) only once every field is valid.
      // Run them with stand-ins for category and reason too, so every problem shows after one submit.
      const crossField = blockInputSchema.safeParse({ ...candidate, category: 'other', reason: 'stand-in' });
      const seen = new Set<string>();
      for (const issue of [...full.error.issues, ...(crossField.error?.issues ?? [])]) {
        const key = `${issue.path.join('.')}|${issue.message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
      return z.NEVER;
    })
    .pipe(blockInputSchema);
}
