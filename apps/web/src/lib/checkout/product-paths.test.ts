// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { addProduct } from './checkout-actions';
import { checkoutPathOf } from './product-paths';
import { queryClient } from '../query-client';

const builder = vi.hoisted(() => ({ add: vi.fn() }));
vi.mock('./checkout-script', () => ({ loadCheckout: () => Promise.resolve(builder) }));

const products = [
  { name: 'Space Echo', path: 'space-echo' },
  { name: 'Spacey', path: 'spacey' },
  { name: 'Echo', path: 'echo-v2' },
  { name: 'Delay', path: 'echo' },
];
const fetchMock = stubFetch();

afterEach(() => {
  builder.add.mockReset();
  queryClient.clear();
});

describe('checkoutPathOf', () => {
  it("answers the product's FastSpring path for its name in any case, or for its path", () => {
    expect(checkoutPathOf(products, 'Space Echo')).toBe('space-echo');
    expect(checkoutPathOf(products, 'space echo')).toBe('space-echo');
    expect(checkoutPathOf(products, ' space-echo ')).toBe('space-echo');
    expect(checkoutPathOf(products, 'SPACEY')).toBe('spacey');
  });

  it('prefers the exact name, then the path, then the name in another case', () => {
    expect(checkoutPathOf(products, 'Echo')).toBe('echo-v2');
    expect(checkoutPathOf(products, 'echo')).toBe('echo');
  });

  it('falls back to the name in lower case for an unknown product or without the list, as before decision 026', () => {
    expect(checkoutPathOf(products, 'Tapewarm')).toBe('tapewarm');
    expect(checkoutPathOf(undefined, ' Space Echo ')).toBe('space echo');
  });
});

describe('addProduct', () => {
  const publicList = products.map((product, index) => ({
    id: index + 1,
    ...product,
    description: '',
    price: '10.00',
    useRsa2048: false,
    trialDays: 30,
  }));

  it('adds the path of the product a page names by its name, asking for the product list once', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify(publicList), { status: 200 })));
    await addProduct('Space Echo');
    await addProduct('spacey');
    expect(builder.add.mock.calls).toEqual([['space-echo'], ['spacey']]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/product/');
  });

  it('still adds the name in lower case when the list cannot be loaded', async () => {
    fetchMock.mockResolvedValue(new Response('Something went wrong on our side. Please try again later.', { status: 500 }));
    await addProduct('Space Echo');
    expect(builder.add).toHaveBeenCalledWith('space echo');
  });
});
