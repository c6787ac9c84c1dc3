import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSignOut } from '../../features/auth/api/sign-out';
import { translate, useT } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import type { Session } from '../session/profile-cache';
import { Avatar } from './avatar';
import { useDismiss } from './use-dismiss';

const itemClasses =
  'flex min-h-11 w-full items-center px-4 text-left text-sm font-medium text-slate-800 outline-none hover:bg-primary-50 data-focus:bg-primary-50 data-focus:text-primary-900';

/** The items that can be chosen, in order: Profile, My reservations, Logout. */
const ITEM_COUNT = 3;

/**
 * Spec §2: 'Signed in as' + email, 'Team: {teamName}' when there is one, photo or logo, and Logout.
 * A menu button as the ARIA practices describe it (Enter, Space or ↓ open it on the first item, ↑ on the last;
 * arrows, Home and End move; Escape closes it and focus goes back to the button), written out here rather than
 * with Headless UI, which would put 30 kB on the first screen of every page for a signed-in person.
 */
export function AccountMenu({ session }: { session: Session }) {
  const { t } = useT('common');
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { profile } = session;
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  /** The item that has focus; null while the menu itself has it (opened by a click). */
  const [active, setActive] = useState<number | null>(null);

  const openAt = (index: number | null) => {
    setOpen(true);
    setActive(index);
  };
  const close = useCallback((focusButton: boolean) => {
    setOpen(false);
    setActive(null);
    if (focusButton) buttonRef.current?.focus();
  }, []);
  useDismiss(open, close, buttonRef, menuRef);

  /** The items that can be chosen, in order (the 'Signed in as' header is not one). */
  const choices = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[data-choice]') ?? [])];

  useEffect(() => {
    if (!open) return;
    (active === null ? menuRef.current : choices()[active])?.focus();
  }, [open, active]);

  const logout = () => {
    close(true);
    signOut.mutate(undefined, {
      onSuccess: () => {
        toast.success(translate('common', 'account.loggedOut'));
        void navigate('/');
      },
      onError: (err) => toast.error(err.message),
    });
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(ITEM_COUNT - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const move = (to: (current: number | null) => number) => {
      event.preventDefault();
      setActive(to);
    };
    if (event.key === 'ArrowDown') move((a) => (a === null ? 0 : Math.min(a + 1, ITEM_COUNT - 1)));
    else if (event.key === 'ArrowUp') move((a) => (a === null ? ITEM_COUNT - 1 : Math.max(a - 1, 0)));
    else if (event.key === 'Home' || event.key === 'PageUp') move(() => 0);
    else if (event.key === 'End' || event.key === 'PageDown') move(() => ITEM_COUNT - 1);
    else if (event.key === ' ' && active !== null) {
      // Space chooses an item, as Enter does (a link would otherwise scroll the page).
      event.preventDefault();
      choices()[active]?.click();
    }
  };

  const item = (index: number) => ({
    role: 'menuitem',
    tabIndex: -1,
    'data-choice': '',
    'data-focus': active === index ? '' : undefined,
    className: itemClasses,
  });

  const menuId = `${id}-menu`;
  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-open={open ? '' : undefined}
        onClick={() => (open ? close(false) : openAt(null))}
        onKeyDown={onButtonKeyDown}
        // Space opens on key down; its key up would otherwise click the button again and close the menu.
        onKeyUp={(event) => event.key === ' ' && event.preventDefault()}
        className="flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-white hover:bg-primary-700 data-open:bg-primary-700"
      >
        <Avatar photoURL={profile.photoURL} />
        <span className="sr-only sm:not-sr-only">{t('account.button')}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="hidden size-4 fill-current sm:block">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={`${id}-button`}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-50 mt-2 w-72 max-w-[calc(100vw-1.25rem)] overflow-hidden rounded-xl border border-slate-200 bg-white py-1 text-slate-900 shadow-lg focus:outline-none"
        >
          <div role="menuitem" aria-disabled="true" tabIndex={-1} className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
            <Avatar photoURL={profile.photoURL} className="size-12 ring-slate-200" />
            <div className="min-w-0">
              <p className="text-xs font-medium text-slate-600">{t('account.signedInAs')}</p>
              <p className="truncate text-sm font-semibold text-slate-900">{profile.email}</p>
              {profile.teamName ? <p className="truncate text-sm text-slate-700">{t('account.team', { team: profile.teamName })}</p> : null}
            </div>
          </div>
          <Link to="/profile" {...item(0)} onClick={() => close(false)}>
            {t('account.profile')}
          </Link>
          <Link to="/my-reservations" {...item(1)} onClick={() => close(false)}>
            {t('account.myReservations')}
          </Link>
          <button type="button" {...item(2)} onClick={logout} disabled={signOut.isPending} className={`${itemClasses} border-t border-slate-200 text-danger-700`}>
            {t('account.logout')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
