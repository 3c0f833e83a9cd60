// Breaking news by Web Push in Chromium, against a push service started here that checks the
// VAPID signature and decrypts each message (apps/server/testing/push-test-server.ts): a reader
// opens the footer's prompt and subscribes, an editor marks an article as breaking news, the
// push service decrypts a Persian message naming the article, and the site's service worker
// shows it as a Persian notification that opens the article.
//
// Headless Chromium has no push service offline (its subscribe() answers "Registration failed"),
// so the reader's page gets PushManager.subscribe/getSubscription replaced by an init script that
// answers with a subscription of the local push service; everything else (the permission, the
// site's key, the API calls, the service worker) is the browser's own.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pushSubscriptions } from '@chapar/db';
import { pushPayload, type AdminArticlesResponse } from '@chapar/shared/contracts';
import { articlePath } from '@chapar/shared/text';
import { startPushTestServer, type PushTestServer, type TestSubscription } from '../apps/server/testing/push-test-server.ts';
import { expectToast, shoot } from './helpers/browser.ts';
import { adminSuite, horizontalOverflow, seriousAxeViolations, settled, VIEWPORTS, type Viewport } from './helpers/admin.ts';

let push: PushTestServer;
const suite = adminSuite(async () => {
  push = await startPushTestServer();
  return { env: { PUSH_EXTRA_ORIGINS: push.origin, PUSH_MAX_PER_MINUTE: '60000' } };
});
const name = (v: Viewport) => `${v.width}-${v.colorScheme}`;

/** The reader's browser: notifications allowed, and the Push API answering with `subscription`. */
async function readerPage(v: Viewport, subscription: TestSubscription): Promise<Page> {
  const page = await suite.openPage(v);
  await page.context().grantPermissions(['notifications']);
  await page.addInitScript((sub) => {
    const made = () => ({
      endpoint: sub.endpoint, expirationTime: null, options: { userVisibleOnly: true, applicationServerKey: null },
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      unsubscribe: async () => { localStorage.removeItem('test-push'); return true; },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
      localStorage.setItem('test-push', JSON.stringify({ userVisibleOnly: options?.userVisibleOnly, key: btoa(String.fromCharCode(...key)) }));
      return made() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem('test-push') ? made() : null) as unknown as PushSubscription;
    };
  }, subscription);
  return page;
}

/** The same page at another size and colour scheme (one sign-in, one browser context). */
async function showAs(page: Page, v: Viewport) {
  await page.setViewportSize({ width: v.width, height: v.height });
  await page.emulateMedia({ colorScheme: v.colorScheme });
}

async function openPrompt(page: Page) {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'اعلان خبرهای فوری' });
  await toggle.scrollIntoViewIfNeeded();
  // Nothing asks on load: the panel is closed until the reader opens it, from the keyboard here.
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: 'اعلان خبرهای فوری' });
  await panel.getByRole('button', { name: /اعلان‌ها$/ }).waitFor();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  return panel;
}

const storedEndpoints = async () => (await suite.site.database.db.select().from(pushSubscriptions)).map((s) => s.endpoint);

describe('breaking news by push', () => {
  it('a reader subscribes from the footer prompt; the screens pass at every size and theme', async () => {
    const reader = push.subscribe();
    const page = await readerPage(VIEWPORTS[0], reader);
    for (const v of [...VIEWPORTS].reverse()) {
      await showAs(page, v);
      const panel = await openPrompt(page);
      // The prompt's screen is the footer (the home page's cards above it are another area's).
      expect(await seriousAxeViolations(page, '#site-footer'), name(v)).toEqual([]);
      expect(await horizontalOverflow(page), name(v)).toBe(0);
      await shoot(page.locator('#site-footer'), `push-prompt-${name(v)}`);
      // Escape closes it and gives the focus back to its button.
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('اعلان خبرهای فوری');
    }

    // Last shown at 390 px, light.
    const panel = await openPrompt(page);
    await panel.getByRole('button', { name: 'فعال کردن اعلان‌ها' }).click();
    await panel.getByRole('status').filter({ hasText: 'اعلان خبرهای فوری فعال شد' }).waitFor();
    await panel.getByRole('button', { name: 'خاموش کردن اعلان‌ها' }).waitFor();
    // The browser was asked with the site's key, for visible notifications only; the server kept the subscription.
    const asked = JSON.parse(await page.evaluate(() => localStorage.getItem('test-push') ?? '{}')) as { userVisibleOnly: boolean; key: string };
    const { publicKey } = await (await page.request.get('/api/push/key')).json() as { publicKey: string };
    expect(asked.userVisibleOnly).toBe(true);
    expect(Buffer.from(asked.key, 'base64').toString('base64url')).toBe(publicKey);
    expect(await storedEndpoints()).toContain(reader.endpoint);
    await shoot(page.locator('#site-footer'), 'push-subscribed-390-light');

    // Unsubscribing takes it back, on the server too; subscribing again stores it again.
    await panel.getByRole('button', { name: 'خاموش کردن اعلان‌ها' }).click();
    await panel.getByRole('status').filter({ hasText: 'خاموش شد' }).waitFor();
    expect(await storedEndpoints()).not.toContain(reader.endpoint);
    await panel.getByRole('button', { name: 'فعال کردن اعلان‌ها' }).click();
    await panel.getByRole('status').filter({ hasText: 'فعال شد' }).waitFor();
    expect(await storedEndpoints()).toContain(reader.endpoint);

    // The editor marks an article as breaking news in the admin.
    const admin = await suite.signedIn('/admin', VIEWPORTS[2]);
    await settled(admin);
    const list = await (await admin.request.get('/api/admin/articles?status=published&page=1&limit=20')).json() as AdminArticlesResponse;
    const article = list.articles[0];
    await admin.getByRole('button', { name: `خبر فوری «${article.title}»` }).click();
    const dialog = admin.getByRole('alertdialog', { name: 'ارسال خبر فوری' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(article.title);
    await dialog.getByRole('button', { name: 'ارسال اعلان' }).click();
    await expectToast(admin, 'در صف ارسال است');

    // The push service received it, checked its signature and decrypted a Persian message naming the article.
    await expect.poll(() => push.received.filter((m) => m.id === reader.id).length, { timeout: 20_000 }).toBe(1);
    expect(push.refused).toEqual([]);
    const message = push.received.find((m) => m.id === reader.id)!;
    const payload = pushPayload.parse(JSON.parse(message.text));
    expect(payload).toMatchObject({ title: expect.stringMatching(/^خبر فوری/), body: article.title, url: articlePath(article) });
    expect(message.vapid.publicKey).toBe(publicKey);

    // The site's service worker shows that message as a Persian notification of the article.
    const cdp = await page.context().newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const live = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(suite.site.baseUrl));
        if (live) resolve(live.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: suite.site.baseUrl, registrationId: await registrationId, data: message.text });
    const shown = async () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications())
      .map((n) => ({ title: n.title, body: n.body, dir: n.dir, lang: n.lang, tag: n.tag, url: (n.data as { url: string }).url })));
    // The worker fetches the icon before the notification shows; on a busy CI machine that took
    // longer than the poll's default second.
    await expect.poll(async () => (await shown()).length, { timeout: 10_000 }).toBe(1);
    expect((await shown())[0]).toEqual({
      title: payload.title, body: article.title, dir: 'rtl', lang: 'fa', tag: `breaking-${article.id}`, url: new URL(articlePath(article), suite.site.baseUrl).href,
    });
  });

  it('shows the editor\'s confirmation at every size and theme', async () => {
    const list = await (await suite.site.app.inject({ method: 'GET', url: '/api/articles?limit=1' })).json() as Array<{ id: number; title: string }>;
    const admin = await suite.signedIn('/admin', VIEWPORTS[0]);
    for (const v of VIEWPORTS) {
      await showAs(admin, v);
      await admin.reload();
      await settled(admin);
      await admin.getByRole('button', { name: `خبر فوری «${list[0].title}»` }).click();
      const dialog = admin.getByRole('alertdialog', { name: 'ارسال خبر فوری' });
      await dialog.waitFor();
      expect(await seriousAxeViolations(admin), name(v)).toEqual([]);
      expect(await horizontalOverflow(admin), name(v)).toBe(0);
      await shoot(admin, `push-admin-confirm-${name(v)}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'انصراف' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  });
});
