import { useQueryClient } from '@tanstack/react-query';
import { prefetchBookField } from '../../features/bookings/api/prefetch-book-field';
import { useCurrentSeason } from '../current-season/current-season-context';
import { useSession } from '../session/use-session';

type Intent = { onPointerEnter?: () => void; onFocus?: () => void; onPointerDown?: () => void };

/**
 * Handlers for a link that start loading its page's data as soon as someone is about to follow it (pointer on
 * it, keyboard focus, a press), so the page opens with its data. Book a Field, the page most people go to, has
 * them; other links get none.
 */
export function usePagePrefetch(): (to: string) => Intent {
  const queryClient = useQueryClient();
  const auth = useSession();
  const { season } = useCurrentSeason();
  return (to) => {
    if (to !== '/slots') return {};
    const profile = auth.session?.profile;
    const prefetch = () => prefetchBookField(queryClient, { currentSeasonId: season.id, userId: profile?.id ?? null, onTeam: Boolean(profile?.teamId) });
    return { onPointerEnter: prefetch, onFocus: prefetch, onPointerDown: prefetch };
  };
}
