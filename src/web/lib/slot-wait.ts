import type { Slot } from '../../shared/slots/slots.schemas';

/**
 * What Book a Field (features/bookings) gives the waitlist's slot action (features/waitlist, issue 28), which the app
 * puts into the page (router.tsx) since features do not import each other. Given only to a coach who may book.
 */
export interface SlotWaitProps {
  slot: Slot;
  /**
   * 'join': booked by another team, or held for one: the team may wait for it ("Tell me if it frees up", then its place
   * in line). 'held': held for the viewer's team: Take it and Pass.
   */
  mode: 'join' | 'held';
  /** The week grid's narrow pill, or the phone list's row (full-size buttons). */
  layout: 'pill' | 'row';
  timeZone: string;
  /** Book the slot as usual: a held slot offers it when the team's wait on it is not known here. */
  onBook: () => void;
}
