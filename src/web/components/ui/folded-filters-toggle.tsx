import { RichText, useT } from '../../lib/i18n';

/**
 * On a phone a page's filters fold away so its content starts in the first screen: this line says what is shown
 * and opens the panel (`panelId`), with how many filters are set. Hidden from md up, where the panel is always open.
 */
export function FoldedFiltersToggle({ summary, chosen, open, onToggle, panelId }: { summary: string; chosen: number; open: boolean; onToggle: () => void; panelId: string }) {
  const { t } = useT('common');
  return (
    <div className="flex items-center justify-between gap-3">
      <p className="min-w-0 truncate text-sm text-slate-700">
        <RichText ns="common" k="filters.summary" values={{ summary }} components={{ 0: <span className="sr-only" /> }} />
      </p>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
        className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-primary-800 hover:border-primary-400 hover:bg-primary-50 aria-expanded:border-primary-800 aria-expanded:bg-primary-50"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          <path d="M3 5a1 1 0 0 1 1-1h12a1 1 0 1 1 0 2H4a1 1 0 0 1-1-1Zm3 5a1 1 0 0 1 1-1h6a1 1 0 1 1 0 2H7a1 1 0 0 1-1-1Zm3 5a1 1 0 0 1 1-1h0a1 1 0 1 1 0 2h0a1 1 0 0 1-1-1Z" />
        </svg>
        {t('filters.button')}
        {chosen ? (
          <span className="rounded-full bg-primary-800 px-2 text-xs text-white">
            <RichText ns="common" k="filters.chosen" values={{ count: chosen }} components={{ 0: <span className="sr-only" /> }} />
          </span>
        ) : null}
      </button>
    </div>
  );
}
