// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PART_FAILED, PartBoundary } from './part-boundary.tsx';

let broken = true;
function Part({ error }: { error: Error }) {
  if (broken) throw error;
  return <p>بخش سالم</p>;
}

afterEach(() => { cleanup(); broken = true; vi.restoreAllMocks(); });

describe('a part that fails', () => {
  it('whose code did not come says so in Persian and offers only a reload (a failed load stays failed)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<PartBoundary><Part error={new TypeError('Failed to fetch dynamically imported module: /assets/admin-users-page-D1.js')} /></PartBoundary>);
    expect(screen.getByRole('alert').textContent).toContain(PART_FAILED.missingCode);
    expect(screen.getByRole('button', { name: PART_FAILED.reload })).toBeTruthy();
    expect(screen.queryByRole('button', { name: PART_FAILED.retry })).toBeNull();
  });

  it('that failed to render can be tried again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<PartBoundary><Part error={new Error('boom')} /></PartBoundary>);
    expect(screen.getByRole('alert').textContent).toContain(PART_FAILED.broken);
    fireEvent.click(screen.getByRole('button', { name: PART_FAILED.retry }));
    expect(screen.getByRole('alert')).toBeTruthy();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: PART_FAILED.retry }));
    expect(screen.getByText('بخش سالم')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is cleared by another address or tab', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Host() {
      const [key, setKey] = useState('users');
      return <><button type="button" onClick={() => setKey('audit')}>نشانی دیگر</button><PartBoundary resetKey={key}><Part error={new Error('boom')} /></PartBoundary></>;
    }
    render(<Host />);
    expect(screen.getByRole('alert')).toBeTruthy();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'نشانی دیگر' }));
    expect(screen.getByText('بخش سالم')).toBeTruthy();
  });
});
