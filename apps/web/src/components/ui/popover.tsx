import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

interface PopoverProps {
  /** Renders the trigger; spread the props onto a <button>. */
  trigger: (props: { 'aria-expanded': boolean; 'aria-controls': string; onClick: () => void }) => ReactNode;
  children: ReactNode | ((close: () => void) => ReactNode);
  label: string;
  role?: 'dialog' | 'menu';
  className?: string;
}

/** A panel under its trigger; closes on Escape (focus back to the trigger) and on an outside click. */
export function Popover({ trigger, children, label, role = 'dialog', className }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = () => setOpen(false);

  // Anchored to its trigger's edge, the panel can pass the screen's other edge on a phone with
  // large text: it is moved back inside, a margin from the edge.
  useLayoutEffect(() => {
    const box = panel.current;
    if (!open || !box) return;
    box.style.translate = '';
    const rect = box.getBoundingClientRect();
    const margin = 8;
    const width = document.documentElement.clientWidth;
    const shift = rect.right > width - margin ? width - margin - rect.right : rect.left < margin ? margin - rect.left : 0;
    if (shift) box.style.translate = `${Math.round(shift)}px 0`;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      root.current?.querySelector<HTMLElement>('[aria-controls]')?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      {trigger({ 'aria-expanded': open, 'aria-controls': id, onClick: () => setOpen((o) => !o) })}
      <div
        ref={panel}
        id={id}
        role={role}
        aria-label={label}
        hidden={!open}
        className={cn('absolute end-0 top-full z-50 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl border border-border bg-card p-4 text-fg shadow-xl', className)}
      >
        {open && (typeof children === 'function' ? children(close) : children)}
      </div>
    </div>
  );
}
