import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailQueuePage, QueuedMail } from '../../../../shared/mail/mail-queue.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { adminProfile, json, renderApp, stubApi } from '../../../test/render-app';

beforeEach(() => {
  localStorage.clear();
  writeCachedSession({ profile: adminProfile, isAdmin: true });
});
afterEach(() => {
  toast.remove();
  cleanup();
  vi.unstubAllGlobals();
});

const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
const mail = (n: number, over: Partial<QueuedMail> = {}): QueuedMail => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  kind: 'invitation',
  toAddress: `person${n}@example.org`,
  subject: `You are invited ${n}`,
  status: 'failed',
  attempts: 1,
  lastError: 'EENVELOPE: 550 no such user here',
  nextAttemptAt: hourAgo,
  createdAt: hourAgo,
  messageId: `<m${n}@localhost>`,
  ...over,
});
const page = (messages: QueuedMail[], over: Partial<MailQueuePage> = {}): MailQueuePage => ({
  messages,
  nextCursor: null,
  counts: { failed: messages.filter((m) => m.status === 'failed').length, waiting: messages.filter((m) => m.status !== 'failed').length },
  retentionDays: 90,
  ...over,
});

describe('/admin-mail', () => {
  it('says plainly when no mail is failing or waiting', async () => {
    stubApi(adminProfile, {}, (url) => (url.startsWith('/api/admin/mail-messages?') ? json(page([])) : undefined));
    renderApp('/admin-mail');
    expect(await screen.findByRole('heading', { name: 'No mail is failing or waiting.' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Mail' })).toBeTruthy();
    expect(screen.getByText(/is deleted after 90 days/)).toBeTruthy();
  });

  it('lists a failed message with its recipient and reason, sends it again and says so in a toast', async () => {
    const posted: string[] = [];
    let failed = [mail(1)];
    stubApi(adminProfile, {}, (url, init) => {
      if (url === '/api/admin/mail-messages?view=failed') return json(page(failed, { counts: { failed: failed.length, waiting: 1 - failed.length } }));
      if (url.endsWith('/resend') && init?.method === 'POST') {
        posted.push(url);
        failed = [];
        return json(mail(1, { status: 'pending', attempts: 0 }));
      }
      return undefined;
    });
    renderApp('/admin-mail');
    const item = await screen.findByRole('article', { name: 'You are invited 1 to person1@example.org' });
    expect(within(item).getByText('person1@example.org')).toBeTruthy();
    expect(within(item).getByText('EENVELOPE: 550 no such user here')).toBeTruthy();
    expect(within(item).getByText('Failed')).toBeTruthy();
    expect(within(item).getByText(/^Invitation, queued/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Failed (1)', pressed: true })).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    const send = within(item).getByRole('button', { name: 'Send again now' });
    expect(send.getAttribute('aria-describedby')).toBe(`mail-reason-${mail(1).id}`);
    await user.click(send);
    expect(await screen.findByText('The email to person1@example.org is queued to be sent again now, with the same Message-ID.')).toBeTruthy();
    expect(posted).toEqual([`/api/admin/mail-messages/${mail(1).id}/resend`]);
    // The list reloads: nothing failed now, one waiting.
    expect(await screen.findByRole('heading', { name: 'No email has failed.' })).toBeTruthy();
    expect(screen.getByText('1 email is still waiting to go out; the app retries them on its own.')).toBeTruthy();
  });

  it('shows waiting mail with its next try, a message being sent without a button, and the server\'s refusal in a toast', async () => {
    const soon = new Date(Date.now() + 60_000).toISOString();
    const waiting = [mail(2, { status: 'pending', attempts: 2, lastError: '451 try again later', nextAttemptAt: soon }), mail(3, { status: 'sending', lastError: null, attempts: 1 })];
    stubApi(adminProfile, {}, (url, init) => {
      if (url === '/api/admin/mail-messages?view=waiting') return json(page(waiting, { nextCursor: 'c1' }));
      if (url === '/api/admin/mail-messages?view=waiting&cursor=c1') return json(page([mail(4, { status: 'pending', attempts: 0, lastError: null })]));
      if (url.endsWith('/resend') && init?.method === 'POST') {
        return json({ error: { code: 'CONFLICT', message: 'The email to person2@example.org is being sent right now. Wait a moment and reload the list.' } }, 409);
      }
      return undefined;
    });
    renderApp('/admin-mail?view=waiting');
    const retrying = await screen.findByRole('article', { name: 'You are invited 2 to person2@example.org' });
    expect(within(retrying).getByText('Waiting to retry')).toBeTruthy();
    expect(within(retrying).getByText(/^Tried 2 times; next try /)).toBeTruthy();
    const sending = screen.getByRole('article', { name: 'You are invited 3 to person3@example.org' });
    expect(within(sending).queryByRole('button')).toBeNull();
    expect(within(sending).getByText('A server is sending it right now.')).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Load more email' }));
    const fresh = await screen.findByRole('article', { name: 'You are invited 4 to person4@example.org' });
    expect(within(fresh).getByText(/^Not tried yet; next try /)).toBeTruthy();
    expect(within(fresh).getByText('No error yet: it has not been tried.')).toBeTruthy();

    await user.click(within(retrying).getByRole('button', { name: 'Send again now' }));
    expect(await screen.findByText('The email to person2@example.org is being sent right now. Wait a moment and reload the list.')).toBeTruthy();
  });
});
