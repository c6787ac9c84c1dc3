import { describe, expect, it } from 'vitest';
import { announcementInputSchema, announcementState, audiencesFor } from './announcements.schemas';

describe('audiencesFor', () => {
  it('gives visitors and members everyone; coaches coaches too; admins (by role or claim) all', () => {
    expect(audiencesFor(null)).toEqual(['everyone']);
    expect(audiencesFor({ role: 'member', isAdmin: false })).toEqual(['everyone']);
    expect(audiencesFor({ role: 'coach', isAdmin: false })).toEqual(['everyone', 'coaches']);
    expect(audiencesFor({ role: 'admin', isAdmin: true })).toEqual(['everyone', 'coaches', 'admins']);
    // An admin by claim whose profile says member.
    expect(audiencesFor({ role: 'member', isAdmin: true })).toEqual(['everyone', 'coaches', 'admins']);
  });
});

describe('announcementState', () => {
  const publish = new Date('2027-03-01T12:00:00Z');
  const expires = new Date('2027-03-08T12:00:00Z');
  it('is scheduled before publish, live from publish, expired from expiry (start included, end excluded)', () => {
    expect(announcementState(publish, expires, new Date(publish.getTime() - 1))).toBe('scheduled');
    expect(announcementState(publish, expires, publish)).toBe('live');
    expect(announcementState(publish, expires, new Date(expires.getTime() - 1))).toBe('live');
    expect(announcementState(publish, expires, expires)).toBe('expired');
    expect(announcementState(publish, null, new Date('2099-01-01T00:00:00Z'))).toBe('live');
  });
});

describe('announcementInputSchema', () => {
  const base = { title: 'Rain', body: 'Fields closed', audience: 'everyone', severity: 'info' };
  it('needs the expiry after the publish time, and says so at the expiry', () => {
    const r = announcementInputSchema.safeParse({ ...base, publishAt: '2027-03-02T10:00:00Z', expiresAt: '2027-03-02T10:00:00Z' });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([expect.objectContaining({ path: ['expiresAt'], message: expect.stringMatching(/expire after it is published/) })]);
    expect(announcementInputSchema.safeParse({ ...base, publishAt: '2027-03-02T10:00:00Z', expiresAt: '2027-03-02T10:01:00Z' }).success).toBe(true);
  });
  it('defaults pinned to false and allows no expiry', () => {
    expect(announcementInputSchema.parse({ ...base, expiresAt: null })).toMatchObject({ pinned: false, expiresAt: null });
  });
  it('refuses keys it does not know', () => {
    expect(announcementInputSchema.safeParse({ ...base, bodyHtml: '<script>' }).success).toBe(false);
  });
});
