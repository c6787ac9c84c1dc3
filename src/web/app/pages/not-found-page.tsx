import { Link, useLocation } from 'react-router';
import { PRODUCT_TITLE } from '../../../shared/constants';
import { buttonClasses } from '../../components/ui/button';
import { RichText, useT } from '../../lib/i18n';

export function NotFoundPage() {
  const { t } = useT('common');
  const location = useLocation();
  return (
    <section className="mx-auto max-w-xl py-10 text-center">
      <title>{t('notFound.docTitle', { product: PRODUCT_TITLE })}</title>
      <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase">404</p>
      <h1 className="mt-1 text-3xl font-bold text-primary-900">{t('notFound.title')}</h1>
      <p className="mt-3 break-words text-slate-700">
        <RichText ns="common" k="notFound.text" values={{ path: location.pathname }} components={{ 0: <code className="rounded bg-slate-200 px-1" /> }} />
      </p>
      <div className="mt-6 flex justify-center">
        <Link to="/" className={buttonClasses('primary')}>
          {t('home')}
        </Link>
      </div>
    </section>
  );
}
