import { useT } from '../../lib/i18n';
import { Alert } from './alert';
import { Button } from './button';

/**
 * A part of the page whose data could not be loaded: what is missing (the title), why (usually the server's
 * message) and Try again, which loads it again.
 */
export function LoadErrorAlert({ title, message, onRetry, className }: { title: string; message: string; onRetry: () => unknown; className?: string }) {
  const { t } = useT('common');
  return (
    <Alert title={title} className={className}>
      <p>{message}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={() => void onRetry()}>
        {t('tryAgain')}
      </Button>
    </Alert>
  );
}
