/// <reference lib="dom" />
/**
 * The events journey in a real browser against the local host: the swap club's admin creates a
 * weekly event with the form; member B finds it on /events (the list and the map), says GOING to
 * its second date and downloads the calendar file (the series as one rule); the admin sees B's answer in the bell, cancels
 * that date, and B sees it struck through and is told. Screenshots at 1280 px and 390 px.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { eventTimeText } from '../../shared/event-time';
import { browserAvailable, browserContexts, screenshot, seriousA11yViolations, submitSignIn } from '../support/browser';
import { attend, newEvent } from '../support/events';
import { newPage } from '../support/pages';
import { registeredUser, type TestUser } from '../support/users';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SLOW = { timeout: 20_000 };
/** Broken Hill: no other test puts anything there. */
const HERE = { latitude: -31.9539, longitude: 141.4539, suburb_city: 'Broken Hill', state: 'NSW', country: 'Australia' };
const ZONE = 'Australia/Broken_Hill';

/** The local date (YYYY-MM-DD) `days` from now at Broken Hill, for the form's date input. */
function localDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
}

describe.runIf(browserAvailable)('events journey in Chromium', () => {
  const browser = browserContexts({ viewport: DESKTOP });
  const url = () => inject('hostUrl');

  async function signIn(user: TestUser, viewport = DESKTOP): Promise<Page> {
    const { page } = await browser.newPage({ viewport, acceptDownloads: true });
    await submitSignIn(page, user.email, user.password);
    await page.waitForURL((u) => u.pathname === '/', SLOW);
    return page;
  }

  async function shot(page: Page, name: string): Promise<void> {
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, name);
  }

  it('a notification says the event\'s time at its place, naming the zone, to a browser in another zone', { timeout: 120_000 }, async () => {
    const [owner, b] = await Promise.all([registeredUser(), registeredUser()]);
    const title = `Zone swap ${randomUUID().slice(0, 6)}`;
    const e = await newEvent(owner, { title });
    expect(e.timeZone).toBe('Australia/Sydney');
    const date = e.specifics[0]!;
    await attend(b, date.id, 'GOING');
    const { page } = await browser.newPage({ viewport: DESKTOP, timezoneId: 'America/New_York' });
    await submitSignIn(page, owner.email, owner.password);
    await page.waitForURL((u) => u.pathname === '/', SLOW);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');
    await page.getByRole('button', { name: /Notifications/ }).click();
    const said = `is going to ${title}, ${eventTimeText(date.startsAt, 'Australia/Sydney')}`;
    expect(said).toContain('(Australia/Sydney time)');
    await page.getByText(said).waitFor(SLOW);
    await shot(page, 'events-notification-zone-1280');
  });

  it('an open event page moves a waiting member off the waitlist live, without a reload, when a place frees up', { timeout: 120_000 }, async () => {
    const [owner, going, waiting] = await Promise.all([registeredUser(), registeredUser(), registeredUser()]);
    const e = await newEvent(owner, { title: `Full swap ${randomUUID().slice(0, 6)}`, capacity: 1 });
    const date = e.specifics[0]!;
    await attend(going, date.id, 'GOING');
    await attend(waiting, date.id, 'GOING');
    for (const [viewport, suffix] of [[DESKTOP, '1280'], [PHONE, '390']] as const) {
      const page = await signIn(waiting, viewport);
      await page.goto(`${url()}/event/${e.randomId}`);
      await page.getByRole('button', { name: 'On the waitlist (position 1)' }).waitFor(SLOW);
      await shot(page, `events-waitlist-${suffix}`);
      // Nothing is clicked on this page: the place frees up elsewhere, and the open page follows.
      const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);
      await attend(going, date.id, 'NOT_GOING');
      await page.getByRole('button', { name: 'Going', pressed: true }).waitFor(SLOW);
      expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads);
      expect(await page.getByText(/On the waitlist/).count()).toBe(0);
      await shot(page, `events-waitlist-promoted-${suffix}`);
      // Back to the start for the phone: the place goes back to the first member, the second waits again.
      if (suffix === '1280') {
        await attend(waiting, date.id, 'NOT_GOING');
        await attend(going, date.id, 'GOING');
        await attend(waiting, date.id, 'GOING');
      }
      await page.close();
    }
  });

  it('the admin creates a weekly event; B finds it, goes to the second date and takes the calendar; the admin is told, cancels that date, and B sees it struck through', { timeout: 240_000 }, async () => {
    const [admin, b] = await Promise.all([registeredUser(HERE), registeredUser({ ...HERE, latitude: -31.96, longitude: 141.46 })]);
    const club = await newPage(admin, { name: `Silver City Swap Club ${randomUUID().slice(0, 4)}`, place: { latitude: HERE.latitude, longitude: HERE.longitude } });
    const title = `Sunday cuttings swap ${randomUUID().slice(0, 6)}`;

    // 1. The admin creates a weekly event for the club.
    const pageA = await signIn(admin);
    await pageA.goto(`${url()}/${club.handle}/events/new`);
    await pageA.getByRole('heading', { level: 1, name: `New event for @${club.handle}` }).waitFor(SLOW);
    await pageA.getByLabel('Title').fill(title);
    await pageA.getByLabel('What happens').fill('Bring labelled cuttings and take something home.');
    await pageA.getByLabel('Place name').fill('Town hall lawn');
    await pageA.getByRole('combobox', { name: 'Suburb or city' }).fill('broken hi');
    await pageA.getByRole('option', { name: /Broken Hill, New South Wales/ }).click(SLOW);
    await pageA.getByLabel('Street address').fill('240 Blende St');
    await pageA.getByLabel('Date').fill(localDate(2));
    await pageA.getByLabel('Starts').fill('10:00');
    await pageA.getByLabel('Ends').fill('12:00');
    await pageA.getByLabel('Repeats').selectOption({ index: 1 });
    const tags = pageA.getByRole('combobox', { name: /^Tags/ });
    await tags.fill('cuttings');
    await tags.press('Enter');
    await pageA.getByRole('list', { name: 'Chosen tags' }).getByText('#cuttings').waitFor(SLOW);
    expect(await seriousA11yViolations(pageA)).toEqual([]);
    await shot(pageA, 'events-form');
    await pageA.getByRole('button', { name: 'Create event' }).click();
    await pageA.waitForURL((u) => u.pathname.startsWith('/event/'), SLOW);
    await pageA.getByRole('heading', { level: 1, name: title }).waitFor(SLOW);
    const eventPath = new URL(pageA.url()).pathname;
    const randomId = eventPath.split('/')[2]!;
    await pageA.getByText(/Every \w+day/).first().waitFor(SLOW);
    await pageA.getByRole('list', { name: 'Tags' }).getByRole('link', { name: '#cuttings' }).waitFor(SLOW);

    // 2. B finds it on /events, on the list and on the map.
    const pageB = await signIn(b);
    await pageB.goto(`${url()}/events`);
    await pageB.getByRole('heading', { level: 1, name: 'Events' }).waitFor(SLOW);
    const list = pageB.getByRole('region', { name: 'events by distance' });
    await list.getByRole('link', { name: title }).first().waitFor(SLOW);
    const map = pageB.getByRole('group', { name: /^Map of \d+ events within 25 km/ });
    // The map loads Leaflet once the reader reaches for it; the event is a marker, or in a cluster with others near it.
    await map.hover();
    await map.getByRole('button', { name: new RegExp(`^\\d+\\. ${title}$|results here`) }).first().waitFor(SLOW);
    expect(await seriousA11yViolations(pageB)).toEqual([]);
    await shot(pageB, 'events-list-1280');
    await pageB.getByRole('button', { name: 'Month' }).click();
    await pageB.getByRole('grid').waitFor(SLOW);
    await shot(pageB, 'events-month-1280');

    // B says GOING to the second date, and downloads the calendar file.
    await list.getByRole('link', { name: title }).first().click();
    await pageB.waitForURL((u) => u.pathname === eventPath, SLOW);
    const groups = pageB.getByRole('group', { name: /^Are you going to/ });
    await groups.nth(1).waitFor(SLOW);
    await groups.nth(1).getByRole('button', { name: 'Going', exact: true }).click();
    await expect.poll(() => groups.nth(1).getByRole('button', { name: 'Going', exact: true }).getAttribute('aria-pressed'), SLOW).toBe('true');
    expect(await groups.nth(0).getByRole('button', { name: 'Going', exact: true }).getAttribute('aria-pressed')).toBe('false');
    const [download] = await Promise.all([pageB.waitForEvent('download', SLOW), pageB.getByRole('link', { name: 'Add to calendar' }).click()]);
    const ics = await readFile((await download.path())!, 'utf8');
    // The whole series: one VEVENT with its rule, which the calendar expands into every week's date.
    const vevents = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent');
    expect(vevents).toHaveLength(1);
    const series = new ICAL.Event(vevents[0]!);
    expect(series.isRecurring()).toBe(true);
    const weeks = series.iterator();
    let occurrences = 0;
    while (occurrences < 20 && weeks.next()) occurrences++;
    expect(occurrences).toBeGreaterThanOrEqual(8);
    expect(series.summary).toBe(title);
    expect(String(vevents[0]!.getFirstPropertyValue('url'))).toMatch(new RegExp(`/event/${randomId}$`));
    await shot(pageB, 'events-event-1280');

    // 3. The admin sees B's answer in the bell.
    await pageA.reload();
    await pageA.getByRole('button', { name: /Notifications/ }).click();
    await pageA.getByText(new RegExp(`is going to ${title}`)).waitFor(SLOW);
    await pageA.keyboard.press('Escape');

    // 4. The admin cancels the second date; B sees it struck through and is told.
    await pageA.goto(`${url()}${eventPath}/edit`);
    await pageA.getByRole('heading', { level: 1, name: `Edit “${title}”` }).waitFor(SLOW);
    await pageA.getByRole('button', { name: 'Cancel this date' }).nth(1).click();
    // It asks first, saying who will be told.
    const confirm = pageA.getByRole('dialog', { name: 'Cancel this date?' });
    await confirm.getByText(/1 going/).waitFor(SLOW);
    await confirm.getByRole('button', { name: 'Cancel the date' }).click();
    await pageA.getByRole('button', { name: 'Restore this date' }).first().waitFor(SLOW);
    expect(await seriousA11yViolations(pageA)).toEqual([]);
    await shot(pageA, 'events-edit-1280');

    const phone = await signIn(b, PHONE);
    await phone.goto(`${url()}${eventPath}`);
    await phone.getByRole('heading', { level: 1, name: title }).waitFor(SLOW);
    const dates = phone.getByRole('heading', { name: 'Dates' }).locator('xpath=..').locator('ol > li');
    await dates.nth(1).locator('s').waitFor(SLOW);
    expect(await dates.nth(1).textContent()).toMatch(/Cancelled/);
    expect(await dates.nth(1).getByRole('group', { name: /Are you going/ }).count()).toBe(0);
    await phone.getByRole('button', { name: /Notifications/ }).click();
    await phone.getByText(new RegExp(`${title} is cancelled`)).waitFor(SLOW);
    await phone.keyboard.press('Escape');
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await shot(phone, 'events-event-390');
    await phone.goto(`${url()}/events`);
    await phone.getByRole('region', { name: 'events by distance' }).getByRole('link', { name: title }).first().waitFor(SLOW);
    await shot(phone, 'events-list-390');
  });
});
