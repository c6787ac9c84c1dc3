/** Spec §2: the shell's links, in order. Admin is shown only to admins. */
export interface NavItem {
  to: string;
  label: string;
  adminOnly?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/slots', label: 'Book a Field' },
  { to: '/public-calendar', label: 'Calendar' },
  { to: '/coach-dashboard', label: 'Coach' },
  { to: '/admin', label: 'Admin', adminOnly: true },
];

export const visibleNavItems = (isAdmin: boolean) => NAV_ITEMS.filter((item) => !item.adminOnly || isAdmin);
