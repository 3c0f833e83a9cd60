import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './styles.css';
import { registerServiceWorker } from '../features/offline/register-sw.ts';
import { startOffline } from '../features/offline/start-offline.ts';
import { PAGE_STATE_ID, pageQueries, type PageState } from './page-state.ts';
import { hydrateProgressively } from '../components/hydrate-when-visible.tsx';
import { Providers } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { AppRoutes, isAdminPath, loadRoute, matchPublicRoute } from './routes.tsx';

function readPageState(): PageState | null {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageState;
  } catch {
    return null;
  }
}

startOffline();
const state = readPageState();
const queryClient = createQueryClient();
const container = document.getElementById('root');
if (!container) throw new Error('missing #root');

const app = (
  <StrictMode>
    <BrowserRouter>
      <Providers queryClient={queryClient} dehydratedState={pageQueries(state)} renderedAt={state?.renderedAt ?? Date.now()}>
        <AppRoutes />
      </Providers>
    </BrowserRouter>
  </StrictMode>
);

// Public pages arrive rendered and are hydrated once their page chunk is here (the server
// preloads it); blocks below the fold hydrate when the reader gets near them
// (components/hydrate-when-visible.tsx). The admin area is rendered here only.
const { pathname } = window.location;
if (container.hasChildNodes() && !isAdminPath(pathname)) {
  loadRoute(matchPublicRoute(pathname).route).then(
    () => hydrateProgressively(() => hydrateRoot(container, app)),
    // The page's code did not come (a newer version of the site, a dropped connection): the page
    // stays as the server rendered it, readable, rather than give way to an error.
    (error: unknown) => console.error('page code not loaded; the page stays as it was rendered', error),
  );
} else {
  createRoot(container).render(app);
}

// Offline reading (spec 02 §4): production builds only, so development never serves stale modules.
if (import.meta.env.PROD) registerServiceWorker();
