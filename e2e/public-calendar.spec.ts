import {
  expect,
  test,
  type APIRequestContext,
  type APIResponse,
  type Page,
} from "@playwright/test";
import { DEMO, E2E_ORIGIN, activeSeason, expectNoAxeViolations, expectNoHorizontalScroll, login, weekAfterNext, teamBody } from "./fixtures";

/**
 * Issue 12, item 1: the public calendar. Makes its own facility, field, two teams and an evening of slots in the
 * week after next (an admin, through the API), books one for a team, and looks as a visitor: the practice in
 * the week, month and day views with team and field, a field filter in the URL that Back undoes, a booking made
 * elsewhere appearing live, and the agenda list on a phone. axe at 1280 and 390 px. The facility is closed at
 * the end, so its slots leave every other journey's pages.
 */
const headers = { origin: E2E_ORIGIN };

async function created<T>(
  response: Promise<APIResponse>,
  status = 201,
): Promise<T> {
  const res = await response;
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

async function book(
  admin: APIRequestContext,
  slotId: string,
  teamId: string,
): Promise<void> {
  await created(
    admin.post("/api/admin/bookings/override", {
      data: { slotId, teamId, reason: "Public calendar journey" },
      headers,
    }),
  );
}

/** The event in the calendar grid or list that names this practice. */
const practice = (page: Page, team: string) =>
  page
    .locator(".league-calendar")
    .getByText(`${team} practice`, { exact: true })
    .filter({ visible: true });

test("the public calendar shows practices by field in month, week and day, filters in the URL, updates live, and lists on a phone", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const n = Date.now() % 100000;
  const names = {
    facility: `Calendar Park ${n}`,
    field: `Diamond ${n}`,
    comets: `Comets ${n}`,
    rockets: `Rockets ${n}`,
  };
  const week = weekAfterNext();

  const adminContext = await browser.newContext({ baseURL: E2E_ORIGIN });
  const adminPage = await adminContext.newPage();
  await login(adminPage, DEMO.admin);
  const admin = adminPage.request;
  const season = await activeSeason(adminPage);
  const { facility } = await created<{ facility: { id: string } }>(
    admin.post("/api/facilities", {
      data: { name: names.facility, address: null, mapUrl: null, notes: null },
      headers,
    }),
  );
  try {
    const { field } = await created<{ field: { id: string } }>(
      admin.post("/api/fields", {
        data: {
          facilityId: facility.id,
          name: names.field,
          surface: "grass",
          lights: true,
          color: "#7c3aed",
        },
        headers,
      }),
    );
    const comets = (
      await created<{ team: { id: string } }>(
        admin.post("/api/teams", {
          data: await teamBody(admin, names.comets, "12U"),
          headers,
        }),
      )
    ).team;
    const rockets = (
      await created<{ team: { id: string } }>(
        admin.post("/api/teams", {
          data: await teamBody(admin, names.rockets, "12U"),
          headers,
        }),
      )
    ).team;
    const generated = await admin.post("/api/slots/generate", {
      data: {
        seasonId: season.id,
        fieldIds: [field.id],
        daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
        firstStart: "18:00",
        lastEnd: "20:00",
        lengthMinutes: 60,
        gapMinutes: 0,
        startDate: week.monday,
        endDate: week.sunday,
      },
      headers,
    });
    expect(generated.status()).toBe(200);
    expect(await generated.text()).toContain('"type":"done"');
    const slots = (await (
      await admin.get(
        `/api/slots?from=${week.monday}&to=${week.sunday}&fieldId=${field.id}`,
      )
    ).json()) as { slots: Array<{ id: string; startsAt: string }> };
    expect(slots.slots).toHaveLength(14);
    slots.slots.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
    // The Tuesday's 6 pm slot for the Comets; the Wednesday's for the Rockets, later, while the page is open.
    const [tuesday6pm, wednesday6pm] = [slots.slots[2]!, slots.slots[4]!];
    await book(admin, tuesday6pm.id, comets.id);

    // A visitor opens the week: the Comets' practice, with the field's name and the time in league time.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/public-calendar?view=week&date=${week.tuesday}`);
    await expect(
      page.getByRole("heading", { level: 1, name: "Calendar" }),
    ).toBeVisible();
    const event = page
      .locator(".league-calendar .fc-event")
      .filter({ hasText: `${names.comets} practice` });
    await expect(event).toBeVisible();
    await expect(event).toContainText(names.field);
    await expect(event).toContainText("6:00–7:00 pm");
    await expect(
      page.getByRole("list").getByText(`${names.field} · ${names.facility}`),
    ).toBeVisible();
    // No open slot is shown: the Monday's slots on the new field are all open.
    await expect(
      page
        .locator(".league-calendar .fc-event")
        .filter({ hasText: names.field }),
    ).toHaveCount(1);
    await page.evaluate(
      () =>
        ((window as unknown as { liveMark: string }).liveMark = "still here"),
    );
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: "test-results/screenshots/public-calendar-week-1280.png",
      fullPage: true,
    });

    // Month, then day, then back to the week: each in the URL.
    const views = page.getByRole("group", { name: "View" });
    await views.getByRole("button", { name: "Month" }).click();
    await expect(page).toHaveURL(/[?&]view=month/);
    await expect(page.locator(".fc-dayGridMonth-view")).toBeVisible();
    await expect(practice(page, names.comets)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: "test-results/screenshots/public-calendar-month-1280.png",
      fullPage: true,
    });
    await views.getByRole("button", { name: "Day" }).click();
    await expect(page).toHaveURL(/[?&]view=day/);
    await expect(page.locator(".fc-timeGridDay-view")).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 2, name: new RegExp(`^Tuesday, `) }),
    ).toBeVisible();
    await expect(practice(page, names.comets)).toBeVisible();
    await views.getByRole("button", { name: "Week" }).click();
    await expect(page.locator(".fc-timeGridWeek-view")).toBeVisible();
    await expect(views.getByRole("button", { name: "Week" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // A field filter: in the URL; Back takes it away again.
    const withoutFilter = page.url();
    await page
      .getByLabel("Field", { exact: true })
      .selectOption({ label: names.field });
    await expect(page).toHaveURL(new RegExp(`[?&]field=${field.id}`));
    await expect(practice(page, names.comets)).toBeVisible();
    await expect(
      page
        .locator(".league-calendar .fc-event")
        .filter({ hasNotText: names.field }),
    ).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(withoutFilter);
    await expect(page.getByLabel("Field", { exact: true })).toHaveValue("");
    await page.goForward();
    await expect(page.getByLabel("Field", { exact: true })).toHaveValue(
      field.id,
    );

    // Live: a booking made elsewhere appears on the open page, without a reload.
    await book(admin, wednesday6pm.id, rockets.id);
    await expect(practice(page, names.rockets)).toBeVisible({ timeout: 5000 });
    expect(
      await page.evaluate(
        () => (window as unknown as { liveMark?: string }).liveMark,
      ),
    ).toBe("still here");

    // A team filter keeps that team's practices only.
    await page
      .getByLabel("Team")
      .selectOption({ label: `${names.rockets} (12U)` });
    await expect(page).toHaveURL(new RegExp(`[?&]team=${rockets.id}`));
    await expect(practice(page, names.rockets)).toBeVisible();
    await expect(practice(page, names.comets)).toHaveCount(0);

    // On a phone: the agenda list by default, no sideways scrolling, the filters behind a button.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(
      `/public-calendar?date=${week.tuesday}&facility=${facility.id}`,
    );
    await expect(page.locator(".fc-listWeek-view")).toBeVisible();
    await expect(
      page
        .getByRole("group", { name: "View" })
        .getByRole("button", { name: "List" }),
    ).toHaveAttribute("aria-pressed", "true");
    await expect(practice(page, names.comets)).toBeVisible();
    await expect(practice(page, names.rockets)).toBeVisible();
    await expect(
      page.getByRole("button", { name: /^Filters/ }),
    ).toHaveAttribute("aria-expanded", "false");
    await expect(
      page.getByText(`${names.facility} · all fields`),
    ).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: "test-results/screenshots/public-calendar-list-390.png",
      fullPage: true,
    });
    for (const view of ["Month", "Week"] as const) {
      await page
        .getByRole("group", { name: "View" })
        .getByRole("button", { name: view })
        .click();
      await expect(practice(page, names.comets)).toBeVisible();
      await expectNoHorizontalScroll(page);
      await page.screenshot({
        path: `test-results/screenshots/public-calendar-${view.toLowerCase()}-390.png`,
        fullPage: true,
      });
    }

    // An empty period says what to do next.
    await page.goto(
      `/public-calendar?view=list&date=${week.tuesday}&field=${field.id}&team=${comets.id}`,
    );
    await expect(practice(page, names.comets)).toBeVisible();
    await page.getByRole("button", { name: "Next week" }).click();
    await expect(
      page.getByRole("heading", {
        name: `No ${names.comets} practices in this period`,
      }),
    ).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Book a Field" }).last(),
    ).toHaveAttribute("href", "/slots");
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: "test-results/screenshots/public-calendar-empty-390.png",
      fullPage: true,
    });
  } finally {
    // Closing the facility takes its field and slots out of every page the other journeys look at.
    await admin.put(`/api/facilities/${facility.id}`, {
      data: {
        name: names.facility,
        address: null,
        mapUrl: null,
        notes: null,
        active: false,
      },
      headers,
    });
    await adminContext.close();
  }
});
