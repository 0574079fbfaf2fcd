/// <reference lib="dom" />
/**
 * The places journey in a real browser against the local host: member A creates a page with an
 * avatar and a place typed by name, and posts news as the page; member B finds it on
 * /pages/nearby, on the list and on the map, joins it, and sees the news in home's News filter;
 * a guest sees the page and the "Near you" panel. Screenshots at 1280 px and 390 px.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { gradientPng } from '../../infra/local/demo-images';
import { browserAvailable, browserContexts, SCREENSHOTS, screenshot, seriousA11yViolations, submitSignIn } from '../support/browser';
import { newPage } from '../support/pages';
import { registeredUser, type TestUser } from '../support/users';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SLOW = { timeout: 20_000 };
/** Alice Springs: no other test puts anything there. */
const HERE = { latitude: -23.7002, longitude: 133.8806, suburb_city: 'Alice Springs', state: 'NT', country: 'Australia' };
/** Kalgoorlie: no other test puts anything there. */
const MAP_HERE = { latitude: -30.7489, longitude: 121.4658, suburb_city: 'Kalgoorlie', state: 'WA', country: 'Australia' };

describe.runIf(browserAvailable)('places journey in Chromium', () => {
  const browser = browserContexts({ viewport: DESKTOP });
  const url = () => inject('hostUrl');

  async function signIn(user: TestUser, viewport = DESKTOP): Promise<Page> {
    const { page } = await browser.newPage({ viewport });
    await submitSignIn(page, user.email, user.password);
    await page.waitForURL((u) => u.pathname === '/', SLOW);
    return page;
  }

  async function shot(page: Page, name: string): Promise<void> {
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, name);
  }

  it('A creates a page and posts news as it; B finds it nearby on the list and the map, joins, and reads the news; a guest sees it', { timeout: 180_000 }, async () => {
    const [a, b] = await Promise.all([registeredUser(HERE), registeredUser({ ...HERE, latitude: -23.69, longitude: 133.87 })]);
    const name = `Desert Growers ${randomUUID().slice(0, 4)}`;
    const news = `Working bee on Saturday at 9 ${randomUUID().slice(0, 6)}`;

    // A creates the page: the place is typed and picked from the suggestions.
    const pageA = await signIn(a);
    await pageA.goto(`${url()}/pages/new`);
    await pageA.getByRole('heading', { level: 1, name: 'Create a page' }).waitFor(SLOW);
    await pageA.getByLabel('Name', { exact: true }).fill(name);
    const handle = await pageA.getByLabel('Handle').inputValue();
    expect(handle).toMatch(/^desert_growers_/);
    await pageA.getByLabel('About').fill('Growing in the red centre: swaps, tips and working bees.');
    await pageA.getByRole('combobox', { name: 'Suburb or city' }).fill('alice spr');
    await pageA.getByRole('option', { name: /Alice Springs, Northern Territory/ }).click(SLOW);
    await pageA.getByText('Alice Springs, Northern Territory, Australia').waitFor(SLOW);
    await pageA.locator('input[type=file]').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: gradientPng(256, 256, 30) });
    expect(await seriousA11yViolations(pageA)).toEqual([]);
    await shot(pageA, 'places-page-form');
    await pageA.getByRole('button', { name: 'Create page' }).click();
    await pageA.waitForURL((u) => u.pathname === `/${handle}`, SLOW);
    await pageA.getByRole('heading', { level: 1, name }).waitFor(SLOW);
    await expect.poll(() => pageA.locator('header img').first().evaluate((img: HTMLImageElement) => img.naturalWidth), SLOW).toBeGreaterThan(0);

    // A posts news as the page.
    await pageA.getByRole('button', { name: `Post news as ${name}` }).click(SLOW);
    await pageA.getByRole('heading', { name: `Post news as ${name}` }).waitFor(SLOW);
    await pageA.getByLabel('Your post').fill(news);
    await pageA.getByRole('button', { name: 'Post', exact: true }).click();
    await pageA.getByRole('article').filter({ hasText: news }).first().waitFor(SLOW);
    await pageA.getByRole('complementary', { name: 'Around you' }).getByRole('link', { name: new RegExp(name) }).waitFor(SLOW);
    await shot(pageA, 'places-page-profile');

    // B finds it on /pages/nearby: around B's place, on the list and on the map.
    const pageB = await signIn(b);
    await pageB.goto(`${url()}/pages/nearby`);
    await pageB.getByRole('heading', { level: 1, name: 'Pages near you' }).waitFor(SLOW);
    const list = pageB.getByRole('region', { name: 'pages by distance' });
    await list.getByRole('link', { name }).waitFor(SLOW);
    const map = pageB.getByRole('group', { name: /^Map of \d+ pages within 25 km/ });
    await map.waitFor(SLOW);
    // The map loads Leaflet once the reader reaches for it (here, the pointer over it).
    await map.hover();
    await map.getByRole('button', { name: new RegExp(`^\\d+\\. ${name}$`) }).waitFor(SLOW);
    expect(await seriousA11yViolations(pageB)).toEqual([]);
    await shot(pageB, 'places-pages-nearby-1280');
    await list.getByRole('article').filter({ hasText: name }).getByRole('button', { name: 'Join' }).click();
    await list.getByRole('article').filter({ hasText: name }).getByRole('button', { name: 'Joined · Leave' }).waitFor(SLOW);

    // B reads the news in home's News filter.
    await pageB.goto(`${url()}/`);
    await pageB.getByRole('tab', { name: /News/ }).click(SLOW);
    await pageB.getByText(news).first().waitFor(SLOW);
    await shot(pageB, 'places-home-news');

    // On a phone too: the list and the map.
    const phone = await signIn(b, PHONE);
    await phone.goto(`${url()}/pages/nearby`);
    await phone.getByRole('group', { name: /^Map of \d+ pages within 25 km/ }).waitFor(SLOW);
    await shot(phone, 'places-pages-nearby-390');

    // A guest sees the page and the "Near you" panel.
    const guest = (await browser.newPage()).page;
    await guest.goto(`${url()}/${handle}`);
    await guest.getByRole('heading', { level: 1, name }).waitFor(SLOW);
    await guest.getByText(news).first().waitFor(SLOW);
    await guest.getByRole('complementary', { name: 'Around you' }).getByRole('heading', { name: 'Near you' }).waitFor(SLOW);
    expect(await seriousA11yViolations(guest)).toEqual([]);
    await shot(guest, 'places-page-guest-1280');
    const guestPhone = (await browser.newPage({ viewport: PHONE })).page;
    await guestPhone.goto(`${url()}/${handle}`);
    await guestPhone.getByRole('heading', { level: 1, name }).waitFor(SLOW);
    await shot(guestPhone, 'places-page-guest-390');
  });

  it('the map pans, a cluster opens to its results, and a popup\'s link leads to the result, at 1280 and 390 px', { timeout: 120_000 }, async () => {
    const owner = await registeredUser(MAP_HERE);
    const tag = randomUUID().slice(0, 4);
    // Three pages in one spot (a page without a public address shows at its ~1 km cell) and one across town.
    const names = [`Goldfields Growers ${tag}`, `Boulder Seed Swap ${tag}`, `Kalgoorlie Succulents ${tag}`];
    const made: { handle: string }[] = [];
    for (const [i, pageName] of names.entries()) made.push(await newPage(owner, { name: pageName, place: { latitude: MAP_HERE.latitude + i * 0.0003, longitude: MAP_HERE.longitude } }));
    await newPage(owner, { name: `Far Side Ferns ${tag}`, place: { latitude: MAP_HERE.latitude - 0.06, longitude: MAP_HERE.longitude + 0.05 } });

    for (const [viewport, label] of [[DESKTOP, '1280'], [PHONE, '390']] as const) {
      const page = await signIn(owner, viewport);
      await page.goto(`${url()}/pages/nearby`);
      await page.getByRole('heading', { level: 1, name: 'Pages near you' }).waitFor(SLOW);
      const map = page.getByRole('group', { name: /^Map of \d+ pages within 25 km/ });
      // A still picture of the view until the reader reaches for the map.
      await map.getByRole('button', { name: 'Move and zoom the map' }).click();
      // On a phone's narrower map the page across town may join the cluster too.
      const cluster = map.getByRole('button', { name: /^[34] results here/ });
      await cluster.waitFor(SLOW);
      // The towns around are named on the plain base (one may sit under the "You" mark or give way
      // to a marker, so they are counted as drawn, not as visible); with a tile server (another test
      // file may have set one on this shared host) its tiles are drawn instead.
      const site = (await (await fetch(`${url()}/api/site-settings/get-site`, { headers: { 'client-platform': 'browser' } })).json()) as { data: { settings: { map_tile_url?: string } } };
      await map.locator(site.data.settings.map_tile_url ? 'img.leaflet-tile' : '.nearby-map-place').first().waitFor({ ...SLOW, state: 'attached' });

      // Pan: drag from an empty corner; the cluster moves with the map.
      const box = (await map.boundingBox())!;
      const before = (await cluster.boundingBox())!;
      const from = { x: box.x + box.width * 0.85, y: box.y + box.height * 0.85 };
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x - 60, from.y - 40, { steps: 8 });
      await page.mouse.up();
      await expect.poll(async () => Math.round((await cluster.boundingBox())!.x - before.x), SLOW).toBeLessThan(-40);
      expect(Math.round((await cluster.boundingBox())!.y - before.y)).toBeLessThan(-20);

      // The cluster zooms in until its results part, or lists them where they share a spot.
      const target = names[1]!;
      const link = page.getByRole('link', { name: new RegExp(`^\\d+\\. ${target}$`) });
      const marker = map.getByRole('button', { name: new RegExp(`^\\d+\\. ${target}$`) });
      for (let clicks = 0; clicks < 6 && !(await link.isVisible()) && !(await marker.isVisible()); clicks++) {
        await map.getByRole('button', { name: /results here/ }).first().click();
        await page.waitForTimeout(400);
      }
      if (!(await link.isVisible())) await marker.click();
      await link.waitFor(SLOW);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await map.screenshot({ path: join(SCREENSHOTS, `places-map-popup-${label}.png`) });
      await shot(page, `places-map-${label}`);
      await link.click();
      await page.waitForURL((u) => u.pathname === `/${made[1]!.handle}`, SLOW);
      await page.getByRole('heading', { level: 1, name: target }).waitFor(SLOW);
    }
  });

  it('a guest chooses a place to search from; on the next screen the main column and the "Near you" panel both search from it', { timeout: 120_000 }, async () => {
    const { page: guest } = await browser.newPage();
    await guest.goto(`${url()}/pages/nearby`);
    await guest.getByRole('heading', { level: 1, name: 'Pages near you' }).waitFor(SLOW);
    await guest.getByRole('button', { name: 'Choose a place' }).click();
    await guest.getByRole('combobox', { name: 'Suburb or city' }).fill('alice spr');
    await guest.getByRole('option', { name: /Alice Springs, Northern Territory/ }).click(SLOW);
    const chosen = 'Alice Springs, Northern Territory, Australia';
    await guest.getByRole('region', { name: 'Where to search from' }).getByText(chosen).waitFor(SLOW);
    const rail = guest.getByRole('complementary', { name: 'Around you' });
    await rail.getByText(`Around ${chosen}, from the place you chose.`).waitFor(SLOW);

    // Another screen, reached by its link: the same place in both columns.
    await rail.getByRole('link', { name: 'More events' }).click();
    await guest.getByRole('heading', { level: 1, name: 'Events' }).waitFor(SLOW);
    await guest.getByRole('region', { name: 'Where to search from' }).getByText(`Near ${chosen}`).waitFor(SLOW);
    await rail.getByText(`Around ${chosen}, from the place you chose.`).waitFor(SLOW);
    await shot(guest, 'places-guest-chosen-1280');
  });

  it('a page\'s header keeps most of its width for a long name and place, with the staff\'s actions, at 1280 and 390 px', { timeout: 120_000 }, async () => {
    const owner = await registeredUser(HERE);
    const name = `The Alice Springs Desert Growers and Seed Savers ${randomUUID().slice(0, 11)}`;
    expect(name).toHaveLength(60);
    const made = await newPage(owner, { name, place: { latitude: HERE.latitude, longitude: HERE.longitude } });
    for (const [viewport, label] of [[DESKTOP, 'desktop'], [PHONE, 'phone']] as const) {
      const page = await signIn(owner, viewport);
      await page.goto(`${url()}/${made.handle}`);
      const h1 = page.getByRole('heading', { level: 1, name });
      await h1.waitFor(SLOW);
      await page.getByRole('link', { name: 'Edit page' }).waitFor(SLOW);
      const [heading, header] = await Promise.all([h1.boundingBox(), page.locator('main article > header').first().boundingBox()]);
      expect(heading && header).toBeTruthy();
      expect(heading!.width / header!.width, label).toBeGreaterThanOrEqual(0.6);
      await shot(page, `places-page-header-${label}`);
    }
  });
});
