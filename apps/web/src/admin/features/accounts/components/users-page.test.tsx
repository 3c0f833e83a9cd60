// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ltr } from '@chapar/shared/text';
import '../../../../testing/dom-shims.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { UsersPage } from './users-page.tsx';

const sara = { id: 2, username: 'sara.k', name: null, email: null, role: 'editor', status: 'active', twoFactor: false, createdAt: '2026-12-01T10:00:00.000Z', lastLoginAt: null, invitedBy: 'owner', inviteExpiresAt: null };

function serve() {
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/admin/status')) return json({ isAuthenticated: true, username: 'owner', csrfToken: 't', role: 'owner', permissions: [], twoFactorSetupRequired: false, trashRetentionDays: 30 });
    if (url.startsWith('/api/admin/users')) return json({ users: [sara] });
    if (url.startsWith('/api/admin/sessions')) return json({ sessions: [] });
    return new Response('{}', { status: 404 });
  }));
}

describe('the accounts page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names whose role a picker changes with the username isolated inside the Persian label', async () => {
    serve();
    renderWithApp(<UsersPage />);
    const picker = await screen.findByRole('combobox', { name: `نقش ${ltr('sara.k')}` });
    expect(picker.getAttribute('aria-label')).toBe(`نقش ${ltr('sara.k')}`);
  });
});
