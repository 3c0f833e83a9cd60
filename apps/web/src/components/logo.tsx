// The wordmark is live text in Vazirmatn inside the SVG (the page font), so it shapes
// correctly and stays crisp. Light and dark variants differ only in the ink of the word,
// which the theme class on <html> sets through CSS: one drawing serves both.
export function Logo({ className = 'h-9 w-auto' }: { className?: string }) {
  return (
    <svg viewBox="0 0 132 44" aria-hidden="true" className={className}>
      <rect x="92" y="4" width="36" height="36" rx="9" fill="#c8102e" />
      {/* A letter in flight: the courier (چاپار) carrying the news. */}
      {/* Speed lines trail on the right: in a right-to-left world, forward is to the left. */}
      <rect x="98" y="13" width="20" height="15" rx="2.5" stroke="#fff" strokeWidth="2.6" fill="none" />
      <path d="M98.5 14.5l9.5 7.5 9.5-7.5" stroke="#fff" strokeWidth="2.6" strokeLinejoin="round" fill="none" />
      <path d="M121 17h3M121.5 23h2.5M119 29h5" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      <text x="44" y="31" textAnchor="middle" direction="rtl" fontFamily="Vazirmatn, Tahoma, sans-serif" fontWeight="700" fontSize="26" className="fill-[#16161a] dark:fill-[#f4f4f5]">
        چاپار
      </text>
    </svg>
  );
}
