/** Every admin page (spec §2 admin routes); its words (navigation label, h1, tile description) are in the admin catalogue. */
export interface AdminPage {
  to: string;
  /** The page's words in the catalogue: page.<key>.label, .title and .description. */
  key: AdminPageKey;
}

export type AdminPageKey =
  | 'overview'
  | 'seasonManager'
  | 'facilityManager'
  | 'slots'
  | 'blockSlot'
  | 'manageBookings'
  | 'bookingControl'
  | 'overrideBooking'
  | 'userManager'
  | 'reports'
  | 'announcements'
  | 'mail'
  | 'auditLog';

export const ADMIN_HOME: AdminPage = { to: '/admin', key: 'overview' };

export const ADMIN_PAGES: readonly AdminPage[] = [
  { to: '/admin-season-manager', key: 'seasonManager' },
  { to: '/admin-facility-manager', key: 'facilityManager' },
  { to: '/admin-slots', key: 'slots' },
  { to: '/admin-block-slot', key: 'blockSlot' },
  { to: '/admin-manage-bookings', key: 'manageBookings' },
  { to: '/admin-booking-control', key: 'bookingControl' },
  { to: '/admin-override-booking', key: 'overrideBooking' },
  { to: '/admin-user-manager', key: 'userManager' },
  { to: '/admin-reports', key: 'reports' },
  { to: '/admin-announcements', key: 'announcements' },
  { to: '/admin-mail', key: 'mail' },
  { to: '/admin-audit-log', key: 'auditLog' },
];

export const ADMIN_NAV: readonly AdminPage[] = [ADMIN_HOME, ...ADMIN_PAGES];
