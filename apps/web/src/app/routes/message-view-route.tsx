import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

const messageOf = (state: unknown): string =>
  typeof state === 'object' && state !== null && 'message' in state && typeof state.message === 'string'
    ? state.message
    : '';

/** /messageview: the "Info" screen showing the message passed in navigation state (spec §2). */
export function MessageViewRoute() {
  const { state } = useLocation();
  useDocumentTitle('Info');
  return (
    <main className="container py-4">
      <h1 className="h3 mb-3">Info</h1>
      <p className="lead" data-testid="message">
        {messageOf(state)}
      </p>
    </main>
  );
}
