import { useEffect, useState } from 'react';

/** How far the server's clock is ahead of the browser's, from a server time read at `receivedAt` (browser ms). */
export function clockOffset(serverNow: string | undefined, receivedAt: number): number {
  const server = serverNow ? Date.parse(serverNow) : Number.NaN;
  return Number.isFinite(server) && receivedAt > 0 ? server - receivedAt : 0;
}

/**
 * The server's "now", kept moving: the rules are judged on the server's clock, so a browser whose clock is
 * off still explains them as the server will decide. Re-renders every `tickMs` so slots turn "too soon" or
 * past while the page stays open.
 */
export function useServerNow(serverNow: string | undefined, receivedAt: number, tickMs = 30_000): Date {
  const [browserNow, setBrowserNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setBrowserNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  // A context read after the last tick is newer than it: count from then, not from a stale tick.
  return new Date(Math.max(browserNow, receivedAt) + clockOffset(serverNow, receivedAt));
}
