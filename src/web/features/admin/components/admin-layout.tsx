import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { cx } from '../../../lib/cx';
import { useT } from '../../../lib/i18n';
import { ADMIN_NAV } from '../admin-pages';

/** All admin pages share this: a side navigation on desktop, a menu on phones (ui.md "Admin"). */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useT('admin');
  return (
    <div className="lg:grid lg:grid-cols-[14rem_1fr] lg:gap-8">
      <aside className="hidden lg:block">
        <nav aria-label={t('nav.label')} className="sticky top-24">
          <p className="px-3 pb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">{t('nav.heading')}</p>
          <ul className="flex flex-col gap-0.5">
            {ADMIN_NAV.map((page) => (
              <li key={page.to}>
                <NavLink
                  to={page.to}
                  end
                  className={({ isActive }) =>
                    cx(
                      'flex min-h-10 items-center rounded-lg px-3 text-sm font-medium',
                      isActive ? 'bg-primary-800 text-white' : 'text-slate-800 hover:bg-primary-50 hover:text-primary-900',
                    )
                  }
                >
                  {t(`page.${page.key}.label`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0">
        <AdminMobileMenu />
        {children}
      </div>
    </div>
  );
}

function AdminMobileMenu() {
  const { t } = useT('admin');
  const location = useLocation();
  const current = ADMIN_NAV.find((p) => p.to === location.pathname);
  return (
    <Menu as="div" className="relative mb-4 lg:hidden">
      <MenuButton className="flex min-h-11 w-full items-center justify-between rounded-lg border border-slate-300 bg-white px-4 text-left text-sm font-semibold text-primary-900 shadow-sm">
        <span>
          <span className="font-normal text-slate-600">{t('nav.mobilePrefix')}</span>
          {current ? t(`page.${current.key}.label`) : t('nav.choose')}
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-current">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </MenuButton>
      <MenuItems
        modal={false}
        className="absolute inset-x-0 z-30 mt-1 rounded-xl border border-slate-200 bg-white py-1 shadow-lg focus:outline-none"
      >
        {ADMIN_NAV.map((page) => (
          <MenuItem key={page.to}>
            <Link
              to={page.to}
              aria-current={page.to === location.pathname ? 'page' : undefined}
              className="flex min-h-11 items-center px-4 text-sm font-medium text-slate-800 data-focus:bg-primary-50 aria-[current=page]:font-bold aria-[current=page]:text-primary-900"
            >
              {t(`page.${page.key}.label`)}
            </Link>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
