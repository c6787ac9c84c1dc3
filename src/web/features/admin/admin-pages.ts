/** Every admin page (spec §2 admin routes), with the words used in the side navigation and on the tiles. */
export interface AdminPage {
  to: string;
  /** Short label for navigation. */
  label: string;
  /** The page's h1. */
  title: string;
  description: string;
}

export const ADMIN_HOME: AdminPage = {
  to: '/admin',
  label: 'Overview',
  title: 'League admin',
  description: 'Counts at a glance and every admin tool in one place.',
};

export const ADMIN_PAGES: readonly AdminPage[] = [
  {
    to: '/admin-season-manager',
    label: 'Seasons',
    title: 'Seasons',
    description: 'Create and edit seasons, and choose the active one coaches book in.',
  },
  {
    to: '/admin-facility-manager',
    label: 'Facilities & fields',
    title: 'Facilities',
    description: 'The parks and complexes the league uses, and the fields at each that teams can book.',
  },
  {
    to: '/admin-slots',
    label: 'Slots',
    title: 'Slots',
    description: 'Generate practice slots across fields, days and times, preview overlaps, and edit single slots.',
  },
  {
    to: '/admin-block-slot',
    label: 'Block slots',
    title: 'Block slots',
    description: 'Block a slot, a field or a whole facility over a time range, with a reason coaches can see.',
  },
  {
    to: '/admin-manage-bookings',
    label: 'Manage bookings',
    title: 'Manage bookings',
    description: 'Search, cancel and move bookings, and export them as CSV.',
  },
  {
    to: '/admin-booking-control',
    label: 'Booking rules',
    title: 'Booking rules',
    description: 'Per-season booking rules: when booking opens, weekly and daily limits, lead time and cancellation cutoff.',
  },
  {
    to: '/admin-override-booking',
    label: 'Override booking',
    title: 'Override booking',
    description: 'Book any slot for any team outside the rules, with a reason that goes into the audit log.',
  },
  {
    to: '/admin-user-manager',
    label: 'Users & teams',
    title: 'Users and teams',
    description: 'Roles, teams and disabled accounts; create and rename teams.',
  },
  {
    to: '/admin-reports',
    label: 'Reports',
    title: 'Reports',
    description: 'Bookings, hours and cancellations per team, field utilization per week, with CSV export.',
  },
  {
    to: '/admin-announcements',
    label: 'Announcements',
    title: 'Announcements',
    description: 'Write announcements for everyone, coaches or admins, with a preview before publishing.',
  },
  {
    to: '/admin-mail',
    label: 'Mail',
    title: 'Mail',
    description: 'Email that failed or is still waiting to go out, with the reason; send one again.',
  },
  {
    to: '/admin-audit-log',
    label: 'Audit log',
    title: 'Audit log',
    description: 'Every change made in the league app: who, what, when, and the before and after.',
  },
];

export const ADMIN_NAV: readonly AdminPage[] = [ADMIN_HOME, ...ADMIN_PAGES];

export function adminPage(to: string): AdminPage {
  const page = ADMIN_NAV.find((p) => p.to === to);
  if (!page) throw new Error(`Unknown admin page ${to}`);
  return page;
}
