// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CartButton } from './cart-button';

describe('CartButton', () => {
  it.each([
    [0, 'Cart, 0 items'],
    [1, 'Cart, 1 item'],
    [3, 'Cart, 3 items'],
  ])('with %i in the cart is named "%s"', (count, name) => {
    render(<CartButton itemCount={count} />);
    expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.getByTestId('cart-count').textContent).toBe(String(count));
  });
});
