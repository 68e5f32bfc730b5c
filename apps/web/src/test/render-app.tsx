import { MemoryRouter } from 'react-router';
import { AppRoutes } from '../app/router';
import { CurrentPath, renderWithQueryClient } from './render';

/** The whole app's routes at `entry`, with a query client of its own and the current path beside them. */
export const renderAppAt = (entry: string) =>
  renderWithQueryClient(
    <MemoryRouter initialEntries={[entry]}>
      <CurrentPath />
      <AppRoutes />
    </MemoryRouter>,
  );
