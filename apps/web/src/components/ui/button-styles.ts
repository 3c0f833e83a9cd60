// Shared class strings: one look for buttons and fields across the site.
export const focusRing = 'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring';

// Icon buttons follow the text size up to 44 px (a full tap target), no further: at 150 %
// text a row of them would push the header past a phone's width.
const iconBox = 'size-[min(2.5rem,44px)]';

export const buttonStyles = {
  primary: `inline-flex items-center justify-center gap-2 rounded-lg bg-accent-solid px-4 py-2 text-sm font-medium text-accent-fg hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60 disabled:grayscale ${focusRing}`,
  secondary: `inline-flex items-center justify-center gap-2 rounded-lg border border-border bg-card px-4 py-2 text-sm font-medium text-fg hover:bg-surface disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`,
  ghost: `inline-flex items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-fg hover:bg-surface ${focusRing}`,
  icon: `inline-flex ${iconBox} shrink-0 items-center justify-center rounded-full text-fg hover:bg-surface ${focusRing}`,
  /** The icon button's shape without colours, for variants that bring their own. */
  iconShape: `inline-flex ${iconBox} shrink-0 items-center justify-center rounded-full ${focusRing}`,
} as const;

/**
 * A field without a text size (callers add one: classes of the same property must not clash).
 * One marked aria-invalid (tied to its message) also shows it with the accent border.
 */
export const inputBase = `w-full rounded-lg border border-border bg-card px-3 py-2 text-fg placeholder:text-muted focus:border-accent aria-invalid:border-accent ${focusRing}`;
export const inputStyles = `${inputBase} text-sm`;

/** Icons that point "forward" are drawn for LTR and flipped in RTL. */
export const mirrorRtl = 'rtl:-scale-x-100';
