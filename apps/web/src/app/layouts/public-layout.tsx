import { Suspense, useCallback, useState } from 'react';
import { Outlet } from 'react-router';
import { CategoryNav } from '../../features/categories/components/category-nav.tsx';
import { useKeyboardShortcuts } from '../use-keyboard-shortcuts.ts';
import { HydrateWhenVisible } from '../../components/hydrate-when-visible.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { lazyPart } from '../../lib/lazy-part.ts';

// Loaded only when someone opens it.
const PerformanceMonitor = lazyPart(() => import('../../features/performance/components/performance-monitor.tsx'));

export function PublicLayout() {
  const [monitorOpen, setMonitorOpen] = useState(false);
  const toggleMonitor = useCallback(() => setMonitorOpen((open) => !open), []);
  useKeyboardShortcuts(toggleMonitor);
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only z-50 rounded-lg bg-accent-solid px-4 py-2 text-accent-fg focus:not-sr-only focus:fixed focus:start-4 focus:top-4">
        پرش به محتوای اصلی
      </a>
      <Header />
      <CategoryNav />
      <main id="main" tabIndex={-1} className="container-page flex-1 py-6 outline-none md:py-8">
        <Outlet />
      </main>
      <HydrateWhenVisible name="footer">
        <Footer />
      </HydrateWhenVisible>
      {monitorOpen && (
        <Suspense fallback={null}>
          <PerformanceMonitor onClose={() => setMonitorOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
