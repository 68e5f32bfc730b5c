// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../../test/fetch-stub';
import { renderWithQueryClient } from '../../../../test/render';
import { PublishConfirmation } from './publish-confirmation';

const fetchMock = stubFetch();
const beta = { version: '2.1.0-beta1', channel: 'beta', notes: 'Faster.', notifyOwners: true } as const;
const published = {
  id: 5,
  version: beta.version,
  channel: 'beta',
  notes: 'Faster.',
  publishedAt: '2026-11-27T10:00:00.000Z',
  isMailing: true,
};

beforeEach(() => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'admin', token: 'admin-token' }));
});
afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

const calls = () => fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);

describe('the confirmation of a release', () => {
  it('says how many owners the server will mail, and publishes only once it has said so', async () => {
    // The count arrives when the test lets it (and at once when asked again after publishing).
    let answerCount: () => void = () => undefined;
    const countArrives = new Promise<void>((resolve) => (answerCount = resolve));
    fetchMock.mockImplementation(async (_input, init) => {
      if ((init?.method ?? 'GET') !== 'GET') return new Response(JSON.stringify(published), { status: 200 });
      await countArrives;
      return new Response(JSON.stringify({ channel: 'beta', owners: 3 }), { status: 200 });
    });
    const onPublished = vi.fn();
    renderWithQueryClient(
      <PublishConfirmation productId={3} productName="Spacey" release={beta} onClose={() => undefined} onPublished={onPublished} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Publish Spacey 2.1.0-beta1 beta?' });
    const publish = within(dialog).getByRole('button', { name: 'PUBLISH' }) as HTMLButtonElement;
    expect(publish.disabled).toBe(true);
    expect(calls()).toEqual(['GET /api/product/3/releases/recipients?channel=beta']);

    answerCount();
    expect((await within(dialog).findByTestId('release-recipients')).textContent).toBe(
      '3 owners who opted in to the beta and agreed to release mail will be mailed.',
    );
    expect(publish.disabled).toBe(false);
    fireEvent.click(publish);
    await waitFor(() => expect(onPublished).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([, options]) => options?.method === 'POST')!;
    expect(calls()).toContain('POST /api/product/3/releases');
    expect(JSON.parse(String(init?.body))).toEqual(beta);
  });

  it('says no mail will be sent when the owners are not to be mailed, without asking for a count', () => {
    renderWithQueryClient(
      <PublishConfirmation
        productId={3}
        productName="Spacey"
        release={{ ...beta, channel: 'stable', notifyOwners: false }}
        onClose={() => undefined}
        onPublished={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Publish Spacey 2.1.0-beta1?' });
    expect(within(dialog).getByTestId('release-recipients').textContent).toBe('No mail will be sent.');
    expect((within(dialog).getByRole('button', { name: 'PUBLISH' }) as HTMLButtonElement).disabled).toBe(false);
    expect(calls()).toEqual([]);
  });
});
