import './lib/zod-without-eval';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router';
import { listenToHistoryBeforeRouter } from './lib/history-guard';
import { queryClient } from './lib/query-client';
import { unregisterServiceWorkers } from './lib/unregister-service-workers';
import './styles/main.scss';

unregisterServiceWorkers();
// Before the router mounts: an editor with unsaved changes sees Back and Forward first (decision 105).
listenToHistoryBeforeRouter();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const root = createRoot(container);
// A transition lets React render in slices and keep the main thread free; the server's HTML is on screen meanwhile.
startTransition(() => {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
});
