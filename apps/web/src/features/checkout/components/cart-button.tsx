type CartButtonProps = { itemCount: number; onClick?: () => void };

/** The shopping-cart button with its item-count badge (spec "Cart panel"); its accessible name says the count. */
export function CartButton({ itemCount, onClick }: CartButtonProps) {
  return (
    <button
      type="button"
      className="btn btn-outline-light cart-button d-inline-flex align-items-center"
      aria-label={`Cart, ${itemCount} ${itemCount === 1 ? 'item' : 'items'}`}
      data-testid="cart-button"
      onClick={onClick}
    >
      <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 16 16" fill="currentColor">
        <path d="M0 1.5A.5.5 0 0 1 .5 1H2a.5.5 0 0 1 .485.379L2.89 3H14.5a.5.5 0 0 1 .491.592l-1.5 8A.5.5 0 0 1 13 12H4a.5.5 0 0 1-.491-.408L2.01 3.607 1.61 2H.5a.5.5 0 0 1-.5-.5M3.102 4l1.313 7h8.17l1.313-7zM5 12a2 2 0 1 0 0 4 2 2 0 0 0 0-4m7 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4m-7 1a1 1 0 1 1 0 2 1 1 0 0 1 0-2m7 0a1 1 0 1 1 0 2 1 1 0 0 1 0-2" />
      </svg>
      <span className="badge rounded-pill bg-light text-dark" data-testid="cart-count" aria-hidden="true">
        {itemCount}
      </span>
    </button>
  );
}
