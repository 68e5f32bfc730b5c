import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

const messageOf = (state: unknown): string =>
  typeof state === 'object' && state !== null && 'message' in state && typeof state.message === 'string' ? state.message : '';

/** /messageview: the "Info" screen showing the message passed in navigation state (spec §2). */
export function MessageViewRoute() {
  const state: unknown = useLocation().state;
  useDocumentTitle('Info');
  const message = messageOf(state);
  return (
    <main className="container py-4">
      <h1 className="h3 mb-3">Info</h1>
      {message ? (
        <p className="lead" data-testid="message">
          {message}
        </p>
      ) : (
        // Reached by a bookmark or a reload: the message lived in the navigation that brought the user here.
        <p className="lead" data-testid="no-message">
          There is no message to show here. Messages appear after an action, such as a purchase or a support request.{' '}
          <Link to={paths.home}>Go to the home page</Link>.
        </p>
      )}
    </main>
  );
}
