// @vitest-environment jsdom
import { messages } from '@store/contracts/messages';
import type { Page } from '@store/contracts/page';
import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentPath, renderRoutes } from '../../../test/render';
import { stubFetch } from '../../../test/fetch-stub';
import { resetInitialPageUse } from '../api/get-page';
import { ContentPage } from './content-page';

const pageOf = (name: string, url: string, htmlText: string): Page => ({
  id: 1,
  name,
  url,
  htmlText,
  date: '2024-01-01',
  isMainMenu: true,
  mainMenuPriority: 0,
});
const home = pageOf('Home', '/', '<h1>Welcome</h1><a href="/help">Help</a> <a href="/help" target="_blank">New tab</a>');

const fetchMock = stubFetch();

const renderAt = (path: string, enhance = vi.fn()) => {
  renderRoutes(path, { '/:p1?/:p2?/:p3?': <ContentPage enhance={enhance} /> }, <CurrentPath />);
  return enhance;
};

beforeAll(() => {
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = 'initial-data';
  data.textContent = JSON.stringify({ page: home, menu: [], path: '/' });
  document.body.append(data);
});
// Every test starts as a first visit, whichever ran before it.
beforeEach(resetInitialPageUse);

describe('content page', () => {
  it('shows the initial data without fetching, then fetches the page of an in-app link', async () => {
    const enhance = renderAt('/');
    const main = screen.getByRole('main');
    expect(main.className).toBe('container content-page');
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(document.title).toBe('Home | Plug-in Store'));
    expect(enhance).toHaveBeenCalledWith(main);

    // A link to another window is left to the browser.
    const newTab = screen.getByRole('link', { name: 'New tab' });
    expect(fireEvent.click(newTab)).toBe(true);

    fetchMock.answer('GET /api/page/byUrl/*help', 200, JSON.stringify(pageOf('Help', '/help', '<h1>How to install</h1>')));
    expect(fireEvent.click(screen.getByRole('link', { name: 'Help' }))).toBe(false);
    expect(screen.getByTestId('path').textContent).toBe('/help');
    expect(await screen.findByRole('heading', { name: 'How to install' })).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/page/byUrl/*help');
    expect(screen.getByRole('main').className).toBe('container content-page');
  });

  it('goes to / when the page does not exist', async () => {
    fetchMock.answer('GET /api/page/byUrl/*products*Nothing', 404, 'Page not found');
    fetchMock.answer('GET /api/page/byUrl/*', 200, JSON.stringify(home));
    renderAt('/products/Nothing');
    expect(screen.getByRole('main').className).toContain('is-loading');
    await vi.waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/page/byUrl/*products*Nothing');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
  });

  it('shows the load failure message when the server fails', async () => {
    fetchMock.answer('GET /api/page/byUrl/*help', 500, 'Something went wrong on our side. Please try again later.');
    renderAt('/help');
    expect(await screen.findByText(messages.pageLoadFailed)).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/messageview');
  });

  it("shows what the router adds to a page's path after the page's HTML, inside the page, and nothing elsewhere", async () => {
    const product = pageOf('Spacey', '/products/spacey', '<h1>Spacey</h1><p><a href="/help">Help</a></p>');
    const addTrial = (path: string) => (path === '/products/spacey' ? <section aria-label="Trial">Try it</section> : null);
    fetchMock.answer('GET /api/page/byUrl/*products*spacey', 200, JSON.stringify(product));
    fetchMock.answer('GET /api/page/byUrl/*help', 200, JSON.stringify(pageOf('Help', '/help', '<h1>How to install</h1>')));
    renderRoutes('/products/spacey', { '/:p1?/:p2?/:p3?': <ContentPage renderAfterPage={addTrial} /> }, <CurrentPath />);
    await screen.findByRole('heading', { name: 'Spacey' });
    const main = screen.getByRole('main');
    expect(main.className).toBe('container content-page');
    const trial = screen.getByRole('region', { name: 'Trial' });
    expect(main.contains(trial)).toBe(true);
    expect(main.lastElementChild).toBe(trial);
    // Links in the page's HTML still navigate in the app.
    expect(fireEvent.click(screen.getByRole('link', { name: 'Help' }))).toBe(false);
    expect(await screen.findByRole('heading', { name: 'How to install' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Trial' })).toBeNull();
  });
});
