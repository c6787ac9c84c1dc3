import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PRODUCT_TITLE } from '../../../../shared/constants';
import { useT } from '../../../lib/i18n';

/** Spec §6/§8: what a non-admin sees on a guarded admin page. */
export function NotAuthorizedPage({ signedIn }: { signedIn: boolean }) {
  const { t } = useT('auth');
  const common = useT('common').t;
  const location = useLocation();
  const redirect = encodeURIComponent(location.pathname + location.search);
  return (
    <section className="mx-auto max-w-xl py-10 text-center">
      <title>{t('notAuthorized.docTitle', { product: PRODUCT_TITLE })}</title>
      <p className="text-sm font-semibold tracking-wide text-danger-700 uppercase">403</p>
      <h1 className="mt-1 text-3xl font-bold text-primary-900">{t('notAuthorized.title')}</h1>
      <p className="mt-3 text-slate-700">{signedIn ? t('notAuthorized.textSignedIn') : t('notAuthorized.textVisitor')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {signedIn ? null : (
          <Link to={`/login?redirect=${redirect}`} className={buttonClasses('primary')}>
            {t('logIn')}
          </Link>
        )}
        <Link to="/" className={buttonClasses(signedIn ? 'primary' : 'secondary')}>
          {common('home')}
        </Link>
      </div>
    </section>
  );
}
