import './lib/zod-without-eval';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppRoutes } from './app/router';
import { queryClient } from './lib/query-client';
import { unregisterServiceWorkers } from './lib/unregister-service-workers';
import './styles/main.scss';

unregisterServiceWorkers();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// A data router whose one route holds the app's own routes: its navigation blockers see the browser's Back and
// Forward, which an editor with unsaved changes asks about (use-unsaved-changes-warning.ts).
const router = createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);
const root = createRoot(container);
// A transition lets React render in slices and keep the main thread free; the server's HTML is on screen meanwhile.
startTransition(() => {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
});
