// @vitest-environment jsdom
import { messages } from '@store/contracts/messages';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { logIn, logOut } from '../../../lib/session';
import { renderRoutes } from '../../../test/render';
import { stubFetch } from '../../../test/fetch-stub';
import { SupportPage } from './support-page';

const fetchMock = stubFetch();

const renderPage = () => renderRoutes('/support', { '/support': <SupportPage /> });

const fillValid = () => {
  const values = {
    Email: 'ann@example.com',
    'Product Name': 'Spacey',
    'Operating System and Host Software': 'macOS 14, Logic Pro',
    'Problem Description': 'The plug-in does not load after the update.',
  };
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
};

afterEach(() => logOut());

describe('support page', () => {
  it("fills in a signed-in customer's address and offers their products, the field staying free text", async () => {
    logIn({ name: 'ann@example.com', token: 'token-1' });
    fetchMock.answer('GET /api/userinfo/products', 200, [
      {
        name: 'Spacey',
        useRsa2048: false,
        serialNew: '',
        serial2048: '',
        licenseActivationDate: '2026-01-01',
        orderId: 1,
        orderDevices: [],
      },
      {
        name: 'Punch',
        useRsa2048: false,
        serialNew: '',
        serial2048: '',
        licenseActivationDate: '2026-01-01',
        orderId: 2,
        orderDevices: [],
      },
    ]);
    renderPage();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ann@example.com');
    const productField = screen.getByLabelText('Product Name') as HTMLInputElement;
    await screen.findByTestId('support-own-products');
    expect(productField.getAttribute('list')).toBe('support-own-products');
    const offered = [...document.querySelectorAll('#support-own-products option')].map((option) => option.getAttribute('value'));
    expect(offered).toEqual(['Punch', 'Spacey']);
    expect(productField.type).toBe('text');
  });

  it('shows "Name too short" for short fields and sends nothing', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Problem Description'), { target: { value: 'too short' } });
    fireEvent.click(screen.getByRole('button', { name: 'SEND' }));
    expect(await screen.findAllByText(messages.nameTooShort)).toHaveLength(3);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('confirms a sent request', async () => {
    fetchMock.answer('POST /api/product/support/', 200, { ok: true, requestId: 42 });
    renderPage();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'SEND' }));
    // The specification's words first, then the request's number and where its copy went.
    expect(
      await screen.findByText(`${messages.supportSent} Your request number is #42; a confirmation was mailed to ann@example.com.`),
    ).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/product/support/');
  });

  it('shows "Error: Please try again later! {message}" on failure', async () => {
    fetchMock.answer('POST /api/product/support/', 429, 'Too many requests.');
    renderPage();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'SEND' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Please try again later! Too many requests.');
  });
});
