import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { useT } from '../../../lib/i18n';
import { ADMIN_HOME, ADMIN_PAGES } from '../admin-pages';
import { useAdminOverview } from '../api/get-admin-overview';

/**
 * `actions`: buttons in the page header for what cannot wait (a rain-out); `inboxes`: what waits for an admin
 * (practice requests, contact messages), right below the counts; `children`: what sits below the tools (the league
 * settings). All composed in by the router.
 */
export function AdminHomePage({ actions, inboxes, children }: { actions?: ReactNode; inboxes?: ReactNode; children?: ReactNode }) {
  const { t } = useT('admin');
  const overview = useAdminOverview();
  const data = overview.data;
  const stats = [
    // What waits for an admin first: the two inboxes below the counts, and fields closed today.
    { label: t('stat.pendingRequests'), value: data?.pendingRequests, to: '#practice-requests' },
    { label: t('stat.newMessages'), value: data?.newContactMessages, to: '#contact-inbox' },
    { label: t('stat.fieldsBlockedToday'), value: data?.fieldsBlockedToday, to: '/admin-block-slot' },
    { label: t('stat.bookingsToday'), value: data?.bookingsToday, to: '/admin-manage-bookings' },
    { label: t('stat.openSlotsThisWeek'), value: data?.openSlotsThisWeek, to: '/admin-slots' },
    { label: t('stat.users'), value: data?.users, to: '/admin-user-manager' },
    { label: t('stat.teams'), value: data?.teams, to: '/admin-user-manager' },
    { label: t('stat.seasons'), value: data?.seasons, to: '/admin-season-manager' },
    { label: t('stat.activeSeason'), value: data ? (data.activeSeason ?? t('stat.noActiveSeason')) : undefined, to: '/admin-season-manager' },
  ];

  return (
    <section>
      <PageHeader title={t(`page.${ADMIN_HOME.key}.title`)} description={t(`page.${ADMIN_HOME.key}.description`)} actions={actions} />
      {overview.isError ? (
        <Alert className="mb-6">{t('countsFailed', { reason: overview.error.message })}</Alert>
      ) : null}

      <h2 className="sr-only">{t('atAGlance')}</h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        {stats.map((stat) => (
          <li key={stat.label}>
            <StatTile to={stat.to}>
              <span className="text-sm font-medium text-slate-700">{stat.label}</span>
              {stat.value === undefined ? (
                <Skeleton className="mt-2 h-8 w-16" />
              ) : (
                <span className={`mt-1 font-bold break-words text-primary-900 ${typeof stat.value === 'number' ? 'text-2xl' : 'text-lg leading-snug sm:text-xl'}`}>
                  {stat.value}
                </span>
              )}
            </StatTile>
          </li>
        ))}
      </ul>

      {inboxes ? <div className="mt-8 flex flex-col gap-8">{inboxes}</div> : null}

      <h2 className="mt-10 mb-4 text-lg font-semibold text-primary-900">{t('tools')}</h2>
      <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-3">
        {ADMIN_PAGES.map((page) => (
          <li key={page.to}>
            <Link
              to={page.to}
              className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-primary-400 hover:shadow"
            >
              <span className="font-semibold text-primary-800 group-hover:underline">{t(`page.${page.key}.title`)}</span>
              <span className="mt-1 text-sm text-slate-700">{t(`page.${page.key}.description`)}</span>
            </Link>
          </li>
        ))}
      </ul>

      <div className="mt-10">{children}</div>
    </section>
  );
}

const TILE = 'flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-primary-400 hover:shadow';

/** A count's tile: a link to its page, or (`#…`) to an inbox further down this page, which the browser scrolls to. */
function StatTile({ to, children }: { to: string; children: ReactNode }) {
  return to.startsWith('#') ? (
    <a href={to} className={TILE}>
      {children}
    </a>
  ) : (
    <Link to={to} className={TILE}>
      {children}
    </Link>
  );
}
