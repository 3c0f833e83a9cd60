import type { ReactNode } from 'react';
import { HydrationBoundary, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { ToastProvider } from '../components/ui/toast.tsx';
import { NowProvider } from '../lib/now.tsx';
import { PreferencesProvider } from '../lib/preferences.tsx';
import { ThemeProvider } from '../lib/theme.tsx';

interface ProvidersProps {
  queryClient: QueryClient;
  dehydratedState?: DehydratedState;
  renderedAt: number;
  children: ReactNode;
}

export function Providers({ queryClient, dehydratedState, renderedAt, children }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={dehydratedState}>
        <ThemeProvider>
          <PreferencesProvider>
            <NowProvider renderedAt={renderedAt}>
              <ToastProvider>{children}</ToastProvider>
            </NowProvider>
          </PreferencesProvider>
        </ThemeProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  );
}
