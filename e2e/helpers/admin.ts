import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Cookie, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { E2E_ADMIN, startSite, type Site, type SiteOptions } from '../harness.ts';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const VIEWPORTS = [
  { width: 390, height: 844, colorScheme: 'light' },
  { width: 390, height: 844, colorScheme: 'dark' },
  { width: 1280, height: 900, colorScheme: 'light' },
  { width: 1280, height: 900, colorScheme: 'dark' },
] as const;

export type Viewport = (typeof VIEWPORTS)[number];

/**
 * A browser context for the admin: Persian locale, the given size and colour scheme, and the
 * page's CSP bypassed so axe-core can be injected (the admin's own scripts are unaffected).
 */
export function adminContext(site: Site, viewport: Viewport = VIEWPORTS[2]): Promise<BrowserContext> {
  return site.browser.newContext({
    baseURL: site.baseUrl,
    viewport: { width: viewport.width, height: viewport.height },
    colorScheme: viewport.colorScheme,
    locale: 'fa-IR',
    bypassCSP: true,
    acceptDownloads: true,
  });
}

/** Signs in through /admin/login as a user would; `path` is where the test started (the login returns there). */
export async function signIn(page: Page, path = '/admin'): Promise<void> {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === '/admin/login');
  await page.getByLabel('نام کاربری').fill(E2E_ADMIN.username);
  await page.getByLabel('رمز عبور', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/admin/login');
}

/** Horizontal overflow of the document (px beyond the viewport); 0 when none. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

export interface AxeViolation { id: string; impact: string | null; help: string; nodes: string[] }

/** Contexts that load axe-core into each page they open, from their first check on. */
const withAxe = new WeakSet<BrowserContext>();

/** axe-core's serious and critical violations on the page as it is now (within `within`, a selector, when given). */
export async function seriousAxeViolations(page: Page, within?: string): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) {
    await page.addScriptTag({ content: AXE_SOURCE });
    // The pages this context opens next have it from the start: sending its 650 KB to each page
    // took about three times as long as compiling it there (0.37 s against 0.1 s a page).
    if (!withAxe.has(page.context())) {
      withAxe.add(page.context());
      // The top frame only, as addScriptTag: embedded frames are not audited.
      await page.context().addInitScript({ content: `if (window === window.top) {\n${AXE_SOURCE}\n}` });
    }
  }
  return page.evaluate(async (scope) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document | string, opts: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(scope ?? document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  }, within ?? null);
}

/** Waits until no admin list shows its loading state. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[role="status"]'), undefined, { timeout: 15_000 });
}

export interface AdminSuite {
  /** The site started for this file (available inside tests and hooks). */
  readonly site: Site;
  /** A new admin context at the given size and scheme, closed with the site; not signed in. */
  openPage(viewport?: Viewport): Promise<Page>;
  /**
   * A new admin context at `path`, signed in as the editor. The suite's first sign-in goes through
   * the form (signIn); later pages reuse its session, as another tab of the same browser would,
   * and go through the form again only once that session has ended (signed out or revoked).
   */
  signedIn(path?: string, viewport?: Viewport): Promise<Page>;
  /** Keeps a page a test opened open for the tests after it (the others close when their test ends). */
  keep(page: Page): void;
}

/**
 * Starts one site for the test file and closes it, and every context opened on it, afterwards.
 * `options` (or a function giving them, run in beforeAll, e.g. after fake servers started) configures the site.
 */
export function adminSuite(options?: SiteOptions | (() => SiteOptions | Promise<SiteOptions>)): AdminSuite {
  let started: Site | undefined;
  const contexts: BrowserContext[] = [];
  // The pages the running test opened: closed when it ends, since an admin page left open polls
  // and redraws (about 4 % of a core each), which slowed every test after it.
  let opened: BrowserContext[] | undefined;
  let session: Cookie[] | undefined;
  beforeAll(async () => { started = await startSite(typeof options === 'function' ? await options() : options); });
  beforeEach(() => { opened = []; });
  afterEach(async () => {
    const done = opened ?? [];
    opened = undefined;
    await Promise.all(done.map((c) => c.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    await started?.close();
  });
  const suite: AdminSuite = {
    get site() {
      if (!started) throw new Error('the site is started in beforeAll');
      return started;
    },
    async openPage(viewport = VIEWPORTS[2]) {
      const context = await adminContext(suite.site, viewport);
      contexts.push(context);
      opened?.push(context);
      return context.newPage();
    },
    keep(page) {
      opened = opened?.filter((c) => c !== page.context());
    },
    async signedIn(path = '/admin', viewport = VIEWPORTS[2]) {
      const page = await suite.openPage(viewport);
      if (session) {
        await page.context().addCookies(session);
        const status = await page.request.get('/api/admin/status');
        if (((await status.json()) as { isAuthenticated: boolean }).isAuthenticated) {
          await page.goto(path);
          return page;
        }
      }
      await signIn(page, path);
      session = await page.context().cookies();
      return page;
    },
  };
  return suite;
}
