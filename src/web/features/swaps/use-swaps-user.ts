import { useSession } from '../../app/session/use-session';

/**
 * Who has swap offers: a coach of a team (or an admin on a team), as the server's /api/swaps/mine answers them; only
 * `coach` (not a member of the team) may offer, accept, decline or withdraw. Nobody else is asked.
 */
export function useSwapsUser(): { userId: string | null; follows: boolean; coach: boolean } {
  const auth = useSession();
  const profile = auth.session?.profile ?? null;
  const signedIn = auth.status === 'signed-in' && Boolean(profile?.teamId);
  const follows = signedIn && (profile?.role !== 'member' || auth.isAdmin);
  return { userId: profile?.id ?? null, follows, coach: signedIn && profile?.role !== 'member' };
}
