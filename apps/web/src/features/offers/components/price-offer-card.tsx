import type { ReactNode } from 'react';
import { SendButton } from '../../../components/send-button';

type PriceOfferCardProps = {
  /** What the card is for: "Upgrade to Spacey 2", "Complete your bundle". */
  title: string;
  /** The customer's price and the normal one, formatted. */
  price: string;
  normalPrice: string;
  /** Why the customer gets this price. */
  note: ReactNode;
  buttonLabel: string;
  onBuy: () => void;
  isPending: boolean;
  error: Error | null;
  testId: string;
};

/**
 * A price bound to the customer (an upgrade, a crossgrade, the rest of a bundle): its title, the customer's price next
 * to the normal one, why, and the button that buys it at that price (decisions 036 and 056).
 */
export function PriceOfferCard({ title, price, normalPrice, note, buttonLabel, onBuy, isPending, error, testId }: PriceOfferCardProps) {
  return (
    <div className="card border-success mb-3" data-testid={testId}>
      <div className="card-body">
        <p className="h5 card-title" data-testid="offer-title">
          {title}
        </p>
        <p className="mb-2">
          <span className="fs-5 fw-semibold" data-testid="offer-price">
            {price}
          </span>{' '}
          <span className="text-body-secondary">
            instead of <s data-testid="normal-price">{normalPrice}</s>
          </span>
        </p>
        <p className="small text-body-secondary mb-3">{note}</p>
        <SendButton type="button" className="btn btn-success" isPending={isPending} onClick={onBuy}>
          {buttonLabel}
        </SendButton>
        {error && (
          <p className="text-danger mt-2 mb-0" role="alert">
            {error.message}
          </p>
        )}
      </div>
    </div>
  );
}
