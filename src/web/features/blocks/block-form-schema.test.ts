import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { bookingsInTheWay } from './api/create-block';
import { blockFormSchema, emptyBlockForm } from './block-form-schema';

const schema = blockFormSchema('America/Chicago');
const FIELD = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('blockFormSchema', () => {
  it('sends a field block with league-time offsets, across the spring-forward change', () => {
    const result = schema.safeParse({
      ...emptyBlockForm,
      scope: 'field',
      fieldId: FIELD,
      facilityId: 'ignored',
      startsAt: '2026-03-07T08:00',
      endsAt: '2026-03-08T20:00',
      category: 'weather',
      reason: ' Field flooded ',
    });
    expect(result.success && result.data).toEqual({
      scope: 'field',
      fieldId: FIELD,
      startsAt: '2026-03-07T08:00:00-06:00',
      endsAt: '2026-03-08T20:00:00-05:00',
      category: 'weather',
      reason: 'Field flooded',
      onBookings: 'abort',
    });
  });

  it('sends only the slot for a slot block', () => {
    const result = schema.safeParse({ ...emptyBlockForm, scope: 'slot', slotId: FIELD, startsAt: 'junk', category: 'event', reason: 'Tournament' });
    expect(result.success && result.data).toEqual({ scope: 'slot', slotId: FIELD, category: 'event', reason: 'Tournament', onBookings: 'abort' });
  });

  it('puts the shared schema’s messages on the form’s fields', () => {
    const result = schema.safeParse({ ...emptyBlockForm, scope: 'facility' });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['facilityId', 'startsAt', 'endsAt', 'category', 'reason']));
  });

  it('refuses a time that does not exist in the league zone', () => {
    const result = schema.safeParse({ ...emptyBlockForm, scope: 'field', fieldId: FIELD, startsAt: '2026-03-08T02:30', endsAt: '2026-03-08T05:00', category: 'other', reason: 'x' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ['startsAt'], message: expect.stringContaining('does not exist') });
  });
});

describe('bookingsInTheWay', () => {
  it('reads the bookings from a 409 and nothing from other errors', () => {
    const bookings = [{ bookingId: 'b1', teamName: 'Blue Jays', fieldName: 'Field 3', startsAt: '2026-03-04T00:00:00Z', endsAt: '2026-03-04T01:30:00Z' }];
    expect(bookingsInTheWay(new ApiError(409, 'CONFLICT', 'x', { bookings }))).toEqual([
      { bookingId: 'b1', teamName: 'Blue Jays', fieldName: 'Field 3', startsAt: '2026-03-04T00:00:00Z', endsAt: '2026-03-04T01:30:00Z' },
    ]);
    expect(bookingsInTheWay(new ApiError(409, 'CONFLICT', 'x'))).toBeNull();
    expect(bookingsInTheWay(new ApiError(400, 'VALIDATION_FAILED', 'x', { bookings }))).toBeNull();
    expect(bookingsInTheWay(new Error('x'))).toBeNull();
  });
});
