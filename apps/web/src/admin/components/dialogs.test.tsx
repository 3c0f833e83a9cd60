// @vitest-environment jsdom
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import '../../testing/dom-shims.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { AdminDialog, ConfirmDialog } from './dialogs.tsx';

// Radix returns focus in a timeout after the dialog's content unmounts.
const focusSettled = () => new Promise((resolve) => setTimeout(resolve, 10));

/** Opens a dialog from a button by state (no Radix trigger), as the admin screens do. */
function Opener({ kind, removeOpener = false }: { kind: 'dialog' | 'confirm'; removeOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(true);
  const openIt = () => { setOpen(true); if (removeOpener) setShown(false); };
  return (
    <main id="main" tabIndex={-1}>
      {shown && <button type="button" onClick={openIt}>باز کردن</button>}
      {kind === 'dialog'
        ? <AdminDialog open={open} onOpenChange={setOpen} title="پنجره"><input aria-label="نام" /></AdminDialog>
        : <ConfirmDialog open={open} onOpenChange={setOpen} title="حذف" description="حذف شود؟" confirmLabel="حذف" onConfirm={() => {}} />}
    </main>
  );
}

async function openFromButton(role: 'dialog' | 'alertdialog') {
  const opener = screen.getByRole('button', { name: 'باز کردن' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = await screen.findByRole(role);
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return opener;
}

describe('focus after an admin dialog closes', () => {
  it('returns to the button that opened the dialog when Escape closes it', async () => {
    renderWithApp(<Opener kind="dialog" />);
    const opener = await openFromButton('dialog');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await focusSettled();
    expect(document.activeElement).toBe(opener);
  });

  it('returns to the button that opened a confirmation when «انصراف» is chosen', async () => {
    renderWithApp(<Opener kind="confirm" />);
    const opener = await openFromButton('alertdialog');
    fireEvent.click(screen.getByRole('button', { name: 'انصراف' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await focusSettled();
    expect(document.activeElement).toBe(opener);
  });

  it('falls back to the main region, not <body>, when the opener is gone', async () => {
    renderWithApp(<Opener kind="dialog" removeOpener />);
    const opener = screen.getByRole('button', { name: 'باز کردن' });
    opener.focus();
    fireEvent.click(opener);
    await screen.findByRole('dialog');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await focusSettled();
    expect(document.activeElement).toBe(document.getElementById('main'));
  });
});

describe('a dialog that opens once a request answers', () => {
  it('returns to the button that asked, though it was disabled (focus on <body>) when the dialog opened', async () => {
    function Host() {
      const [state, setState] = useState<'idle' | 'pending' | 'open'>('idle');
      return (
        <main id="main" tabIndex={-1}>
          <button type="button" disabled={state === 'pending'} onClick={() => { setState('pending'); setTimeout(() => setState('open'), 5); }}>پیش‌نمایش</button>
          <AdminDialog open={state === 'open'} onOpenChange={(open) => { if (!open) setState('idle'); }} title="پیش‌نمایش"><p>فهرست</p></AdminDialog>
        </main>
      );
    }
    renderWithApp(<Host />);
    const asker = screen.getByRole('button', { name: 'پیش‌نمایش' });
    asker.focus();
    // The browser drops focus from the button the click disables (jsdom keeps it: blurred first here).
    asker.blur();
    fireEvent.click(asker);
    expect(asker.hasAttribute('disabled')).toBe(true);
    expect(document.activeElement).toBe(document.body);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await focusSettled();
    expect(document.activeElement).toBe(asker);
  });
});

describe('a dialog opened to fill one field', () => {
  it('starts in that field (the unpublish reason), not on «بستن», and returns to its opener after', async () => {
    const { UnpublishDialog } = await import('../features/articles/components/unpublish-dialog.tsx');
    const article = { id: 7, title: 'خبر آزمایشی' } as Parameters<typeof UnpublishDialog>[0]['article'];
    function Host() {
      const [open, setOpen] = useState(false);
      return (
        <main id="main" tabIndex={-1}>
          <button type="button" onClick={() => setOpen(true)}>باز کردن</button>
          <UnpublishDialog article={open ? article : null} onClose={() => setOpen(false)} onConfirm={() => setOpen(false)} />
        </main>
      );
    }
    renderWithApp(<Host />);
    const opener = await openFromButton('dialog');
    expect(document.activeElement).toBe(screen.getByLabelText('دلیل (اختیاری)'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await focusSettled();
    expect(document.activeElement).toBe(opener);
  });
});
