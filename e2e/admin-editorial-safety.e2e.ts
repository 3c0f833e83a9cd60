import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { createArticle } from '../apps/server/testing/factories.ts';
import { startSyntheticChannel, type SyntheticChannel } from '../apps/server/testing/synthetic-channel.ts';
import { createWebPreviewSource } from '../apps/server/src/integrations/telegram/index.ts';
import { postStore } from '../apps/server/src/modules/posts/post-store.ts';
import { adminSuite, horizontalOverflow, seriousAxeViolations, VIEWPORTS } from './helpers/admin.ts';
import { closeToasts, shoot } from './helpers/browser.ts';

// Editorial safety in the browser: on a site whose demo articles come from a channel that is not
// configured, and 50 articles from one that is (a local stand-in for t.me), no click takes articles
// off the site without a preview and a confirmation; a run that would take down an unusual share
// stops; what a confirmed run took down comes back in one action.

let channel: SyntheticChannel;
const suite = adminSuite(async () => {
  channel = await startSyntheticChannel({ count: 50 });
  return { env: { TELEGRAM_CHANNELS: `primary:${channel.channel}`, TELEGRAM_WEB_BASE_URL: channel.baseUrl, ADMIN_JOB_WAIT_SECONDS: '60' } };
});
afterAll(async () => { await channel?.close(); });

const ids = new Map<number, number>();
beforeAll(async () => {
  const { database } = suite.site;
  const source = createWebPreviewSource({ baseUrl: channel.baseUrl });
  for (let id = 1; id <= 50; id++) {
    const post = (await source.fetchPost(channel.channel, id))!;
    await postStore.saveFetched(database.db, channel.channel, post);
    const article = await createArticle(database, { source: channel.channel, telegramId: id, publishedAt: new Date(Date.now() - (51 - id) * 60_000) });
    await postStore.setState(database.db, { source: channel.channel, telegramId: id }, 'published', { articleId: article.id });
    ids.set(id, article.id);
  }
}, 60_000);
beforeEach(async () => {
  channel.reset();
  await suite.site.database.db.execute(sql`update articles set status = 'published', unpublished_reason = null, unpublished_at = null, edited_fields = '{}'`);
  await suite.site.database.db.execute(sql`delete from operations`);
});

const published = async () => Number((await suite.site.database.raw.query<{ n: number }>(`select count(*)::int as n from articles where status = 'published'`)).rows[0].n);
const unpublishedIds = async () => (await suite.site.database.raw.query<{ id: number }>(`select id from articles where status = 'unpublished' order by id`)).rows.map((r) => r.id);
const dialog = (page: Page) => page.getByTestId('plan-dialog');

async function verify(page: Page): Promise<void> {
  await page.locator('[data-job="check-articles"]').click();
  await dialog(page).waitFor({ timeout: 60_000 });
}

describe('bulk jobs ask before they take anything down', () => {
  it('verification and every sync card leave the site as it was when nothing was deleted at the source', { timeout: 300_000 }, async () => {
    const before = await published();
    expect(before).toBeGreaterThan(50); // the demo newsroom's articles beside the channel's 50
    const page = await suite.signedIn('/admin?tab=generate');
    await verify(page);
    expect(await page.getByTestId('plan-summary').innerText()).toContain('تغییری لازم نیست');
    // The demo channel is not configured: its articles were not checked, and the list says why.
    await dialog(page).getByText(/بقیهٔ مقاله‌ها/).click();
    // The demo newsroom's channel is kept switched off: its articles are "not checked", never "deleted".
    expect(await dialog(page).innerText()).toMatch(/کانال .+ غیرفعال است/);
    await dialog(page).getByRole('button', { name: 'بستن', exact: true }).click();
    await dialog(page).waitFor({ state: 'detached' });

    await page.goto('/admin/sync');
    await page.locator('[data-job]').first().waitFor(); // the screen renders in the browser
    const jobs = await page.locator('[data-job]').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-job')!));
    expect(jobs.length).toBe(10);
    for (const job of jobs) {
      await page.locator(`[data-job="${job}"]`).click();
      // Each asks first, naming what it will do; the confirmed run answers in the results panel.
      await dialog(page).waitFor({ timeout: 60_000 });
      const run = dialog(page).getByRole('button', { name: /^اجرا روی/ });
      if (await run.count()) {
        await run.click();
        await page.getByTestId('sync-results').waitFor({ timeout: 120_000 });
      } else {
        await dialog(page).getByRole('button', { name: 'بستن', exact: true }).click();
      }
      await dialog(page).waitFor({ state: 'detached' });
      expect(await published(), job).toBe(before);
    }
    // The two one-article cards: a post by its link and an article by its id.
    await page.getByLabel('لینک پست کانال').fill(`https://t.me/${channel.channel}/12`);
    await page.getByRole('button', { name: 'همگام‌سازی پست' }).click();
    await page.getByTestId('sync-results').getByText('همگام‌سازی تک پست').waitFor({ timeout: 60_000 });
    await page.getByLabel('شناسه مقاله').fill(String(ids.get(12)));
    await page.getByRole('button', { name: 'اصلاح مقاله', exact: true }).click();
    await page.getByTestId('sync-results').getByText(/اصلاح مقاله/).waitFor({ timeout: 60_000 });
    expect(await published()).toBe(before);
  });

  it('unpublishes exactly the 3 posts the source deleted after the confirmation, and one undo brings them back', { timeout: 120_000 }, async () => {
    channel.remove(7, 23, 41);
    const page = await suite.signedIn('/admin?tab=generate', VIEWPORTS[0]);
    await verify(page);
    expect(await page.getByTestId('plan-summary').innerText()).toContain('۳ مقاله از انتشار خارج می‌شود');
    expect(await dialog(page).locator('[data-change="unpublish"]').count()).toBe(3);
    expect(await unpublishedIds()).toEqual([]);
    await dialog(page).getByRole('button', { name: 'اجرا روی ۳ مقاله' }).click();
    await dialog(page).waitFor({ state: 'detached', timeout: 60_000 });
    await page.getByText('۳ مقاله بررسی شد: ۳ مقاله از انتشار خارج شد').first().waitFor();
    expect(await unpublishedIds()).toEqual([ids.get(7), ids.get(23), ids.get(41)]);

    // The operations list offers the undo, which asks once more, naming the count.
    const op = page.locator('[data-operation-id]', { has: page.getByRole('heading', { name: 'بررسی مقالات با منبع', exact: true }) }).first();
    await op.getByRole('button', { name: /بازگردانی/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'بازگردانی ۳ مقاله' }).click();
    await page.getByText('۳ مقاله به حالت پیش از عملیات بازگردانده شد').first().waitFor();
    expect(await unpublishedIds()).toEqual([]);
    await op.getByText('بازگردانده شد').first().waitFor();
  });

  it('stops when 30 of 50 posts vanish: a warning, no change without a second look, and the dialog reads well everywhere', { timeout: 180_000 }, async () => {
    channel.hideFromPages(...Array.from({ length: 30 }, (_, i) => i + 11));
    channel.posts('not_found');
    for (const viewport of VIEWPORTS) {
      const page = await suite.signedIn('/admin?tab=generate', viewport);
      // A toast (the sign-in's, on the first page) is closed, as an editor would, so that only the dialog is checked.
      await closeToasts(page);
      await verify(page);
      const warning = dialog(page).getByRole('alert');
      expect(await warning.innerText()).toContain('توقف ایمنی');
      expect(await warning.innerText()).toContain('۳۰ مقاله از');
      const run = dialog(page).getByRole('button', { name: 'اجرا روی ۳۰ مقاله' });
      expect(await run.isDisabled()).toBe(true);
      await shoot(page, `plan-breaker-${viewport.width}-${viewport.colorScheme}`, { fullPage: false });
      expect(await horizontalOverflow(page), `${viewport.width} ${viewport.colorScheme}`).toBe(0);
      expect(JSON.stringify(await seriousAxeViolations(page)), `${viewport.width} ${viewport.colorScheme}`).toBe('[]');
      await dialog(page).getByRole('button', { name: 'انصراف و کنار گذاشتن' }).click();
      await dialog(page).waitFor({ state: 'detached' });
      expect(await published()).toBeGreaterThan(50);
      expect(await unpublishedIds()).toEqual([]);
      await page.close();
    }
  });
});
