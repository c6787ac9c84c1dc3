import { useT } from '../../lib/i18n';

/**
 * Spec §2: the 'Loading…' shown while auth or a page loads (common `loading`).
 * `delayed`: the words fade in after a moment (styles.css `.appear-late`), so a page that arrives at once does
 * not flash them; a screen reader hears the status either way.
 */
export function Loading({ className, delayed = false }: { className?: string; delayed?: boolean }) {
  const { t } = useT('common');
  return (
    <p role="status" className={`${className ?? 'py-12 text-center text-slate-700'}${delayed ? ' appear-late' : ''}`}>
      {t('loading')}
    </p>
  );
}

/** Grey blocks the size of what is coming, so nothing jumps when data arrives. */
export function Skeleton({ className }: { className: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded-md bg-slate-200 ${className}`} />;
}
