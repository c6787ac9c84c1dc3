import { Suspense, useId } from 'react';
import { Link } from 'react-router';
import type { MyRainOuts } from '../../../../shared/rain-outs/rain-outs.schemas';
import { useSession } from '../../../app/session/use-session';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../lib/cx';
import { RichText, translate, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useDismissRainOut } from '../api/dismiss-rain-out';
import { useMyRainOuts } from '../api/get-my-rain-outs';
import { rainOutNoticeWords } from '../rain-out-words';

/**
 * A coach's rain-out news at the top of every page (issue 28), on the next visit after a rain-out cancelled the team's
 * practices and until dismissed: what was cancelled, the make-up credits, the way to book one; once reopened, which
 * practices are back. Only for someone who follows a team's bookings (a coach, or an admin on a team): the server
 * has nothing for anyone else. Nothing while loading or on a failure. Its words load only when there is news to show.
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

function RainOutNotice({
  notice,
  credits,
  timeZone,
  onDismiss,
}: {
  notice: MyRainOuts['notices'][number];
  credits: MyRainOuts['credits'];
  timeZone: string;
  onDismiss: () => void;
}) {
  const { t } = useT('field-status');
  const headingId = useId();
  const words = rainOutNoticeWords(t, notice, credits, timeZone);
  const reopened = words.tone === 'reopened';
  return (
    <section
      aria-labelledby={headingId}
      className={cx('rounded-xl border-2 p-4 shadow-sm sm:p-5', reopened ? 'border-success-600 bg-success-50' : 'border-warning-500 bg-warning-50')}
    >
      <h2 id={headingId} className={cx('text-lg font-bold break-words', reopened ? 'text-success-800' : 'text-warning-800')}>
        {words.heading}
      </h2>
      <p className="mt-1 break-words text-slate-800">{words.text}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {words.action ? (
          <Link to={words.action.to} className={buttonClasses('primary')}>
            {words.action.label}
          </Link>
        ) : null}
        <Button variant="secondary" onClick={onDismiss}>
          <RichText ns="field-status" k="banner.dismiss" values={{ heading: words.heading }} components={{ 0: <span className="sr-only" /> }} />
        </Button>
      </div>
    </section>
  );
}
