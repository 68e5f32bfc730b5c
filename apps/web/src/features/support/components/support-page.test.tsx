// @vitest-environment jsdom
import { messages } from '@store/contracts/messages';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { stubFetch } from '../../../test/fetch-stub';
import { SupportPage } from './support-page';

const fetchMock = stubFetch();
const answer = (status: number, body: string) => fetchMock.mockResolvedValueOnce(new Response(body, { status }));

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

describe('support page', () => {
  it('shows "Name too short" for short fields and sends nothing', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Problem Description'), { target: { value: 'too short' } });
    fireEvent.click(screen.getByRole('button', { name: 'SEND' }));
    expect(await screen.findAllByText(messages.nameTooShort)).toHaveLength(3);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('confirms a sent request', async () => {
    answer(200, JSON.stringify({ ok: true }));
    renderPage();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'SEND' }));
    expect(await screen.findByText(messages.supportSent)).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/product/support/');
  });

  it('shows "Error: Please try again later! {message}" on failure', async () => {
    answer(429, 'Too many requests.');
    renderPage();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'SEND' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Please try again later! Too many requests.');
  });
});
