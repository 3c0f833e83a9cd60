// A screen or page that fails to load or to render says so in Persian, inside the site's frame,
// instead of React emptying the whole page. The usual cause is a new version of the site: the
// part's code file of the version this page was loaded with is gone from the server.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AlertTriangle, RefreshCw, RotateCcw } from './icons';
import { buttonStyles } from './ui/button-styles.ts';

/** Each browser's words for a module file that could not be fetched. */
const FETCH_FAILED = /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to fetch/i;

/** A code file of this page's version that did not come: a newer version replaced it, or the network failed. */
export const isMissingCode = (error: unknown): boolean => FETCH_FAILED.test(error instanceof Error ? error.message : String(error));

export const PART_FAILED = {
  missingCode: 'این بخش بارگذاری نشد: یا نسخهٔ تازه‌ای از سایت منتشر شده است یا اتصال اینترنت قطع شد. صفحه را دوباره بارگذاری کنید.',
  broken: 'نمایش این بخش با خطا روبه‌رو شد.',
  reload: 'بارگذاری دوباره صفحه',
  retry: 'تلاش دوباره',
} as const;

interface PartBoundaryProps {
  children: ReactNode;
  /** A new value (another address or tab) clears the failure: that part may well work. */
  resetKey?: unknown;
}

export class PartBoundary extends Component<PartBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('a part of the page failed', error, info.componentStack);
  }

  override componentDidUpdate(previous: PartBoundaryProps) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const missing = isMissingCode(error);
    return (
      <div role="alert" className="mx-auto my-12 flex max-w-md flex-col items-center gap-4 rounded-2xl border border-border bg-card px-6 py-8 text-center">
        <AlertTriangle aria-hidden="true" className="size-8 text-accent" />
        <p className="leading-8 font-medium">{missing ? PART_FAILED.missingCode : PART_FAILED.broken}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <button type="button" onClick={() => window.location.reload()} className={buttonStyles.primary}>
            <RefreshCw aria-hidden="true" className="size-4" />{PART_FAILED.reload}
          </button>
          {/* A load that failed stays failed until the page is loaded again; a render may work the second time. */}
          {!missing && (
            <button type="button" onClick={() => this.setState({ error: null })} className={buttonStyles.secondary}>
              <RotateCcw aria-hidden="true" className="size-4" />{PART_FAILED.retry}
            </button>
          )}
        </div>
      </div>
    );
  }
}
