import { expect, test } from '@playwright/test';
import { checkBothWidths, DEMO, E2E_ORIGIN, login, screenshots } from './fixtures';

/** Issue 13 item 3: a visitor writes to the league on /contact; an admin reads, then files it, in the inbox on /admin. */

const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;

test('a visitor sends a message that an admin reads and archives in the inbox', async ({ browser }) => {
  test.setTimeout(90_000);
  const subject = `Lights on Field 3 (${stamp()})`;
  const visitor = await (await browser.newContext({ baseURL: E2E_ORIGIN })).newPage();
  await visitor.goto('/contact');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Contact the league' })).toBeVisible();
  // The honeypot is there for bots, and out of reach for people and screen readers.
  await expect(visitor.getByRole('textbox', { name: 'Website' })).toHaveCount(0);

  // Sending an empty form says what each field needs, and sends nothing.
  await visitor.getByRole('button', { name: 'Send message' }).click();
  await expect(visitor.getByText('Enter your name')).toBeVisible();
  await expect(visitor.getByText('Write a little more: at least 10 characters')).toBeVisible();
  await checkBothWidths(visitor);

  await visitor.getByRole('textbox', { name: 'Your name' }).fill('Dana Diaz');
  await visitor.getByRole('textbox', { name: 'Your email' }).fill('dana.diaz@example.org');
  await visitor.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await visitor.getByRole('textbox', { name: 'Message' }).fill('The lights on Field 3 stayed off on Tuesday evening.\nCould someone look at the timer?');
  const sent = visitor.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
  await visitor.getByRole('button', { name: 'Send message' }).click();
  expect((await sent).status()).toBe(201);
  await expect(visitor.getByText('Thanks, Dana Diaz. Your message reached the league.')).toBeVisible();
  await expect(visitor.getByText('Message sent to the league.')).toBeVisible();
  await screenshots(visitor, 'contact-sent');
  await visitor.context().close();

  const admin = await (await browser.newContext({ baseURL: E2E_ORIGIN })).newPage();
  await login(admin, DEMO.admin);
  await admin.goto('/admin');
  const inbox = admin.getByRole('region', { name: 'Messages to the league' });
  const item = inbox.getByRole('listitem').filter({ hasText: subject });
  await expect(item).toBeVisible();
  await expect(item.getByText('dana.diaz@example.org')).toBeVisible();
  await expect(item.getByText('Could someone look at the timer?')).toBeVisible();
  await expect(item.getByRole('link', { name: 'Reply by email' })).toHaveAttribute('href', /^mailto:dana\.diaz%40example\.org\?subject=Re%3A%20Lights/);
  await checkBothWidths(admin);
  await screenshots(admin, 'contact-inbox');

  await item.getByRole('button', { name: 'Mark as read' }).click();
  await expect(admin.getByText('Marked as read.')).toBeVisible();
  await expect(inbox.getByRole('listitem').filter({ hasText: subject })).toHaveCount(0);

  await inbox.getByRole('button', { name: /^Read/ }).click();
  const readItem = inbox.getByRole('listitem').filter({ hasText: subject });
  await expect(readItem).toBeVisible();
  await readItem.getByRole('button', { name: subject }).click();
  await readItem.getByRole('button', { name: 'Archive' }).click();
  await expect(admin.getByText('Message archived.')).toBeVisible();

  await inbox.getByRole('button', { name: /^Archived/ }).click();
  await expect(inbox.getByRole('listitem').filter({ hasText: subject })).toBeVisible();
});
