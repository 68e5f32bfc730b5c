import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppRoutes } from '../app/router';
import { CurrentPath, renderWithQueryClient } from './render';

/**
 * The whole app's routes at `entry`, with a query client of its own and the current path beside them, in a data
 * router as main.tsx makes it (its navigation blockers work).
 */
export const renderAppAt = (entry: string) => {
  const element = (
    <>
      <CurrentPath />
      <AppRoutes />
    </>
  );
  return renderWithQueryClient(<RouterProvider router={createMemoryRouter([{ path: '*', element }], { initialEntries: [entry] })} />);
};
