// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../../testing/dom-shims.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { ARTICLE_CHANGED_SINCE } from '@chapar/shared/contracts';
import EditArticleDialog from './edit-dialog.tsx';

// The categories as the database has them: the eight of the site and one an admin added.
const CATEGORIES = [
  ['politics', 'Politics', 'سیاست'], ['economy', 'Economy', 'اقتصاد'], ['technology', 'Technology', 'فناوری'],
  ['health', 'Health', 'سلامت'], ['culture', 'Culture', 'فرهنگ'], ['sports', 'Sports', 'ورزش'],
  ['international', 'International', 'بین‌الملل'], ['education', 'Education', 'آموزش'], ['science', 'Science', 'علم'],
].map(([slug, nameEn, name], i) => ({ id: i + 1, slug, nameEn, name, description: '' }));

function article(category: string, featured = false, missingMedia: string | null = null) {
  return {
    id: 7, title: 'خبر آزمایشی درباره دانشگاه', slug: 'خبر', excerpt: 'خلاصه', content: '<p>متن</p>', category, keywords: 'کنکور,دانشگاه تهران', imageUrl: null, videoUrl: null,
    featured, metaDescription: null, source: 'akhbar_rooz', telegramId: 12, publishedAt: '2026-11-20T10:00:00.000Z', views: 3,
    status: 'published', isPublished: true, unpublishedReason: null, unpublishedAt: null, editedFields: [], telegramUrl: null, missingMedia,
  };
}

function serve(category: string, featured = false, missingMedia: string | null = null) {
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/categories')) return json(CATEGORIES);
    if (url.startsWith('/api/admin/articles/7')) return json(article(category, featured, missingMedia));
    return new Response('{}', { status: 404 });
  }));
}

describe('the edit dialog\'s category', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens an article in «آموزش» with that category selected, and offers the database\'s categories', async () => {
    serve('Education');
    renderWithApp(<EditArticleDialog articleId={7} onClose={() => {}} />);
    const select = await screen.findByRole('combobox', { name: 'دسته‌بندی' });
    await waitFor(() => expect(select.textContent).toContain('آموزش'));
    // The form's native select (Radix keeps one for the form) holds every database category,
    // 'علم' too, which no fixed list has.
    const dialog = screen.getByRole('dialog');
    const options = Array.from(within(dialog).getAllByRole('option', { hidden: true }), (o) => (o as HTMLOptionElement).value);
    expect(options).toEqual(expect.arrayContaining(['International', 'Education', 'Science', 'Politics']));
  });

  it('shows «بین‌الملل» for an article stored with the category\'s Persian name', async () => {
    serve('بین‌الملل');
    renderWithApp(<EditArticleDialog articleId={7} onClose={() => {}} />);
    const select = await screen.findByRole('combobox', { name: 'دسته‌بندی' });
    await waitFor(() => expect(select.textContent).toContain('بین‌الملل'));
  });
});

describe('the edit dialog\'s missing-media note', () => {
  afterEach(() => vi.unstubAllGlobals());
  const LACKS = 'بی‌تصویر: دریافت از تلگرام نشد (سرور رسانه فایل را نداد (۵۰۰))';

  it('says what an article published without its photo lacks, when it is asked for again, and that a hand-set address stays', async () => {
    serve('Education', false, LACKS);
    renderWithApp(<EditArticleDialog articleId={7} onClose={() => {}} />);
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain(`رسانهٔ پست تلگرام کامل به این مقاله نرسیده است: ${LACKS}؛ تا یک هفته پس از دریافت پست، هر بررسی دوباره امتحان می‌کند.`);
    expect(note.textContent).toContain('نشانیِ دست‌نوشته جای رسانهٔ نرسیده را می‌گیرد و با دریافت دوباره عوض نمی‌شود');
  });

  it('has no note for an article that lacks nothing', async () => {
    serve('Education');
    renderWithApp(<EditArticleDialog articleId={7} onClose={() => {}} />);
    await screen.findByRole('combobox', { name: 'دسته‌بندی' });
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('the edit dialog\'s featured checkbox', () => {
  afterEach(() => { vi.unstubAllGlobals(); vi.restoreAllMocks(); });

  it('opens a featured article checked, the checkbox controlled from its first render', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serve('Education', true);
    renderWithApp(<EditArticleDialog articleId={7} onClose={() => {}} />);
    const featured = await screen.findByRole('checkbox', { name: 'مقاله ویژه' });
    await waitFor(() => expect(featured.getAttribute('aria-checked')).toBe('true'));
    // Before the loaded article filled the form, the box was rendered without a value and Radix
    // warned that it changed from uncontrolled to controlled.
    const said = [...errors.mock.calls, ...warnings.mock.calls].map((call) => String(call[0]));
    expect(said.filter((m) => /uncontrolled/.test(m))).toEqual([]);
  });
});

describe('the edit dialog\'s unsaved-changes prompt', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('returns focus into the edit dialog, to «انصراف», when «ادامه ویرایش» is chosen', async () => {
    serve('Education');
    renderWithApp(<EditArticleDialog articleId={7} onClose={() => {}} />);
    const title = await screen.findByRole('textbox', { name: 'عنوان' });
    // Edited after the loaded article fills the form; react-hook-form marks it dirty after its async validation.
    await waitFor(() => expect((title as HTMLInputElement).value).toBe('خبر آزمایشی درباره دانشگاه'));
    fireEvent.change(title, { target: { value: 'عنوان تازهٔ خبر' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const cancel = screen.getByRole('button', { name: 'انصراف' });
    cancel.focus();
    fireEvent.click(cancel);
    const keepEditing = await screen.findByRole('button', { name: 'ادامه ویرایش' });
    await waitFor(() => expect(document.activeElement).toBe(keepEditing));
    fireEvent.click(keepEditing);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Radix returns focus in a timeout after the prompt unmounts.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.activeElement).toBe(cancel);
  });
});

/**
 * Article 7 as loaded at 10:05, and its saves answered by `answer`; the bodies sent, in order.
 */
function serveSaves(answer: (body: Record<string, unknown>) => [number, unknown]): Array<Record<string, unknown>> {
  const sent: Array<Record<string, unknown>> = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/categories')) return json(CATEGORIES);
    if (url.startsWith('/api/admin/status')) return json({ isAuthenticated: true, username: 'admin', csrfToken: 't', role: 'owner', permissions: ['view', 'articles'], twoFactorSetupRequired: false, trashRetentionDays: 30 });
    if (url.startsWith('/api/admin/articles/7') && init?.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push(body);
      const [status, reply] = answer(body);
      return json(reply, status);
    }
    if (url.startsWith('/api/admin/articles/7')) return json({ ...article('Education'), updatedAt: '2026-11-20T10:05:00.000Z' });
    return new Response('{}', { status: 404 });
  }));
  return sent;
}

describe('the edit dialog when the article was saved meanwhile', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the version it loaded, keeps the text on a 409 and says so, and saves over only when asked', async () => {
    const sent = serveSaves((body) => (body.expectedUpdatedAt ? [409, { error: 'conflict', message: ARTICLE_CHANGED_SINCE }] : [200, { ...article('Education'), title: body.title }]));
    const closed = vi.fn();
    renderWithApp(<EditArticleDialog articleId={7} onClose={closed} />);
    const title = await screen.findByRole('textbox', { name: 'عنوان' });
    await waitFor(() => expect((title as HTMLInputElement).value).toBe('خبر آزمایشی درباره دانشگاه'));
    fireEvent.change(title, { target: { value: 'عنوان تازهٔ ویراستار دوم' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.click(screen.getByRole('button', { name: 'به‌روزرسانی' }));

    // Said in the toast and, with the choices, above the form.
    const alert = (await screen.findAllByText(ARTICLE_CHANGED_SINCE)).find((el) => el.closest('form'))!;
    expect(alert).toBeTruthy();
    expect(sent).toEqual([{ title: 'عنوان تازهٔ ویراستار دوم', expectedUpdatedAt: '2026-11-20T10:05:00.000Z' }]);
    expect(closed).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: 'عنوان' }) as HTMLInputElement).value).toBe('عنوان تازهٔ ویراستار دوم');
    expect(alert.closest('[role="alert"]')?.textContent).toContain('برگرداندنی است');

    fireEvent.click(screen.getByRole('button', { name: 'ذخیرهٔ تغییرات من به‌جای آن' }));
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(sent[1]).toEqual({ title: 'عنوان تازهٔ ویراستار دوم' });
  });
});

describe('the edit dialog\'s keywords', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows them with Persian commas, refuses too many before sending, and sends only them when only they changed', async () => {
    const sent = serveSaves(() => [200, { ...article('Education'), keywords: 'کنکور,سازمان سنجش' }]);
    const closed = vi.fn();
    renderWithApp(<EditArticleDialog articleId={7} onClose={closed} />);
    const field = await screen.findByRole('textbox', { name: 'کلیدواژه‌ها' });
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('کنکور، دانشگاه تهران'));
    expect(field.getAttribute('aria-describedby')).toBeTruthy();

    fireEvent.change(field, { target: { value: Array.from({ length: 13 }, (_, i) => `موضوع ${i + 1}`).join('، ') } });
    fireEvent.click(screen.getByRole('button', { name: 'به‌روزرسانی' }));
    expect(await screen.findByText('حداکثر ۱۲ کلیدواژه می‌توان داشت')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    fireEvent.change(field, { target: { value: 'کنکور، سازمان سنجش' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.click(screen.getByRole('button', { name: 'به‌روزرسانی' }));
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(sent).toEqual([{ keywords: 'کنکور، سازمان سنجش', expectedUpdatedAt: '2026-11-20T10:05:00.000Z' }]);
  });
});
