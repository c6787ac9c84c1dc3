import { z } from 'zod';
import { boundedIsoDateTime } from '../time/date-bounds';

/** Who sees an announcement. */
export const ANNOUNCEMENT_AUDIENCES = ['everyone', 'coaches', 'admins'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

/** How loud it is: an urgent one is also a banner each person can dismiss. */
export const ANNOUNCEMENT_SEVERITIES = ['info', 'warning', 'urgent'] as const;
export type AnnouncementSeverity = (typeof ANNOUNCEMENT_SEVERITIES)[number];

/** Where an announcement is in its time window, for the admin list. */
export const ANNOUNCEMENT_STATES = ['scheduled', 'live', 'expired'] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];

export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 5000;

const title = z.string().trim().min(1, 'Give the announcement a title').max(ANNOUNCEMENT_TITLE_MAX, `Use at most ${ANNOUNCEMENT_TITLE_MAX} characters`);
const body = z
  .string()
  .trim()
  .min(1, 'Write what you want people to know')
  .max(ANNOUNCEMENT_BODY_MAX, `Use at most ${ANNOUNCEMENT_BODY_MAX.toLocaleString('en-US')} characters`);

export const EXPIRES_AFTER_PUBLISH = 'It must expire after it is published: choose a later expiry, or none';

/**
 * An announcement as an admin writes it. `publishAt` left out means "now" for a new one and "unchanged" for an
 * edit; `expiresAt` null (or left out) means it never expires.
 */
export const announcementInputSchema = z
  .strictObject({
    title,
    body,
    audience: z.enum(ANNOUNCEMENT_AUDIENCES, { message: 'Choose who sees it: everyone, coaches or admins' }),
    severity: z.enum(ANNOUNCEMENT_SEVERITIES, { message: 'Choose info, warning or urgent' }),
    pinned: z.boolean().default(false),
    publishAt: boundedIsoDateTime('Use a full date and time for "Publish at"').optional(),
    expiresAt: boundedIsoDateTime('Use a full date and time for "Expires at"').nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.publishAt && v.expiresAt && Date.parse(v.expiresAt) <= Date.parse(v.publishAt)) {
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: EXPIRES_AFTER_PUBLISH });
    }
  });
export type AnnouncementInput = z.input<typeof announcementInputSchema>;
export type AnnouncementValues = z.output<typeof announcementInputSchema>;

/** A draft to preview: only its Markdown matters. */
export const announcementPreviewInputSchema = z.object({
  body: z.string().max(ANNOUNCEMENT_BODY_MAX, `Use at most ${ANNOUNCEMENT_BODY_MAX.toLocaleString('en-US')} characters`),
});
export const announcementPreviewSchema = z.object({ bodyHtml: z.string() });

const announcementFields = {
  id: z.string(),
  title: z.string(),
  /** The Markdown as written. */
  body: z.string(),
  /** The body rendered on the server (no raw HTML, no images, links only http, https and mailto): the only HTML a page inserts. */
  bodyHtml: z.string(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  severity: z.enum(ANNOUNCEMENT_SEVERITIES),
  pinned: z.boolean(),
  publishAt: z.string(),
  expiresAt: z.string().nullable(),
};

/** What a person is shown: a live announcement for their audience. */
export const announcementSchema = z.object({
  ...announcementFields,
  /** Whether this signed-in person dismissed it (always false for a visitor: they keep theirs in the browser). */
  dismissed: z.boolean(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** What an admin manages: every announcement with where it is in its window. */
export const adminAnnouncementSchema = z.object({
  ...announcementFields,
  state: z.enum(ANNOUNCEMENT_STATES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;

/** The audiences a person sees: visitors and members `everyone`; coaches also `coaches`; admins all. */
export function audiencesFor(viewer: { role: string; isAdmin: boolean } | null): AnnouncementAudience[] {
  if (!viewer) return ['everyone'];
  if (viewer.isAdmin) return [...ANNOUNCEMENT_AUDIENCES];
  if (viewer.role === 'coach') return ['everyone', 'coaches'];
  return ['everyone'];
}

/** Scheduled before `publishAt`, live from it, expired from `expiresAt` (a window includes its start, not its end). */
export function announcementState(publishAt: Date, expiresAt: Date | null, now: Date): AnnouncementState {
  if (now.getTime() < publishAt.getTime()) return 'scheduled';
  if (expiresAt && now.getTime() >= expiresAt.getTime()) return 'expired';
  return 'live';
}
