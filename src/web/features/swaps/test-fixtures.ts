import type { Booking } from '../../../shared/bookings/bookings.schemas';
import type { MySwaps, SwapOffer, SwapPractice } from '../../../shared/swaps/swaps.schemas';
import type { Profile } from '../../../shared/users/users.schemas';
import { memberProfile } from '../../test/render-app';

/** Practice swaps' web tests (issue 29): the Blue Jays' coach, and practices in Chicago (CST, -06:00). */
export const TZ = 'America/Chicago';
export const JAYS = '0a000000-0000-4000-8000-000000000001';
export const ORIOLES = '0a000000-0000-4000-8000-000000000002';
export const WRENS = '0a000000-0000-4000-8000-000000000003';
export const CARDINALS = '0a000000-0000-4000-8000-000000000004';
export const coach: Profile = { ...memberProfile, role: 'coach', teamId: JAYS, teamName: 'Blue Jays' };

const NAMES: Record<string, string> = { [JAYS]: 'Blue Jays', [ORIOLES]: 'Orioles', [WRENS]: 'Wrens', [CARDINALS]: 'Cardinals' };

let ids = 0;
/** A uuid of its own for each practice and offer. */
export const uuid = () => `0b000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

/** A 90-minute practice of the team at a Chicago wall time ("2026-12-10T17:00"). */
export function practice(teamId: string, local: string, fieldName = 'Field 2', over: Partial<SwapPractice> = {}): SwapPractice {
  const start = new Date(`${local}:00-06:00`);
  return {
    bookingId: uuid(),
    teamId,
    teamName: NAMES[teamId]!,
    status: 'confirmed',
    fieldName,
    facilityName: 'Riverside Park',
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 90 * 60_000).toISOString(),
    ...over,
  };
}

/** The same practice as My Reservations lists it. */
export function bookingOf(p: SwapPractice): Booking {
  return {
    id: p.bookingId,
    slotId: `slot-${p.bookingId}`,
    seasonId: 'season',
    teamId: p.teamId,
    teamName: p.teamName,
    status: p.status,
    startsAt: p.startsAt,
    endsAt: p.endsAt,
    fieldId: 'f',
    fieldName: p.fieldName,
    facilityName: p.facilityName,
    facilityAddress: null,
    mapUrl: null,
    bookedByEmail: 'pat@example.org',
    createdAt: '2026-11-20T12:00:00.000Z',
    cancelledAt: null,
    cancelReason: null,
    override: false,
    overrideReason: null,
  };
}

/** An open offer as the Blue Jays read it: `made` by them when `offered` is theirs, else `received`. */
export function offer(offered: SwapPractice, to: string, wanted: SwapPractice[], over: Partial<SwapOffer> = {}): SwapOffer {
  const made = offered.teamId === JAYS;
  return {
    id: uuid(),
    kind: wanted.length === 0 ? 'give' : 'swap',
    state: 'open',
    direction: made ? 'made' : 'received',
    fromTeam: { id: offered.teamId, name: offered.teamName },
    toTeam: { id: to, name: NAMES[to]! },
    offered,
    wanted,
    acceptedBookingId: null,
    note: null,
    // 24 hours before the offered practice.
    expiresAt: new Date(Date.parse(offered.startsAt) - 24 * 3_600_000).toISOString(),
    createdAt: '2026-11-20T12:00:00.000Z',
    decidedAt: null,
    ...over,
  };
}

export const mySwaps = (over: Partial<MySwaps> = {}): MySwaps => ({ timeZone: TZ, swapsEnabled: true, made: [], received: [], recent: [], ...over });
