// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MessageViewRoute } from './message-view-route';

const renderAt = (state?: unknown) =>
  render(
    <MemoryRouter initialEntries={[{ pathname: '/messageview', state }]}>
      <Routes>
        <Route path="/messageview" element={<MessageViewRoute />} />
      </Routes>
    </MemoryRouter>,
  );

describe('/messageview', () => {
  it('shows the message passed in navigation state', () => {
    renderAt({ message: 'Support request sent.' });
    expect(screen.getByTestId('message').textContent).toBe('Support request sent.');
    expect(screen.queryByTestId('no-message')).toBeNull();
  });

  it('says so when it was reached without a message, and links home', () => {
    renderAt();
    expect(screen.queryByTestId('message')).toBeNull();
    expect(screen.getByTestId('no-message').textContent).toContain('There is no message to show here.');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
