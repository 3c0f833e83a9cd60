import { mkdirSync } from 'node:fs';
import type { BrowserContext, BrowserContextOptions, Locator, Page, Response } from 'playwright-core';
import type { Site } from '../harness.ts';

/** A context like the harness's (Persian locale, base URL) with extra options: permissions, CSP bypass, user agent. */
export function openContext(site: Site, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return site.browser.newContext({ baseURL: site.baseUrl, viewport: { width: 1280, height: 900 }, locale: 'fa-IR', ...options });
}

// Chromium's headless user agent counts as a bot for view tracking; this one is a reader's.
export const READER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Where screenshots for a person to look at go; none are taken when it is unset (as under CI). */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR;

/**
 * `name`.png in E2E_SHOTS_DIR, when it is set: of the whole page (`fullPage: false`: the viewport) or
 * of one element.
 */
export async function shoot(target: Page | Locator, name: string, { fullPage = true } = {}): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const path = `${SHOTS_DIR}/${name}.png`;
  await ('goto' in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}

/** A toast in the toast region (its label starts «اعلان‌ها»). */
const TOAST = 'ol[aria-label^="اعلان‌ها"] > li';

/** The visible toast's text (one at a time, spec 01 §9). */
export async function toastText(page: Page): Promise<string> {
  const toast = page.locator(TOAST);
  await toast.first().waitFor();
  return (await toast.first().innerText()).trim();
}

/**
 * Closes the visible toast with its close button, as a reader would, instead of waiting the five
 * seconds it stays (inside an open dialog too, where the toast then is); returns once none is shown.
 */
export async function closeToasts(page: Page): Promise<void> {
  const close = page.locator(TOAST).getByRole('button', { name: 'بستن اعلان' });
  // One toast at a time; a new one may take the place of the one just closed.
  for (let i = 0; i < 5 && (await close.count()) > 0; i++) await close.first().click({ timeout: 2_000 }).catch(() => undefined);
  await page.waitForFunction((selector) => !document.querySelector(selector), TOAST, { timeout: 20_000 });
}

/**
 * Waits for a toast whose text includes `text`. When none comes, the error names the toasts on
 * screen and the API answers that failed meanwhile, so a failure says what happened instead.
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  const failed: string[] = [];
  const onResponse = (r: Response) => { if (r.status() >= 400 && r.url().includes('/api/')) failed.push(`${r.request().method()} ${new URL(r.url()).pathname} → ${r.status()}`); };
  page.on('response', onResponse);
  try {
    await page.locator(TOAST, { hasText: text }).waitFor({ timeout: 10_000 });
  } catch (error) {
    const shown = await page.locator(TOAST).allInnerTexts().catch(() => []);
    throw new Error(`no toast with «${text}»; toasts on screen: ${JSON.stringify(shown)}; failed API answers: ${JSON.stringify(failed)}`, { cause: error });
  } finally {
    page.off('response', onResponse);
  }
}

/** The path of the page's address, decoded: '/article/برف-تهران-12'. */
export function decodedPath(page: Page): string {
  return decodeURIComponent(new URL(page.url()).pathname);
}
