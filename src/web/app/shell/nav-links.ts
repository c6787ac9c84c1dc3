import type { MessageKey } from '../../../shared/i18n/catalogues';

/** Spec §2: the shell's links, in order. Admin is shown only to admins. `label`: its words in the common catalogue. */
export interface NavItem {
  to: string;
  label: MessageKey<'common'>;
  adminOnly?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/slots', label: 'nav.bookField' },
  { to: '/public-calendar', label: 'nav.calendar' },
  { to: '/coach-dashboard', label: 'nav.coach' },
  { to: '/admin', label: 'nav.admin', adminOnly: true },
];

export const visibleNavItems = (isAdmin: boolean) => NAV_ITEMS.filter((item) => !item.adminOnly || isAdmin);
