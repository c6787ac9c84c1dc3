import { Suspense, useSyncExternalStore } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useLeagueTimeZone } from '../../lib/api/get-league';
import { formatTime } from '../../lib/dates';
import { useT } from '../../lib/i18n';
import { oldestSavedCopy, onSavedCopies } from '../../lib/saved-copy';
import { onUpdateReady, updateReady } from './update-state';

/**
 * The installable app's two notices above every page (decision 037): "Saved at 5:12 pm: you are offline" while the
 * page shows a copy the offline worker saved, and "A new version is ready" with Reload. Each draws (and loads its
 * words) only when there is something to say, so the first screen waits for neither.
 */
export function PwaBanners() {
  const savedAt = useSyncExternalStore(onSavedCopies, oldestSavedCopy, () => null);
  const apply = useSyncExternalStore(onUpdateReady, updateReady, () => null);
  if (savedAt === null && !apply) return null;
  return (
    <Suspense fallback={null}>
      <div className="mb-5 flex flex-col gap-3">
        {apply ? <UpdateBanner apply={apply} /> : null}
        {savedAt !== null ? <SavedCopyBanner savedAt={savedAt} /> : null}
      </div>
    </Suspense>
  );
}

function SavedCopyBanner({ savedAt }: { savedAt: number }) {
  const { t } = useT('pwa');
  const timeZone = useLeagueTimeZone();
  return (
    <Alert tone="warning">
      <p className="font-semibold">{t('offline.savedAt', { time: formatTime(new Date(savedAt), timeZone) })}</p>
    </Alert>
  );
}

function UpdateBanner({ apply }: { apply: () => void }) {
  const { t } = useT('pwa');
  return (
    <Alert tone="info">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-semibold">{t('update.ready')}</p>
        <Button onClick={apply}>
          {t('update.reload')}
        </Button>
      </div>
    </Alert>
  );
}
