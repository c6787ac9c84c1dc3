import { expect, test, type Locator, type Page } from '@playwright/test';
import { checkBothWidths, DEMO, login, screenshots } from './fixtures';

/** The value beside a label in one of the page's cards. */
function fact(card: Locator, label: string): Locator {
  return card.locator('div', { has: card.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
}

const card = (page: Page, name: string) => page.getByRole('region', { name });

async function signedInUid(page: Page): Promise<string> {
  const res = await page.request.get('/api/me');
  return ((await res.json()) as { profile: { id: string } }).profile.id;
}

test.describe('/diag', () => {
  test('an admin sees the migrations, the storage probe, the mail queue, their claims and why they are an admin, and copies it all', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await login(page, DEMO.admin);
    const uid = await signedInUid(page);
    await page.goto('/diag');
    await expect(page.getByRole('heading', { level: 1, name: 'Diagnostics' })).toBeVisible();

    const app = card(page, 'App');
    await expect(fact(app, 'API')).toHaveText(/^reachable, \d+ ms round trip from this browser$/);
    await expect(fact(app, 'App version')).toHaveText(/^\d+\.\d+\.\d+/);
    await expect(fact(app, 'Build commit')).toHaveText(/^([0-9a-f]{4,}|unknown .*)$/);
    await expect(fact(app, 'Node.js')).toHaveText(/^v\d+\./);

    const database = card(page, 'Database');
    await expect(fact(database, 'Database')).toHaveText('PGlite (embedded PostgreSQL)');
    await expect(fact(database, 'Reachable')).toHaveText(/^yes, answered in [\d.]+ ms$/);
    await expect(fact(database, 'Version')).toHaveText(/^PostgreSQL \d+/);
    await expect(fact(database, 'Migrations')).toHaveText(/^(\d+) applied \(\1 in this build\); latest \d{4}_\w+, written \d{4}-\d{2}-\d{2}$/);

    const storage = card(page, 'Storage');
    await expect(fact(storage, 'Storage')).toHaveText('Local disk (DATA_DIR/storage)');
    await expect(fact(storage, 'Bucket')).not.toBeEmpty();
    // Passed, or failed with its reason and (in the card's alert) what to do.
    await expect(fact(storage, 'Write/read check')).toHaveText(/^(passed in [\d.]+ ms|failed: .+)$/);
    if ((await fact(storage, 'Write/read check').textContent())?.startsWith('failed')) await expect(storage.getByText('Files cannot be stored')).toBeVisible();

    const mail = card(page, 'Mail');
    await expect(fact(mail, 'Mail')).toHaveText(/^Files in DATA_DIR\/outbox/);
    await expect(fact(mail, 'Waiting')).toHaveText(/^\d+$/);
    await expect(fact(mail, 'Failed')).toHaveText(/^\d+$/);

    const you = card(page, 'You');
    await expect(fact(you, 'Signed in')).toHaveText(`yes, as ${DEMO.admin}`);
    await expect(fact(you, 'User id')).toHaveText(uid);
    await expect(fact(you, 'Role')).toHaveText('admin');
    await expect(fact(you, 'Admin')).toHaveText("yes: the profile role is 'admin'");
    await expect(fact(you, 'Claims')).toHaveText('none');

    const league = card(page, 'League');
    await expect(fact(league, 'League time zone')).toHaveText('America/Chicago');
    await expect(fact(league, 'Active season')).not.toHaveText(/^none/);

    await page.getByRole('button', { name: 'Copy for support' }).click();
    await expect(page.getByText('Copied. Paste it into your message to the league.')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('[Database]');
    expect(copied).toMatch(/Migrations: \d+ applied/);
    expect(copied).toContain(`User id: ${uid}`);
    expect(copied).toContain("Admin: yes: the profile role is 'admin'");
    expect(copied).toMatch(/Waiting: \d+/);
    expect(copied).toContain('League time zone: America/Chicago');

    await checkBothWidths(page);
    await screenshots(page, 'diag-admin');
  });

  test('a coach sees their own uid, role and why they are not an admin, and no migrations, bucket or mail queue', async ({ page }) => {
    await login(page, DEMO.coach);
    const uid = await signedInUid(page);
    await page.goto('/diag');
    const you = card(page, 'You');
    await expect(fact(you, 'User id')).toHaveText(uid);
    await expect(fact(you, 'Role')).toHaveText('coach');
    await expect(fact(you, 'Admin')).toHaveText("no: the sign-in token has no admin claim and the profile role is 'coach'");
    await expect(fact(card(page, 'Database'), 'Reachable')).toHaveText(/^yes/);
    await expect(fact(card(page, 'Storage'), 'Storage')).toHaveText('Local disk (DATA_DIR/storage)');

    for (const label of ['Migrations', 'Version', 'Bucket', 'Write/read check', 'Waiting', 'Failed', 'Sends to', 'Node.js', 'Server up for', 'Server memory']) {
      await expect(page.locator('dt', { hasText: new RegExp(`^${label}$`) }), label).toHaveCount(0);
    }
    // Nor does the answer behind the page hold them.
    const answer = (await (await page.request.get('/api/diag')).json()) as Record<string, unknown>;
    expect(Object.keys(answer)).not.toContain('admin');

    await checkBothWidths(page);
    await screenshots(page, 'diag-coach');
  });
});
