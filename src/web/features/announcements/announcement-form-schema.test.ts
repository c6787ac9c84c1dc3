import { describe, expect, it } from 'vitest';
import { announcementFormSchema, emptyAnnouncementForm, formOf } from './announcement-form-schema';

const TZ = 'America/Chicago';
const schema = announcementFormSchema(TZ);
const filled = { ...emptyAnnouncementForm, title: 'Rain', body: 'Fields closed' };

describe('announcementFormSchema', () => {
  it('leaves publish out when empty (publish now) and sends no expiry as null', () => {
    expect(schema.parse(filled)).toEqual({ title: 'Rain', body: 'Fields closed', audience: 'everyone', severity: 'info', pinned: false, expiresAt: null });
  });

  it('reads the times as league wall times, across the spring clock change', () => {
    const parsed = schema.parse({ ...filled, publishAt: '2027-03-13T18:00', expiresAt: '2027-03-15T18:00' });
    expect(parsed.publishAt).toBe('2027-03-13T18:00:00-06:00');
    expect(parsed.expiresAt).toBe('2027-03-15T18:00:00-05:00');
  });

  it('says at the expiry when it is not after the publish time, or already past with "publish now"', () => {
    const early = schema.safeParse({ ...filled, publishAt: '2027-03-13T18:00', expiresAt: '2027-03-13T17:00' });
    expect(early.error?.issues).toEqual([expect.objectContaining({ path: ['expiresAt'], message: expect.stringMatching(/expire after it is published/) })]);
    const past = schema.safeParse({ ...filled, expiresAt: '2001-01-01T09:00' });
    expect(past.error?.issues).toEqual([expect.objectContaining({ path: ['expiresAt'] })]);
  });

  it('needs a title and a message', () => {
    const result = schema.safeParse(emptyAnnouncementForm);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['body', 'title']);
  });

  it('fills an edit from the announcement in league time', () => {
    const form = formOf(
      {
        id: 'a',
        title: 'T',
        body: 'B',
        bodyHtml: '<p>B</p>',
        audience: 'coaches',
        severity: 'urgent',
        pinned: true,
        publishAt: '2027-03-13T18:00:00-06:00',
        expiresAt: null,
        state: 'live',
        createdAt: '',
        updatedAt: '',
      },
      TZ,
    );
    expect(form).toEqual({ title: 'T', body: 'B', audience: 'coaches', severity: 'urgent', pinned: true, publishAt: '2027-03-13T18:00', expiresAt: '' });
  });
});
