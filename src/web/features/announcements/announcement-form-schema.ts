import { z } from 'zod';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_SEVERITIES,
  announcementInputSchema,
  EXPIRES_AFTER_PUBLISH,
  type AdminAnnouncement,
} from '../../../shared/announcements/announcements.schemas';
import { parseLocalInput, toLocalInput } from '../../lib/dates';

/** The form as typed: datetime-local wall times in the league zone, '' for "now" (publish) or "never" (expiry). */
export interface AnnouncementForm {
  title: string;
  body: string;
  audience: (typeof ANNOUNCEMENT_AUDIENCES)[number];
  severity: (typeof ANNOUNCEMENT_SEVERITIES)[number];
  pinned: boolean;
  publishAt: string;
  expiresAt: string;
}

export const emptyAnnouncementForm: AnnouncementForm = {
  title: '',
  body: '',
  audience: 'everyone',
  severity: 'info',
  pinned: false,
  publishAt: '',
  expiresAt: '',
};

export function formOf(announcement: AdminAnnouncement, timeZone: string): AnnouncementForm {
  return {
    title: announcement.title,
    body: announcement.body,
    audience: announcement.audience,
    severity: announcement.severity,
    pinned: announcement.pinned,
    publishAt: toLocalInput(announcement.publishAt, timeZone),
    expiresAt: announcement.expiresAt ? toLocalInput(announcement.expiresAt, timeZone) : '',
  };
}

/** Reads the form into the shared input schema (times with the league's offset) and checks it with that schema. */
export function announcementFormSchema(timeZone: string) {
  return z
    .object({
      title: z.string(),
      body: z.string(),
      audience: z.enum(ANNOUNCEMENT_AUDIENCES),
      severity: z.enum(ANNOUNCEMENT_SEVERITIES),
      pinned: z.boolean(),
      publishAt: z.string(),
      expiresAt: z.string(),
    })
    .transform((form, ctx): z.input<typeof announcementInputSchema> => {
      const times: { publishAt?: string; expiresAt: string | null } = { expiresAt: null };
      let unreadable = false;
      for (const key of ['publishAt', 'expiresAt'] as const) {
        if (!form[key].trim()) continue;
        const parsed = parseLocalInput(form[key], timeZone);
        if ('error' in parsed) {
          ctx.addIssue({ code: 'custom', path: [key], message: parsed.error });
          unreadable = true;
        } else times[key] = parsed.iso;
      }
      // With "publish now", an expiry already past is as wrong as one before a chosen publish time.
      if (!times.publishAt && times.expiresAt && Date.parse(times.expiresAt) <= Date.now()) {
        ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: EXPIRES_AFTER_PUBLISH });
        unreadable = true;
      }
      if (unreadable) return z.NEVER;
      return { title: form.title, body: form.body, audience: form.audience, severity: form.severity, pinned: form.pinned, ...times };
    })
    .pipe(announcementInputSchema);
}
