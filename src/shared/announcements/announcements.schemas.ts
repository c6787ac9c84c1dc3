/** Who sees an announcement. */
export const ANNOUNCEMENT_AUDIENCES = ['everyone', 'coaches', 'admins'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

/** How loud it is: an urgent one is also a banner each person can dismiss. */
export const ANNOUNCEMENT_SEVERITIES = ['info', 'warning', 'urgent'] as const;
export type AnnouncementSeverity = (typeof ANNOUNCEMENT_SEVERITIES)[number];
