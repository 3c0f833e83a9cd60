// @vitest-environment jsdom
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../testing/dom-shims.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { useToast } from '../../components/ui/toast.tsx';
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

describe('a toast while a dialog is open', () => {
  /** A delete whose toast offers an undo, and an edit dialog with a confirmation inside, as the articles screen has. */
  function Screen({ onUndo }: { onUndo: () => void }) {
    const { toast } = useToast();
    const [open, setOpen] = useState(false);
    const [confirm, setConfirm] = useState(false);
    return (
      <main id="main" tabIndex={-1}>
        <button type="button" onClick={() => toast({ title: 'حذف شد', action: { label: 'بازگرداندن', onAction: onUndo } })}>حذف</button>
        <button type="button" onClick={() => setOpen(true)}>باز کردن</button>
        <AdminDialog open={open} onOpenChange={setOpen} title="ویرایش">
          <button type="button" onClick={() => toast({ title: 'بارگذاری شد' })}>بارگذاری</button>
          <button type="button" onClick={() => setConfirm(true)}>بستن بدون ذخیره</button>
          <ConfirmDialog open={confirm} onOpenChange={setConfirm} title="تغییرات ذخیره نشده" description="بسته شود؟" confirmLabel="بستن" onConfirm={() => {}} />
        </AdminDialog>
      </main>
    );
  }
  const toastList = () => screen.getByRole('list', { name: 'اعلان‌ها' });

  it('is inside the dialog, where it is heard and its undo can be reached, and back on the page when the dialog closes', async () => {
    const onUndo = vi.fn();
    renderWithApp(<Screen onUndo={onUndo} />);
    fireEvent.click(screen.getByRole('button', { name: 'حذف' }));
    await openFromButton('dialog');
    const opened = screen.getByRole('dialog', { name: 'ویرایش' });
    // Radix hides the rest of the page from screen readers: a toast left there is not found by its role.
    expect(opened.contains(toastList())).toBe(true);
    fireEvent.keyDown(window, { key: 'F8' });
    const undo = screen.getByRole('button', { name: 'بازگرداندن' });
    expect(document.activeElement).toBe(undo);
    fireEvent.click(undo);
    expect(onUndo).toHaveBeenCalledOnce();
    expect(screen.queryByText('حذف شد')).toBeNull();
    // The dialog is still open, focus still in it.
    expect(opened.contains(document.activeElement)).toBe(true);

    // A toast from inside the dialog is announced from inside it; a confirmation over the dialog takes it.
    fireEvent.click(screen.getByRole('button', { name: 'بارگذاری' }));
    expect(within(opened).getByRole('status').textContent).toContain('بارگذاری شد');
    fireEvent.click(screen.getByRole('button', { name: 'بستن بدون ذخیره' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'تغییرات ذخیره نشده' });
    await waitFor(() => expect(confirm.contains(toastList())).toBe(true));
    expect(within(confirm).getByRole('status').textContent).toContain('بارگذاری شد');
    fireEvent.click(within(confirm).getByRole('button', { name: 'انصراف' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(opened.contains(toastList())).toBe(true);

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toastList().closest('[role="dialog"]')).toBeNull();
    expect(within(toastList()).getByRole('status').textContent).toContain('بارگذاری شد');
  });
});
