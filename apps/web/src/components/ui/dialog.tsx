import { useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from '../icons';
import { buttonStyles } from './button-styles.ts';
import { useToastHost } from './toast.tsx';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/**
 * Modal dialog on the native <dialog>: the browser traps focus, makes the page inert,
 * closes on Escape and returns focus to the opener. Toasts shown while it is open go inside it.
 */
export function Dialog({ open, onClose, title, description, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const toastHost = useToastHost(open);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onCancel={onClose}
      onClick={(event) => { if (event.target === ref.current) onClose(); }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-border bg-card p-0 text-fg shadow-2xl backdrop:bg-black/50"
    >
      {/* The padding is this box's, not the dialog's: a click on the dialog itself is a click outside. */}
      <div className="p-6 [--toast-band:1.5rem]">
        <div ref={toastHost} className="contents" />
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-lg font-bold">{title}</h2>
            {description && <p id={descriptionId} className="mt-1 text-sm text-muted">{description}</p>}
          </div>
          <button type="button" onClick={onClose} aria-label="بستن" className={buttonStyles.icon}>
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        {open && children}
      </div>
    </dialog>
  );
}
