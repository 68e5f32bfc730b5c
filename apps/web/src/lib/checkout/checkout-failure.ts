/** A checkout failure nobody asked to see (prices loading, a promotion applied in the background): the console only. */
export const warnOfCheckoutFailure = (error: unknown): void => console.warn('Checkout:', error instanceof Error ? error.message : error);
