import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Direction } from 'radix-ui';
import '../app/styles.css';
import './admin.css';
import { Providers } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { AdminApp } from './admin-app.tsx';

// The admin area's browser entry (its own build, on React: docs/decisions/0009-admin-client.md).
const container = document.getElementById('root');
if (!container) throw new Error('missing #root');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <Providers queryClient={createQueryClient()} renderedAt={Date.now()}>
        <Direction.Provider dir="rtl">
          <AdminApp />
        </Direction.Provider>
      </Providers>
    </BrowserRouter>
  </StrictMode>,
);
