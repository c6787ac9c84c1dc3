import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For a file whose fixtures sit on fixed dates (a slot "next Tuesday", a clinic "next spring"): each test starts with
 * the clock at `iso` and lets it run on from there, so those dates stay in the future however long the suite lives.
 * Only Date is faked; setTimeout, waitFor's polling and user-event's timers stay real.
 */
export function startEachTestAt(iso: string) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso), shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
