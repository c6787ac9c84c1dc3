import { z } from 'zod';
import { boundedIsoDateTime } from '../time/date-bounds';

export const BLOCK_CATEGORIES = ['weather', 'maintenance', 'event', 'other'] as const;
export const BLOCK_SCOPES = ['slot', 'field', 'facility'] as const;

export const blockInputSchema = z
  .object({
    scope: z.enum(BLOCK_SCOPES),
    slotId: z.string().uuid().optional(),
    fieldId: z.string().uuid().optional(),
    facilityId: z.string().uuid().optional(),
    /** Required for field and facility blocks; a slot block covers the slot's own time. */
    startsAt: boundedIsoDateTime().optional(),
    endsAt: boundedIsoDateTime().optional(),
    category: z.enum(BLOCK_CATEGORIES, { message: 'Choose a reason: weather, maintenance, event or other' }),
    reason: z.string().trim().min(1, 'Say why, e.g. "Field flooded"; coaches will see it').max(200, 'Use at most 200 characters'),
    /** When confirmed bookings are in range: cancel them, or refuse the block. */
    onBookings: z.enum(['cancel', 'abort']).default('abort'),
  })
  .superRefine((v, ctx) => {
    const need = v.scope === 'slot' ? 'slotId' : v.scope === 'field' ? 'fieldId' : 'facilityId';
    if (!v[need]) ctx.addIssue({ code: 'custom', path: [need], message: `Choose the ${v.scope} to block` });
    if (v.scope !== 'slot') {
      if (!v.startsAt) ctx.addIssue({ code: 'custom', path: ['startsAt'], message: 'Choose when the block starts' });
      if (!v.endsAt) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Choose when the block ends' });
      if (v.startsAt && v.endsAt && Date.parse(v.endsAt) <= Date.parse(v.startsAt)) {
        ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The block must end after it starts' });
      }
    }
  });
export type BlockInput = z.input<typeof blockInputSchema>;

export const blockSchema = z.object({
  id: z.string(),
  scope: z.enum(BLOCK_SCOPES),
  slotId: z.string().nullable(),
  fieldId: z.string().nullable(),
  facilityId: z.string().nullable(),
  targetName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  category: z.enum(BLOCK_CATEGORIES),
  reason: z.string(),
  createdAt: z.string(),
  liftedAt: z.string().nullable(),
  slotsBlocked: z.number(),
});
export type Block = z.infer<typeof blockSchema>;

export const blockResultSchema = z.object({
  block: blockSchema,
  slotsBlocked: z.number(),
  bookingsCancelled: z.number(),
});
