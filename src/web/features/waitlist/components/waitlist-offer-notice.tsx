import { Suspense, useId } from 'react';
import type { Wait } from '../../../../shared/waitlist/waitlist.schemas';
import { useT } from '../../../lib/i18n';
import { useMyWaits } from '../api/get-my-waits';
import { useWaitlistUser } from '../use-waitlist-user';
import { noticeText } from '../waitlist-words';
import { OfferActions } from './offer-actions';

/**
 * On top of every page, for a coach whose team was given a hold (issue 28): which slot, until when, Take it and Pass.
 * It comes without a reload: the team's waits reload on every slot event on a live page (a hold given is one), and
 * while the team waits for a slot, every minute anywhere. Nothing while loading, on a failure, or for anyone else.
 */
export function WaitlistOfferNotice() {
  const { userId, follows } = useWaitlistUser();
  const mine = useMyWaits(userId, follows);
  const offers = mine.data?.waits.filter((w) => w.state === 'offered') ?? [];
  if (!follows || !mine.data || offers.length === 0) return null;
  return (
    <div className="mb-5 flex flex-col gap-3">
      {/* Outside the page's Suspense: the notice waits for the waitlist's words on its own, showing nothing meanwhile. */}
      <Suspense fallback={null}>
        {offers.map((wait) => (
          <OfferNotice key={wait.id} wait={wait} timeZone={mine.data.timeZone} />
        ))}
      </Suspense>
    </div>
  );
}

function OfferNotice({ wait, timeZone }: { wait: Wait; timeZone: string }) {
  const { t } = useT('waitlist');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border-2 border-accent-500 bg-accent-100 p-4 shadow-sm sm:p-5">
      <h2 id={headingId} className="text-lg font-bold text-primary-900">
        {t('notice.title')}
      </h2>
      <p className="mt-1 break-words text-slate-800">{noticeText(t, wait, timeZone)}</p>
      <div className="mt-3">
        <OfferActions wait={wait} timeZone={timeZone} size="full" />
      </div>
    </section>
  );
}
