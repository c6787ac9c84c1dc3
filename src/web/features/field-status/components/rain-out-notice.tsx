import { useId } from 'react';
import { Link } from 'react-router';
import type { MyRainOuts } from '../../../../shared/rain-outs/rain-outs.schemas';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../lib/cx';
import { RichText, useT } from '../../../lib/i18n';
import { rainOutNoticeWords } from '../rain-out-words';

/** One rain-out notice of a coach's banner (rain-out-banner.tsx loads this when there is news). */
export default function RainOutNotice({
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
