// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ltr } from '@chapar/shared/text';
import { SessionsTable } from './sessions-table.tsx';

const session = {
  id: '7f0c2a52-6a4b-4c62-9a53-1d1f5b3b1e11', userId: 2, username: 'sara.k', device: `${ltr('Firefox')} روی ${ltr('Android')}`,
  ip: '10.0.0.2', createdAt: '2026-12-01T10:00:00.000Z', lastSeenAt: '2026-12-01T10:05:00.000Z', current: false,
};

describe('the sessions table', () => {
  afterEach(cleanup);

  it('names whose session a button ends with the username isolated inside the Persian label', () => {
    render(<SessionsTable sessions={[session]} showUser onEnd={vi.fn()} caption="نشست‌ها" />);
    expect(screen.getByRole('button').getAttribute('aria-label')).toBe(`پایان نشست ${session.device} از ${ltr('sara.k')}`);
  });
});
