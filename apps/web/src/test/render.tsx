import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';

/** Renders `ui` with a query client of its own (no test sees another's cache), without retries, as the app's. */
export function renderWithQueryClient(ui: ReactElement) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );
}

/**
 * The address the router is at: its path (`path`), and its query and fragment (`search`), for a test to read. Plain
 * elements with no role, so that they are never the status or alert a test looks for.
 */
export function CurrentPath() {
  const { pathname, search, hash } = useLocation();
  return (
    <>
      <div data-testid="path">{pathname}</div>
      <div data-testid="search">{`${search}${hash}`}</div>
    </>
  );
}

/** Stands for the message page: shows the message a page went there with (the route state's `message`). */
function MessageViewStandIn() {
  const state = useLocation().state as { message?: string } | null;
  return <p>{state?.message}</p>;
}

/**
 * Renders, with a query client of its own, a router at `entry` over `routes` (path → element) and the message
 * page's stand-in at /messageview; `children` render beside the routes (a toast host, the current path).
 */
export function renderRoutes(entry: InitialEntry, routes: Record<string, ReactElement>, children?: ReactNode) {
  return renderWithQueryClient(
    <MemoryRouter initialEntries={[entry]}>
      {children}
      <Routes>
        <Route path="/messageview" element={<MessageViewStandIn />} />
        {Object.entries(routes).map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Routes>
    </MemoryRouter>,
  );
}
