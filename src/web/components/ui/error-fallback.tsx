import { Link } from 'react-router';
import { useT } from '../../lib/i18n';
import { buttonClasses } from './button';

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** Spec §2/§8: a render failure shows 'Something went wrong' together with the error text. */
export function ErrorFallback({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useT('common');
  return (
    <div role="alert" className="mx-auto max-w-xl py-10 text-center">
      <h1 className="text-2xl font-bold text-primary-900">{t('error.title')}</h1>
      <pre className="mt-4 overflow-x-auto rounded-lg bg-danger-50 p-4 text-left font-mono text-sm whitespace-pre-wrap text-danger-800">
        {errorText(error)}
      </pre>
      <p className="mt-4 text-slate-700">{t('error.help')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClasses('primary')} onClick={onRetry ?? (() => window.location.reload())}>
          {t('tryAgain')}
        </button>
        <Link to="/" className={buttonClasses('secondary')}>
          {t('home')}
        </Link>
      </div>
    </div>
  );
}
