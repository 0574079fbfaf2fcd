/// <reference lib="dom" />
/**
 * Every screen of the SPA's route table (web/src/app/routes.ts, read as it stands, so a new
 * screen joins the sweep by being routed) passes axe with no serious or critical violation, for a
 * guest, a member and an admin: one browser context per role, the three in parallel. Parameters
 * are filled with content made for the sweep (a plant, a post, an event, a page, a conversation,
 * a tag). A screen a role may not open is checked where it sends that role (the sign-in screen,
 * a "not found" or "not allowed" screen). Screens are reached within the app, as links reach them.
 * `SWEEP_TIMES=1` prints each screen's time; `SWEEP_ROLE=guest|member|admin` sweeps one role.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../infra/local/host';
import { as } from '../support/accounts';
import { browserAvailable, browserContexts, seriousA11yViolations, submitSignIn } from '../support/browser';
import { newPlant, newPost, uniqueTag } from '../support/content';
import { newEvent } from '../support/events';
import { randomPlace } from '../support/geo';
import { newPage } from '../support/pages';
import { admin, registeredUser, type TestUser } from '../support/users';

/** Every path of the route table, in its order. */
function routedPaths(): string[] {
  const source = readFileSync(join(REPO_ROOT, 'web', 'src', 'app', 'routes.ts'), 'utf8');
  return [...source.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1]!);
}

describe.runIf(browserAvailable)('every screen passes axe, for a guest, a member and an admin', () => {
  const browser = browserContexts({ viewport: { width: 1280, height: 900 } });

  it('has no serious or critical violation on any routed screen', { timeout: 300_000 }, async () => {
    const started = Date.now();
    const place = randomPlace();
    const [member, other, boss] = await Promise.all([registeredUser(place), registeredUser(place), admin()]);
    const tag = uniqueTag();
    const [plant, post, event, page] = await Promise.all([
      newPlant(member, { commonName: 'Monstera', tags: [tag] }),
      newPost(member, { text: `A sweep ${randomUUID().slice(0, 6)}`, tags: [tag] }),
      newEvent(member),
      newPage(member),
    ]);
    const conversation = await as<{ convnId: string }>(member.browser, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [member.uuid, other.uuid] });
    expect(conversation.status).toBe(200);
    expect((await as(member.browser, 'POST', '/api/iam/messages/new', { id: randomUUID(), conversation_id: conversation.data.convnId, content: 'Hello from the sweep' })).status).toBe(201);

    const params: Record<string, string> = {
      plantId: plant.id, randomId: event.randomId, name: tag, username: other.profile.username!,
      userHandle: member.profile.username!, pageHandle: page.handle, handle: page.handle,
    };
    const paths = routedPaths().flatMap((path) => {
      const filled = path.replace(/:(\w+)/g, (_, p: string) => {
        if (!(p in params)) throw new Error(`the sweep has no value for :${p} (${path}): add one`);
        return params[p]!;
      });
      // `/post/:randomId` is a post's id; a member's own profile by handle is swept too.
      if (path === '/post/:randomId') return [`/post/${post.id}`];
      if (path === '/:handle') return [filled, `/${member.profile.username}`];
      return [filled];
    });
    expect(paths.length).toBeGreaterThan(50);

    const roles: { role: string; user: TestUser | null }[] = [{ role: 'guest', user: null }, { role: 'member', user: member }, { role: 'admin', user: boss }].filter((r) => !process.env.SWEEP_ROLE || r.role === process.env.SWEEP_ROLE);
    const found = await Promise.all(roles.map(async ({ role, user }) => {
      const context = await browser.newContext();
      const tab = await context.newPage();
      if (user) {
        await submitSignIn(tab, user.email, user.password);
        await tab.waitForURL((u) => u.pathname !== '/auth/login', { timeout: 20_000 });
      }
      const out: string[] = [];
      await tab.goto(`${inject('hostUrl')}/`, { waitUntil: 'load' });
      for (const path of paths) {
        const t0 = Date.now();
        // Within the app, as a link would (the router follows the history): no reload per screen.
        await tab.evaluate((to) => {
          window.history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, path);
        await tab.locator('main, [role="main"]').first().waitFor({ timeout: 15_000 });
        // Screens settle their loading states: wait until no "Loading" status is left, a short while at most.
        await tab.waitForFunction(() => !document.querySelector('[role="status"][aria-label^="Loading"], [aria-busy="true"]'), undefined, { timeout: 5_000 }).catch(() => undefined);
        const violations = await seriousA11yViolations(tab);
        if (process.env.SWEEP_TIMES) console.info(`${role} ${path} ${Date.now() - t0} ms`);
        for (const v of violations) out.push(`${role} ${path} (at ${new URL(tab.url()).pathname}): ${v.id} ${v.impact}: ${v.help} ${JSON.stringify(v.nodes.slice(0, 2).map((n) => n.target))}`);
      }
      await context.close();
      return out;
    }));
    expect(found.flat()).toEqual([]);
    const seconds = (Date.now() - started) / 1000;
    console.info(`a11y sweep: ${paths.length} screens × 3 roles in ${seconds.toFixed(0)} s`);
    expect(seconds).toBeLessThan(180);
  });
});
