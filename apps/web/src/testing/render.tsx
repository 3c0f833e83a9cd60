import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { Providers } from '../app/providers.tsx';
import { useInternalLinks } from '../components/link.tsx';
import { createQueryClient } from '../app/query-client.ts';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

/** Shows the current address, so tests can assert navigation; links navigate as in the app. */
function LocationProbe() {
  const location = useLocation();
  useInternalLinks();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

interface Options {
  route?: string;
  /** Query data to seed, by query key. */
  data?: Array<[readonly unknown[], unknown]>;
  queryClient?: QueryClient;
}

/** Renders inside the app's providers and a memory router, with seeded query data. */
export function renderWithApp(ui: ReactElement, { route = '/', data = [], queryClient = createQueryClient() }: Options = {}) {
  for (const [key, value] of data) queryClient.setQueryData(key, value);
  const result = render(
    <MemoryRouter initialEntries={[route]}>
      <Providers queryClient={queryClient} renderedAt={Date.now()}>
        <Routes>
          <Route path="*" element={<>{ui}<LocationProbe /></>} />
        </Routes>
      </Providers>
    </MemoryRouter>,
  );
  return { ...result, queryClient };
}
