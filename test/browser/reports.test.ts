/// <reference lib="dom" />
/**
 * The moderation journey in a real browser: a member reports a post from its menu; the admin sees
 * it in the queue on /admin and hides it; the post is gone from the home feed and its page.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserAvailable, browserContexts, screenshot, submitSignIn } from '../support/browser';
import { newPost } from '../support/content';
import { ADMIN_EMAIL, admin, registeredUser } from '../support/users';

const SLOW = { timeout: 20_000 };

describe.runIf(browserAvailable)('reports in Chromium', () => {
  const browser = browserContexts({ viewport: { width: 1280, height: 900 } });
  const url = () => inject('hostUrl');

  async function signedIn(email: string, password: string): Promise<Page> {
    const { page } = await browser.newPage();
    await submitSignIn(page, email, password);
    await page.waitForURL((u) => u.pathname !== '/auth/login', SLOW);
    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).waitFor(SLOW);
    return page;
  }

  it('a member reports a post, the admin hides it from the queue, and it is gone from home', { timeout: 120_000 }, async () => {
    const [author, reporter, boss] = await Promise.all([registeredUser(), registeredUser(), admin()]);
    const text = `Cheap followers here ${randomUUID().slice(0, 6)}`;
    const post = await newPost(author, { text });

    // The member reports it from the post's menu.
    const page = await signedIn(reporter.email, reporter.password);
    await page.goto(`${url()}/post/${post.id}`);
    await page.getByText(text).first().waitFor(SLOW);
    await page.getByRole('button', { name: 'Actions for this post' }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this post?' });
    await dialog.getByLabel('Reason').selectOption('spam');
    await dialog.getByLabel(/What is wrong/).fill('Advertising followers');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await page.getByRole('dialog', { name: 'Reported' }).waitFor(SLOW);

    // The admin finds it in the queue, with the content in place, and hides it.
    const adminPage = await signedIn(ADMIN_EMAIL, boss.password);
    await adminPage.goto(`${url()}/admin`);
    const card = adminPage.getByRole('article', { name: 'Post report' }).filter({ hasText: text });
    for (let n = 0; n < 20 && !(await card.isVisible()); n++) {
      const more = adminPage.getByRole('button', { name: 'Load more' });
      await card.or(more).first().waitFor(SLOW);
      if (!(await card.isVisible()) && (await more.isVisible())) await more.click();
    }
    await card.getByText('“Advertising followers”').waitFor(SLOW);
    await screenshot(adminPage, 'reports-admin-queue');
    await card.getByRole('button', { name: 'Hide' }).click();
    const confirm = adminPage.getByRole('dialog', { name: 'Hide this content?' });
    await confirm.getByLabel(/Note/).fill('Spam');
    await confirm.getByRole('button', { name: 'Hide' }).click();
    await adminPage.getByText('Hidden.').waitFor(SLOW);
    await screenshot(adminPage, 'reports-admin-hidden');

    // Gone from home (the newest posts come first: it would be on the first page) and from its page.
    await page.goto(`${url()}/`);
    await page.getByRole('main').getByRole('article').first().waitFor(SLOW);
    expect(await page.getByRole('main').getByText(text).count()).toBe(0);
    await page.goto(`${url()}/post/${post.id}`);
    await page.getByText(/not found|no such|does not exist/i).first().waitFor(SLOW);
    await screenshot(page, 'reports-post-gone');
  });
});
