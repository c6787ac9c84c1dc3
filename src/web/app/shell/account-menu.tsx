import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { useSignOut } from '../../features/auth/api/sign-out';
import type { Session } from '../session/profile-cache';
import { Avatar } from './avatar';

const itemClasses =
  'flex min-h-11 w-full items-center px-4 text-left text-sm font-medium text-slate-800 data-focus:bg-primary-50 data-focus:text-primary-900';

/** Spec §2: 'Signed in as' + email, 'Team: {teamName}' when there is one, photo or logo, and Logout. */
export function AccountMenu({ session }: { session: Session }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { profile } = session;

  const logout = () => {
    signOut.mutate(undefined, {
      onSuccess: () => {
        toast.success('You are logged out.');
        void navigate('/');
      },
      onError: (err) => toast.error(err.message),
    });
  };

  return (
    <Menu as="div" className="relative">
      <MenuButton className="flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-white hover:bg-primary-700 data-open:bg-primary-700">
        <Avatar photoURL={profile.photoURL} />
        <span className="sr-only sm:not-sr-only">Account</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="hidden size-4 fill-current sm:block">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </MenuButton>
      <MenuItems modal={false} className="absolute right-0 z-50 mt-2 w-72 max-w-[calc(100vw-1.25rem)] overflow-hidden rounded-xl border border-slate-200 bg-white py-1 text-slate-900 shadow-lg focus:outline-none">
        <MenuItem disabled>
          <div className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
            <Avatar photoURL={profile.photoURL} className="size-12 ring-slate-200" />
            <div className="min-w-0">
              <p className="text-xs font-medium text-slate-600">Signed in as</p>
              <p className="truncate text-sm font-semibold text-slate-900">{profile.email}</p>
              {profile.teamName ? <p className="truncate text-sm text-slate-700">Team: {profile.teamName}</p> : null}
            </div>
          </div>
        </MenuItem>
        <MenuItem>
          <Link to="/profile" className={itemClasses}>
            Profile
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to="/my-reservations" className={itemClasses}>
            My reservations
          </Link>
        </MenuItem>
        <MenuItem>
          <button type="button" onClick={logout} disabled={signOut.isPending} className={`${itemClasses} border-t border-slate-200 text-danger-700`}>
            Logout
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
