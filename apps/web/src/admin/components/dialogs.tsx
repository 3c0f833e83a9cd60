import { useRef, type ReactNode, type RefObject } from 'react';
import { AlertDialog, Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { useToastHost } from '../../components/ui/toast.tsx';
import { adminButton } from './styles.ts';
import { cn } from '../../lib/cn.ts';
import { focusBack, recentFocus, useFocusHistory } from '../../lib/focus-history.ts';

const DIALOG = '[role="dialog"], [role="alertdialog"]';
const overlay = 'fixed inset-0 z-50 bg-black/50';
// Centred by margins, not by a transform: a transform would make the panel the box that the toasts
// shown inside it on wide screens (useToastHost) are placed in and clipped by, instead of the screen.
// A DialogFooter inside gets room kept for it: a control Tab reaches scrolls clear of it. A toast in
// the slot at its top sticks over the padding, up to the edge (--toast-top, --toast-band: toast.tsx).
const panel = 'fixed inset-x-2 inset-y-0 z-50 my-auto h-fit max-h-[92dvh] overflow-y-auto rounded-2xl border border-border bg-card p-5 text-fg shadow-xl [--toast-band:1.25rem] [--toast-top:-1.25rem] sm:mx-auto has-[[data-dialog-footer]]:scroll-pb-20';

/** A long dialog's buttons, stuck to the bottom of the panel (over its padding) while it scrolls. */
export function DialogFooter({ className, children }: { className?: string; children: ReactNode }) {
  return <div data-dialog-footer className={cn('sticky -bottom-5 -mx-5 -mb-5 flex justify-end gap-2 border-t border-border bg-card px-5 py-3', className)}>{children}</div>;
}

/**
 * Returns focus to what had it before the dialog opened. These dialogs open from state, not from a
 * Dialog.Trigger, and Radix's modal content always cancels the focus scope's own return and focuses
 * its trigger instead (none here), so focus fell to <body>. If the opener is gone by then, the
 * page's main region takes focus, unless something else (an outer dialog's own return) already has it.
 */
function useReturnFocus() {
  useFocusHistory();
  const opener = useRef<HTMLElement | null>(null);
  return {
    // Runs before Radix moves focus in, so the active element is still the opener; when a dialog
    // opens after a request, its button disabled meanwhile, focus sits on <body> and the opener is
    // the last element focused outside any dialog.
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : recentFocus((element) => element.closest(DIALOG) !== null);
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      const target = opener.current;
      opener.current = null;
      // Nothing to give back to: the main region, unless an outer dialog's own return already took focus.
      if (target?.isConnected || !document.activeElement || document.activeElement === document.body) focusBack(target);
    },
  };
}

interface AdminDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** Wider panel for forms. */
  wide?: boolean;
  children: ReactNode;
  /** Called instead of closing when the admin presses Escape or clicks outside (e.g. to ask about unsaved changes). */
  onDismissAttempt?: () => void;
  /** The field that takes focus on opening (the one the admin came to fill), instead of the first button. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/** An accessible modal dialog (Radix): focus trapped, Escape closes, title and description announced. */
export function AdminDialog({ open, onOpenChange, title, description, wide, children, onDismissAttempt, initialFocus }: AdminDialogProps) {
  const returnFocus = useReturnFocus();
  const toastHost = useToastHost(open);
  const onOpenAutoFocus = (event: Event) => {
    returnFocus.onOpenAutoFocus();
    if (!initialFocus?.current) return;
    event.preventDefault();
    initialFocus.current.focus();
  };
  const guard = (event: Event) => {
    if (onDismissAttempt) {
      event.preventDefault();
      onDismissAttempt();
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlay} />
        <Dialog.Content
          dir="rtl"
          aria-modal="true"
          {...returnFocus}
          onOpenAutoFocus={onOpenAutoFocus}
          onEscapeKeyDown={guard}
          onPointerDownOutside={guard}
          className={cn(panel, wide ? 'sm:max-w-4xl' : 'sm:max-w-lg')}
        >
          <div ref={toastHost} className="contents" />
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
              {description ? <Dialog.Description className="mt-1 text-sm text-muted">{description}</Dialog.Description> : <Dialog.Description className="sr-only">{title}</Dialog.Description>}
            </div>
            <Dialog.Close asChild>
              <button type="button" aria-label="بستن" className={buttonStyles.icon} onClick={(event) => { if (onDismissAttempt) { event.preventDefault(); onDismissAttempt(); } }}>
                <X aria-hidden="true" className="size-5" />
              </button>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Phrasing content (text, links): it is the dialog's paragraph. */
  description: ReactNode;
  /** Block content under the paragraph: what the action will change, listed. */
  details?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  onConfirm: () => void;
}

/** A confirmation (Radix alert dialog): the safe choice has the focus first. */
export function ConfirmDialog({ open, onOpenChange, title, description, details, confirmLabel, cancelLabel = 'انصراف', destructive, onConfirm }: ConfirmDialogProps) {
  const returnFocus = useReturnFocus();
  const toastHost = useToastHost(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlay} />
        <AlertDialog.Content dir="rtl" aria-modal="true" {...returnFocus} className={cn(panel, 'sm:max-w-md')}>
          <div ref={toastHost} className="contents" />
          <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">{description}</AlertDialog.Description>
          {details}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonStyles.secondary}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action
              className={destructive ? cn(adminButton.primary, 'bg-red-700 dark:bg-red-600') : adminButton.primary}
              onClick={onConfirm}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
