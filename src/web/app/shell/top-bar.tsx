import { Link, NavLink } from 'react-router';
import { PRODUCT_TITLE } from '../../../shared/constants';
import { cx } from '../../lib/cx';
import { useT } from '../../lib/i18n';
import { useSession } from '../session/use-session';
import { AccountMenu } from './account-menu';
import { MobileMenu } from './mobile-menu';
import { visibleNavItems } from './nav-links';
import { usePagePrefetch } from './use-page-prefetch';

const authLinkClasses = 'flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold sm:px-3';

/** Spec §2: the sticky top bar with the logo, the title, the links and the account area. */
export function TopBar() {
  const { t } = useT('common');
  const auth = useSession();
  const prefetch = usePagePrefetch();
  return (
    <header className="sticky top-0 z-40 bg-primary-800 text-white shadow-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1.5 px-2.5 sm:gap-4 sm:px-6">
        <Link to="/" className="flex min-h-11 min-w-0 items-center gap-1.5 rounded-lg pr-1 sm:gap-2">
          <img src="/logo.svg" alt="" width="36" height="36" className="size-8 shrink-0 sm:size-9" />
          <span className="truncate text-sm font-bold tracking-tight min-[400px]:text-base sm:text-lg">{PRODUCT_TITLE}</span>
        </Link>

        <nav aria-label={t('nav.main')} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {visibleNavItems(auth.isAdmin).map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  {...prefetch(item.to)}
                  className={({ isActive }) =>
                    cx(
                      'flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold',
                      isActive ? 'bg-primary-900 text-accent-300' : 'text-white hover:bg-primary-700',
                    )
                  }
                >
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex shrink-0 items-center gap-0.5 sm:gap-1">
          {auth.status === 'loading' ? (
            <span role="status" className="px-2 text-sm text-primary-100">
              {t('loading')}
            </span>
          ) : auth.status === 'signed-in' ? (
            <AccountMenu session={auth.session} />
          ) : (
            <>
              <Link to="/login" className={cx(authLinkClasses, 'text-white hover:bg-primary-700')}>
                {t('topBar.login')}
              </Link>
              <Link to="/signup" className={cx(authLinkClasses, 'bg-accent-400 text-primary-900 hover:bg-accent-300')}>
                {t('topBar.signup')}
              </Link>
            </>
          )}
          <MobileMenu auth={auth} />
        </div>
      </div>
    </header>
  );
}
