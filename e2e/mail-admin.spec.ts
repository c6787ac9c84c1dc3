import { expect, test } from '@playwright/test';
import type { AuditPage } from '../src/shared/audit/audit-log.schemas';
import type { MailQueuePage } from '../src/shared/mail/mail-queue.schemas';
import { checkBothWidths, DEMO, E2E_ORIGIN, login, uniqueEmail } from './fixtures';

/**
 * Issue 24 (2): an admin sees an email that could not be sent, with its recipient and the reason, and sends it
 * again. The e2e server has no SMTP_URL, so mail becomes .eml files; that transport refuses addresses under the
 * reserved .invalid domain as an SMTP server refuses an unknown recipient (550), so an invitation to one fails
 * for good, honestly, through the real worker.
 */
test('an admin finds a failed invitation email on /admin-mail with the reason, and sends it again with the same Message-ID', async ({ page }) => {
  test.setTimeout(90_000);
  const address = uniqueEmail('nowhere').replace(/@example\.org$/, '@nowhere.invalid');
  await login(page, DEMO.admin);
  const invited = await page.request.post('/api/admin/invitations', { data: { email: address, role: 'member', teamId: null }, headers: { origin: E2E_ORIGIN } });
  expect(invited.status(), await invited.text()).toBe(201);

  // The worker tries it within seconds and gives up at once (a permanent refusal).
  const failedEntry = async () =>
    ((await (await page.request.get('/api/admin/mail-messages?view=failed&limit=100')).json()) as MailQueuePage).messages.find((m) => m.toAddress === address);
  await expect.poll(async () => (await failedEntry())?.status, { timeout: 20_000 }).toBe('failed');
  const before = (await failedEntry())!;

  // From the admin landing page's card.
  await page.goto('/admin');
  await page.getByRole('link', { name: /^Mail Email that failed/ }).click();
  await expect(page).toHaveURL(/\/admin-mail$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Failed \(\d+\)$/, pressed: true })).toBeVisible();
  const item = page.getByRole('article', { name: `${before.subject} to ${address}` });
  await expect(item).toBeVisible();
  await expect(item.getByText('Failed', { exact: true })).toBeVisible();
  await expect(item.getByText(address, { exact: true })).toBeVisible();
  await expect(item.getByText(/550 .*can never receive mail \(\.invalid is reserved/)).toBeVisible();
  await expect(item.getByText(/^Invitation, queued /)).toBeVisible();
  await expect(item.getByText('Tried 1 time')).toBeVisible();
  await checkBothWidths(page);

  await item.getByRole('button', { name: 'Send again now' }).click();
  await expect(page.getByText(`The email to ${address} is queued to be sent again now, with the same Message-ID.`)).toBeVisible();

  // The worker took it again, under the same Message-ID, and the address was refused again.
  await expect
    .poll(async () => {
      const again = await failedEntry();
      return again ? { status: again.status, messageId: again.messageId, tried: again.nextAttemptAt !== before.nextAttemptAt } : null;
    }, { timeout: 20_000 })
    .toEqual({ status: 'failed', messageId: before.messageId, tried: true });
  // And the resend is in the audit log, by this admin.
  const audit = (await (await page.request.get(`/api/admin/audit-log?action=mail.resend&entityType=mail_message&entityId=${before.id}`)).json()) as AuditPage;
  expect(audit.entries.map((e) => [e.actorEmail, e.summary])).toEqual([[DEMO.admin, `Sent the email "${before.subject}" to ${address} again (same Message-ID)`]]);

  // The page follows: after a reload it is failed again, tried once since the resend.
  await page.reload();
  await expect(page.getByRole('article', { name: `${before.subject} to ${address}` }).getByText('Tried 1 time')).toBeVisible();
});

test('the Waiting view explains itself when nothing waits, and is axe-clean at both widths', async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto('/admin-mail?view=waiting');
  await expect(page.getByRole('button', { name: /^Waiting \(\d+\)$/, pressed: true })).toBeVisible();
  // The e2e server writes each email as a file within seconds, so nothing waits for long.
  await expect(page.getByRole('heading', { name: /^No (mail is failing or waiting|email is waiting)\.$/ })).toBeVisible({ timeout: 20_000 });
  await checkBothWidths(page);
});
