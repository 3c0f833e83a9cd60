import { Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { BellRing } from '../../../components/icons';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { lazyPart } from '../../../lib/lazy-part.ts';

// The Push API code arrives only when a reader opens the prompt.
const PushPanel = lazyPart(() => import('./push-panel.tsx'));

/** The reader's own way to breaking-news notifications: a button that opens a small panel; never a prompt on load. */
export function BreakingNewsPrompt() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const close = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    // Escape closes the panel from the button or from inside it.
    <div className="js-only mt-4" onKeyDown={close}>
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((was) => !was)}
        className={buttonStyles.secondary}
      >
        <BellRing aria-hidden="true" className="size-4" />
        اعلان خبرهای فوری
      </button>
      {open && (
        <div id={panelId} role="region" aria-label="اعلان خبرهای فوری" className="mt-3 space-y-3 rounded-lg border border-border bg-card p-4 text-sm">
          <Suspense fallback={<p className="text-muted">در حال بارگذاری…</p>}>
            <PushPanel />
          </Suspense>
        </div>
      )}
    </div>
  );
}
