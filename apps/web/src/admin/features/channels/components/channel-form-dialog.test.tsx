// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CHANNEL_MESSAGES, type ChannelInfo } from '@chapar/shared/contracts';
import '../../../../testing/dom-shims.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { ChannelFormDialog } from './channel-form-dialog.tsx';

function channel(id: number, username: string, role: string, isActive = true): ChannelInfo {
  return {
    id, username, role, title: `@${username}`, isActive, cleaningRules: {}, lastCheckedAt: null, lastSeenMessageId: null,
    articleCount: 0, postCount: 0, lastPostAt: null, url: `https://t.me/${username}`,
  };
}

function serve() {
  const posts: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/admin/status')) return new Response(JSON.stringify({ authenticated: true, csrfToken: 't', user: { id: 1, username: 'admin', role: 'admin' } }), { status: 200 });
    if (init?.method === 'POST' || init?.method === 'PATCH') posts.push({ url, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(channel(9, 'khabar_sevom', 'secondary')), { status: 201, headers: { 'content-type': 'application/json' } });
  }));
  return posts;
}

const roleSelect = () => within(screen.getByRole('dialog')).getByRole('combobox', { name: 'نقش' });
const activeBox = () => within(screen.getByRole('dialog')).getByRole('checkbox', { name: /^فعال/ });

describe('adding a channel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('defaults to the role no active channel holds', () => {
    serve();
    renderWithApp(<ChannelFormDialog channel={null} channels={[channel(1, 'akhbar_rooz', 'secondary'), channel(2, 'old_primary', 'primary', false)]} open onClose={() => {}} />);
    expect(roleSelect().textContent).toContain('کانال اصلی');
    expect(activeBox().getAttribute('aria-checked')).toBe('true');
  });

  it('says both roles are taken and adds the channel switched off', async () => {
    const posts = serve();
    renderWithApp(<ChannelFormDialog channel={null} channels={[channel(1, 'akhbar_rooz', 'primary'), channel(2, 'taze_khabar', 'secondary')]} open onClose={() => {}} />);
    expect(screen.getByRole('note').textContent).toContain('هر دو نقش');
    expect(activeBox().getAttribute('aria-checked')).toBe('false');
    fireEvent.change(screen.getByLabelText('نام کاربری کانال'), { target: { value: 'khabar_sevom' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'افزودن کانال' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ url: '/api/admin/channels', body: { username: 'khabar_sevom', isActive: false } });
  });

  it('refuses an active channel in a held role before sending, naming the holder', async () => {
    const posts = serve();
    renderWithApp(<ChannelFormDialog channel={null} channels={[channel(1, 'akhbar_rooz', 'primary'), channel(2, 'taze_khabar', 'secondary')]} open onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('نام کاربری کانال'), { target: { value: 'khabar_sevom' } });
    fireEvent.click(activeBox());
    expect(screen.getByText(/این نقش را کانال فعال/).textContent).toContain('@taze_khabar');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'افزودن کانال' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CHANNEL_MESSAGES.roleTaken('secondary', 'taze_khabar'));
    expect(posts).toEqual([]);
  });
});

describe('editing the demo channel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows its own role, «کانال نمونه», not offered to choose, and saving keeps it', async () => {
    const posts = serve();
    const demo = channel(3, 'chapar_demo', 'demo', false);
    renderWithApp(<ChannelFormDialog channel={demo} channels={[channel(1, 'akhbar_rooz', 'primary'), demo]} open onClose={() => {}} />);
    expect(roleSelect().textContent).toContain('کانال نمونه');
    expect(roleSelect().textContent).not.toContain('کانال دوم');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'ذخیره تغییرات' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.url).toBe('/api/admin/channels/3');
    expect(posts[0]!.body).not.toHaveProperty('role');
  });
});
