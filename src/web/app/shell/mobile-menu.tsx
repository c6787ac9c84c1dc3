import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { cx } from '../../lib/cx';
import { useT } from '../../lib/i18n';
import type { AuthState } from '../session/use-session';
import { Avatar } from './avatar';
import { useDismiss } from './use-dismiss';
import { visibleNavItems } from './nav-links';
import { usePagePrefetch } from './use-page-prefetch';

/**
 * Below the md breakpoint: the shell's links, plus who is signed in, their photo (or the logo) and their team (spec §2). A disclosure
 * button and its panel: focus moves to the first link on opening; Escape, a press outside or leaving it by Tab
 * closes it, and choosing a link too.
 */
export function MobileMenu({ auth }: { auth: AuthState }) {
  const { t } = useT('common');
  const profile = auth.session?.profile;
  const prefetch = usePagePrefetch();
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const close = useCallback((focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }, []);
  useDismiss(open, close, buttonRef, panelRef);

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
  }, [open]);

  const panelId = `${id}-panel`;
  return (
    <div className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('menu.open')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-open={open ? '' : undefined}
        onClick={() => setOpen(!open)}
        className="flex size-11 items-center justify-center rounded-lg text-white hover:bg-primary-700 data-open:bg-primary-700"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      {open ? (
        <div ref={panelRef} id={panelId} className="absolute inset-x-0 top-full border-b border-slate-200 bg-white shadow-lg">
          <div className="px-4 py-3">
            <nav aria-label={t('nav.mobile')}>
              <ul className="flex flex-col">
                {visibleNavItems(auth.isAdmin).map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      {...prefetch(item.to)}
                      onClick={() => close(false)}
                      className={({ isActive }) =>
                        cx(
                          'flex min-h-12 items-center rounded-lg px-3 text-base font-semibold',
                          isActive ? 'bg-primary-50 text-primary-900' : 'text-slate-800 hover:bg-slate-100',
                        )
                      }
                    >
                      {t(item.label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            {profile ? (
              <div className="mt-2 flex items-center gap-3 border-t border-slate-200 px-3 pt-3 pb-1 text-sm">
                <Avatar photoURL={profile.photoURL} className="size-10 ring-slate-200" />
                <div className="min-w-0">
                  <p className="text-slate-600">{t('account.signedInAs')}</p>
                  <p className="truncate font-semibold text-slate-900">{profile.email}</p>
                  {profile.teamName ? <p className="text-slate-700">{t('account.team', { team: profile.teamName })}</p> : null}
                </div>
              </div>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
