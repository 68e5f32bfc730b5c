import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { ActivationNextSteps } from '../../features/activation/components/activation-next-steps';
import { PurchaseNextSteps } from '../../features/checkout/components/purchase-next-steps';
import { SupportNextSteps } from '../../features/support/components/support-next-steps';
import { messageStateOf, type NextSteps } from '../../lib/message-state';
import { useDocumentTitle } from '../../lib/use-document-title';

/** What happened and what next, below the message (decision 037). */
function NextStepsOf({ next }: { next: NextSteps }) {
  switch (next.kind) {
    case 'purchase':
      return <PurchaseNextSteps orderId={next.orderId} reference={next.reference} />;
    case 'activation':
      return <ActivationNextSteps email={next.email} productName={next.productName} />;
    case 'support':
      return <SupportNextSteps email={next.email} />;
  }
}

/** /messageview: the "Info" screen showing the message passed in navigation state (spec §2), and the next steps. */
export function MessageViewRoute() {
  const { message, next } = messageStateOf(useLocation().state);
  useDocumentTitle('Info');
  return (
    <main className="container py-4">
      <h1 className="h3 mb-3">Info</h1>
      {message ? (
        <>
          <p className="lead" data-testid="message">
            {message}
          </p>
          {next && <NextStepsOf next={next} />}
        </>
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
