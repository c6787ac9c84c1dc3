import { useSession } from '../../app/session/use-session';

/**
 * Who has waits: someone who follows a team's bookings, a coach (or an admin on a team), as the server's
 * /api/waits/mine answers them. Nobody else is asked.
 */
export function useWaitlistUser(): { userId: string | null; follows: boolean } {
  const auth = useSession();
  const profile = auth.session?.profile ?? null;
  const follows = auth.status === 'signed-in' && Boolean(profile?.teamId) && (profile?.role !== 'member' || auth.isAdmin);
  return { userId: profile?.id ?? null, follows };
}
