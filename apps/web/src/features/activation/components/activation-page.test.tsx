// @vitest-environment jsdom
import { messages } from '@store/contracts/messages';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { stubFetch } from '../../../test/fetch-stub';
import { ActivationPage } from './activation-page';

const fetchMock = stubFetch();
const answer = (status: number, body: string) => fetchMock.answer('POST /api/userinfo/registerproduct', status, body);
const KEY = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';

const renderPage = (entry = '/activate') => renderRoutes(entry, { '/activate': <ActivationPage /> });

const fill = (values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
};
const validValues = {
  'Activation Key': KEY,
  Email: 'ann@example.com',
  'Confirm Email': 'ann@example.com',
  'First Name': 'Ann',
  'Last Name': 'Smith',
};

describe('activation page', () => {
  it('is titled with the product short name', () => {
    renderPage('/activate?product=Spacey');
    expect(screen.getByRole('heading', { name: 'Activate Spacey Product' })).toBeTruthy();
  });

  it('shows the §5 messages and sends nothing', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Activate Product' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ACTIVATE' }));
    expect(await screen.findByText(messages.activationKeyRequired)).toBeTruthy();
    expect(screen.getByText(messages.firstNameRequired)).toBeTruthy();
    expect(screen.getByText(messages.lastNameRequired)).toBeTruthy();
    fill({ ...validValues, 'Activation Key': '1b4e28ba-2fa1-61d2-883f-0016d3cca427', 'Confirm Email': 'bob@example.com' });
    fireEvent.click(screen.getByRole('button', { name: 'ACTIVATE' }));
    expect(await screen.findByText(messages.activationKeyInvalid)).toBeTruthy();
    expect(screen.getByText(messages.emailMismatch)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('thanks on success', async () => {
    answer(200, JSON.stringify({ email: 'ann@example.com', productName: 'Spacey' }));
    renderPage();
    fill(validValues);
    fireEvent.click(screen.getByRole('button', { name: 'ACTIVATE' }));
    expect(await screen.findByText('Thanks for activation. We have sent the serial key to ann@example.com')).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      ActivationKey: KEY,
      Email: 'ann@example.com',
      FirstName: 'Ann',
      LastName: 'Smith',
    });
  });

  it('shows "Error: {server message}" on the first name field', async () => {
    answer(400, 'This activation key is not valid or has already been used.');
    renderPage();
    fill(validValues);
    fireEvent.click(screen.getByRole('button', { name: 'ACTIVATE' }));
    const message = await screen.findByText('Error: This activation key is not valid or has already been used.');
    expect(message.id).toBe('activation-first-name-error');
  });

  it('keeps the focus on ACTIVATE while sending, then moves it to the failure, which is said once', async () => {
    let release: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (release = resolve)));
    renderPage();
    fill(validValues);
    const activate = screen.getByRole('button', { name: 'ACTIVATE' }) as HTMLButtonElement;
    activate.focus();
    fireEvent.click(activate);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // A disabled button would lose the focus to the page's body (the HTML focus fixup rule; jsdom does not apply it).
    expect(activate.disabled).toBe(false);
    expect(activate.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(activate);

    release(new Response('This activation key is not valid or has already been used.', { status: 400 }));
    const message = await screen.findByText('Error: This activation key is not valid or has already been used.');
    const firstName = screen.getByLabelText('First Name');
    expect(document.activeElement).toBe(firstName);
    // The focused field's description says the failure; an alert as well would say it twice.
    expect(firstName.getAttribute('aria-describedby')).toBe(message.id);
    expect(message.getAttribute('role')).toBeNull();
  });
});
