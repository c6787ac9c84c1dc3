import { lazy, Suspense } from 'react';
import { useSession } from '../../../app/session/use-session';
import { translate } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useDismissRainOut } from '../api/dismiss-rain-out';
import { useMyRainOuts } from '../api/get-my-rain-outs';

/** One notice and its words: a chunk of its own, loaded only when there is news (most visits there is none). */
const RainOutNotice = lazy(() => import('./rain-out-notice'));

/**
 * A coach's rain-out news at the top of every page (issue 28), on the next visit after a rain-out cancelled the team's
 * practices and until dismissed: what was cancelled, the make-up credits, the way to book one; once reopened, which
 * practices are back. Only for someone who follows a team's bookings (a coach, or an admin on a team): the server
 * has nothing for anyone else. Nothing while loading or on a failure. Its words and code load only when there is news to show.
 */
export function RainOutBanner() {
  const auth = useSession();
  const profile = auth.session?.profile ?? null;
  const follows = auth.status === 'signed-in' && Boolean(profile?.teamId) && (profile?.role !== 'member' || auth.isAdmin);
  const userId = profile?.id ?? null;
  const mine = useMyRainOuts(userId, follows);
  const dismiss = useDismissRainOut(userId);
  if (!follows || !mine.data || mine.data.notices.length === 0) return null;
  const { notices, credits, timeZone } = mine.data;

  const onDismiss = (closureId: string) => {
    // The button goes with its notice: the focus goes to the page, not to the top of the document.
    document.getElementById('main')?.focus();
    dismiss.mutate(closureId, {
      // The notice showed, so its words are loaded.
      onSuccess: () => toast(translate('field-status', 'banner.dismissed')),
      onError: (err) => toast.error(translate('field-status', 'banner.dismissFailed', { error: err.message })),
    });
  };

  return (
    <Suspense fallback={null}>
      <div className="mb-5 flex flex-col gap-3">
        {notices.map((n) => (
          <RainOutNotice key={n.closureId} notice={n} credits={credits} timeZone={timeZone} onDismiss={() => onDismiss(n.closureId)} />
        ))}
      </div>
    </Suspense>
  );
}
