import { expect, test, type Page, type Route } from '@playwright/test';
import sharp from 'sharp';
import { checkBothWidths, E2E_ORIGIN, expectNoHorizontalScroll, screenshots, uniqueEmail } from './fixtures';

/** A fresh person for each journey, signed in through the API (the session cookie lands in the page's context). */
async function signUp(page: Page, prefix: string): Promise<void> {
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Pia Photo', email: uniqueEmail(prefix), password: 'a-long-password' },
    headers: { origin: E2E_ORIGIN },
  });
  expect(res.status(), 'sign up').toBe(200);
}

/** A phone photo made on the spot: a landscape JPEG with the camera and a GPS position in its EXIF. */
async function phonePhoto(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 110, b: 60 } } })
    .composite([{ input: Buffer.from('<svg width="400" height="400"><circle cx="200" cy="200" r="180" fill="#facc15"/></svg>'), left: 400, top: 200 }])
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Secret Model' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 52/1 0/1' } })
    .toBuffer();
  return { name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer };
}

async function photoURL(page: Page): Promise<string | null> {
  const res = await page.request.get('/api/me');
  return ((await res.json()) as { profile: { photoURL: string | null } }).profile.photoURL;
}

/** Picks the photo and waits until the square is chosen (the cropper has measured the picture). */
async function pickAndCrop(page: Page) {
  await page.locator('input[type="file"]').setInputFiles(await phonePhoto());
  await expect(page.getByRole('group', { name: 'Photo crop area' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save photo' })).toBeEnabled();
}

/** Holds the next upload until the test lets it go, so what happens during it can be seen. */
function holdUploads(page: Page) {
  const held: Route[] = [];
  let calls = 0;
  const ready = page.route('**/api/me/photo', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    calls++;
    held.push(route);
  });
  return {
    ready,
    calls: () => calls,
    next: async () => {
      await expect.poll(() => held.length, { message: 'the upload reached the server' }).toBeGreaterThan(0);
      return held.shift()!;
    },
  };
}

const accountAvatar = (page: Page) => page.getByRole('button', { name: 'Account' }).locator('img');
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('a photo: pick, crop, upload with progress; it shows in the Account dropdown and the mobile menu; removing it brings the logo back', async ({ page }) => {
  await signUp(page, 'photo');
  await page.goto('/profile');
  await expect(page.getByRole('img', { name: 'League logo (no photo yet)' })).toBeVisible();
  await expect(accountAvatar(page)).toHaveAttribute('src', '/logo.svg');
  await checkBothWidths(page);

  const uploads = holdUploads(page);
  await uploads.ready;
  await pickAndCrop(page);
  await checkBothWidths(page);
  await screenshots(page, 'profile-photo-crop');

  await page.getByRole('button', { name: 'Save photo' }).click();
  const upload = await uploads.next();
  // While the request is on its way: the cropped square as a preview, the progress bar and a way to cancel.
  const bar = page.getByRole('progressbar', { name: 'Sending your photo' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
  await expect(page.getByRole('img', { name: 'Your new photo, being sent' })).toHaveAttribute('src', /^blob:/);
  await expect(page.getByRole('button', { name: 'Cancel upload' })).toBeVisible();
  // What the browser sends is the cropped square it drew, not the phone's original file.
  const sent = upload.request().postDataBuffer()!;
  expect(sent.includes(Buffer.from('Secret Model'))).toBe(false);
  await upload.continue();

  await expect(toast(page, 'Your photo is saved. It shows in your account menu now.')).toBeVisible();
  await expect(bar).toHaveCount(0);
  const url = await photoURL(page);
  expect(url).toMatch(/^\/api\/storage\/v0\/b\/[^/]+\/o\/users%2F[^?]+\?alt=media&token=/);

  // The Account dropdown: its button and the menu's header both show the stored photo.
  await expect(accountAvatar(page)).toHaveAttribute('src', url!);
  await page.getByRole('button', { name: 'Account' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.locator('img')).toHaveAttribute('src', url!);
  expect(await menu.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
  await page.keyboard.press('Escape');
  await checkBothWidths(page);
  await screenshots(page, 'profile-photo-set');

  // The mobile menu at 390 px shows it too (spec §2).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const panel = page.locator('[id$="-panel"]');
  await expect(panel.getByText('Signed in as')).toBeVisible();
  await expect(panel.locator('img')).toHaveAttribute('src', url!);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: 'test-results/screenshots/profile-photo-mobile-menu-390.png' });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Remove, after the confirmation.
  await page.getByRole('button', { name: 'Remove photo' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove your photo?' });
  await expect(dialog).toContainText('the league logo shows in its place');
  await expectNoHorizontalScroll(page);
  await dialog.getByRole('button', { name: 'Remove photo' }).click();
  await expect(toast(page, 'Your photo is removed. The league logo shows in its place.')).toBeVisible();
  await expect(accountAvatar(page)).toHaveAttribute('src', '/logo.svg');
  await expect(page.getByRole('img', { name: 'League logo (no photo yet)' })).toBeVisible();
  expect(await photoURL(page)).toBeNull();
  expect((await page.request.get(url!)).status()).toBe(404);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(panel.locator('img')).toHaveAttribute('src', '/logo.svg');
  await page.keyboard.press('Escape');
  await checkBothWidths(page);
});

test('an upload cancelled mid-way: nothing is stored and the page says the person cancelled it', async ({ page }) => {
  await signUp(page, 'photo-cancel');
  await page.goto('/profile');
  const uploads = holdUploads(page);
  await uploads.ready;
  await pickAndCrop(page);
  await page.getByRole('button', { name: 'Save photo' }).click();
  const upload = await uploads.next();
  await expect(page.getByRole('progressbar', { name: 'Sending your photo' })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /^User canceled the upload\/download\.$/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // The held request never reaches the server.
  await upload.abort().catch(() => undefined);
  await checkBothWidths(page);

  // Nothing stored: after a reload the page still offers to add a photo and shows the logo.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Add a photo' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'League logo (no photo yet)' })).toBeVisible();
  await expect(accountAvatar(page)).toHaveAttribute('src', '/logo.svg');
  expect(await photoURL(page)).toBeNull();
  expect(uploads.calls()).toBe(1);
});

test('an upload the server first answers with 503 is retried and the photo ends up set', async ({ page }) => {
  await signUp(page, 'photo-retry');
  await page.goto('/profile');
  const answers: number[] = [];
  await page.route('**/api/me/photo', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    if (answers.length === 0) {
      answers.push(503);
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'The server is busy. Try again in a moment.' } }),
      });
    }
    answers.push(0);
    return route.continue();
  });

  await pickAndCrop(page);
  await page.getByRole('button', { name: 'Save photo' }).click();
  await expect(toast(page, 'Your photo is saved. It shows in your account menu now.')).toBeVisible();
  expect(answers).toEqual([503, 0]);
  const url = await photoURL(page);
  expect(url).toBeTruthy();
  await expect(accountAvatar(page)).toHaveAttribute('src', url!);
  await expect(page.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', url!);
  await checkBothWidths(page);
});
