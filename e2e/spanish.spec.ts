import { expect, test, type Page } from '@playwright/test';
import { expectNoEnglishLeft } from './english-left';
import { DEMO, expectNoAxeViolations, expectNoHorizontalScroll, login, uniqueEmail, weekAfterNext } from './fixtures';
import { apiAs, newCoach, stamp } from './journey-api';

/**
 * Issue 30: the app in Spanish on a phone, chosen by the browser's language. Sign-up, Book a Field, My Reservations
 * and an admin page, each read text node by text node against the English catalogue (e2e/english-left.ts), with axe.
 * The journey's coach and team are its own; the admin page only reads.
 */
const PHONE = { width: 390, height: 844 };

/**
 * The names the league wrote (seasons, facilities, fields): its data, not the app's words, though one may equal an
 * English example ("Spring 2027") or begin like a message ("Division Park 7364…", from another journey).
 */
async function leagueNames(page: Page): Promise<string[]> {
  // Closed facilities too: the facility manager lists them (another journey closes its own when it ends).
  const { seasons } = (await (await page.request.get('/api/seasons')).json()) as { seasons: Array<{ name: string }> };
  const { facilities } = (await (await page.request.get('/api/facilities?includeInactive=true')).json()) as { facilities: Array<{ name: string; fields: Array<{ name: string }> }> };
  return [...seasons.map((s) => s.name), ...facilities.flatMap((f) => [f.name, ...f.fields.map((field) => field.name)])];
}

test.describe('in Spanish, at 390 px, from the browser’s language', () => {
  test.use({ viewport: PHONE, locale: 'es-ES' });

  test('a parent signs up in Spanish and is greeted in Spanish', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeVisible();
    await expectNoEnglishLeft(page, 'the sign-up page');
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    await page.getByLabel('Nombre').fill('Lucía Hernández');
    await page.getByLabel('Correo electrónico').fill(uniqueEmail('lucia'));
    await page.getByLabel('Contraseña').fill('una-contraseña-larga');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByText('¡Te damos la bienvenida, Lucía Hernández! Tu cuenta está lista.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cuenta' })).toBeVisible();
    await expectNoEnglishLeft(page, 'the page after sign-up');
  });

  test('a coach books a field and finds the practice in Mis reservas, with no English on either screen', async ({ page }) => {
    const admin = await apiAs(DEMO.admin);
    const coach = await newCoach(admin, `Halcones ${stamp()}`, 'spanish');
    await admin.dispose();
    await login(page, coach.email, coach.password);

    await page.goto(`/slots?week=${weekAfterNext().monday}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Reservar un campo' })).toBeVisible();
    const book = page.getByRole('button', { name: /^Reservar, / }).first();
    await expect(book).toBeVisible();
    const leagueData = await leagueNames(page);
    await expectNoEnglishLeft(page, 'Book a Field', { leagueData });
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    await book.click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(dialog.getByRole('heading', { name: '¿Reservar esta práctica?' })).toBeVisible();
    await expectNoEnglishLeft(page, 'the booking confirmation');
    await dialog.getByRole('button', { name: 'Reservar práctica', exact: true }).click();
    await expect(page.getByText(new RegExp(`^Reservado: .* para ${coach.team}\\.$`))).toBeVisible();

    await page.goto('/my-reservations');
    await expect(page.getByRole('heading', { level: 1, name: 'Mis reservas' })).toBeVisible();
    await expect(page.getByText('Confirmada').first()).toBeVisible();
    await expectNoEnglishLeft(page, 'My Reservations');
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });

  test('an admin manages facilities in Spanish', async ({ page }) => {
    await login(page, DEMO.admin);
    await page.goto('/admin-facility-manager');
    await expect(page.getByRole('heading', { level: 1, name: 'Instalaciones' })).toBeVisible();
    await expect(page.getByText('Riverside Park').first()).toBeVisible();
    await expectNoEnglishLeft(page, 'the facility manager', { leagueData: await leagueNames(page) });
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });

  test('the footer switch turns the page to English and back, and the choice outlasts a reload', async ({ page }) => {
    await page.goto('/slots');
    await expect(page.getByRole('heading', { level: 1, name: 'Reservar un campo' })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expectNoEnglishLeft(page, 'Book a Field for a visitor', { leagueData: await leagueNames(page) });
    await footer.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Book a Field' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Book a Field' })).toBeVisible();
    await expect(footer.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await footer.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reservar un campo' })).toBeVisible();
    await expectNoEnglishLeft(page, 'Book a Field after switching back', { leagueData: await leagueNames(page) });
  });
});

test.describe('the English-left check itself', () => {
  test.use({ viewport: PHONE, locale: 'en-US' });

  test('flags an English page, naming the English messages it found', async ({ page }) => {
    await page.goto('/slots');
    await expect(page.getByRole('heading', { level: 1, name: 'Book a Field' })).toBeVisible();
    const error = await expectNoEnglishLeft(page, 'an English page').then(
      () => null,
      (err: unknown) => String(err),
    );
    expect(error, 'the check fails on English').not.toBeNull();
    expect(error).toContain('bookings.page.title');
  });
});
