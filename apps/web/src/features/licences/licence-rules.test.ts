import { messages } from '@store/contracts/messages';
import { describe, expect, it } from 'vitest';
import { actualKeyOf } from '@store/contracts/licence-keys';
import { canTransferLicence, hasOlderReleaseKey, offlineRegistrationErrorText } from './licence-rules';
import { isOfflineDevice } from '@store/contracts/licence';

describe('download buttons', () => {
  it('"Download Actual Key" gives serial2048 with RSA 2048, else serialNew', () => {
    expect(actualKeyOf({ useRsa2048: true, serialNew: 'old', serial2048: 'new' })).toBe('new');
    expect(actualKeyOf({ useRsa2048: false, serialNew: 'old', serial2048: 'new' })).toBe('old');
    // Issued before the product had a 2048-bit pair: the file its computers have, not an empty one.
    expect(actualKeyOf({ useRsa2048: true, serialNew: 'old', serial2048: '' })).toBe('old');
  });

  it('"Download key for older releases" needs RSA 2048 and a non-empty serialNew', () => {
    expect(hasOlderReleaseKey({ useRsa2048: true, serialNew: 'old', serial2048: 'new' })).toBe(true);
    expect(hasOlderReleaseKey({ useRsa2048: true, serialNew: '', serial2048: 'new' })).toBe(false);
    expect(hasOlderReleaseKey({ useRsa2048: false, serialNew: 'old', serial2048: '' })).toBe(false);
  });
});

describe('transfer button', () => {
  const now = new Date('2025-03-31T12:00:00.000Z');

  it('shows only when the activation is more than 30 days old', () => {
    expect(canTransferLicence('2025-03-01T11:59:59.999Z', now)).toBe(true);
    expect(canTransferLicence('2025-03-01T12:00:00.000Z', now)).toBe(false);
    expect(canTransferLicence('2025-03-30T12:00:00.000Z', now)).toBe(false);
    expect(canTransferLicence('2024-01-01T00:00:00.000Z', now)).toBe(true);
  });

  it('does not show for a missing or unreadable date', () => {
    expect(canTransferLicence('', now)).toBe(false);
    expect(canTransferLicence('not a date', now)).toBe(false);
  });
});

describe('offline key button', () => {
  it('shows for devices whose name contains "Offline" (case as written)', () => {
    expect(isOfflineDevice({ deviceName: 'Offline Device' })).toBe(true);
    expect(isOfflineDevice({ deviceName: 'Studio Offline Mac' })).toBe(true);
    expect(isOfflineDevice({ deviceName: 'offline device' })).toBe(false);
    expect(isOfflineDevice({ deviceName: 'MacBook Pro' })).toBe(false);
  });
});

describe('offline registration error', () => {
  it('shows the server text with its quotes removed', () => {
    expect(offlineRegistrationErrorText('Unknown product "Spacey".')).toBe('Unknown product Spacey.');
    expect(offlineRegistrationErrorText('"All 4 computers are registered."')).toBe('All 4 computers are registered.');
  });

  it('falls back to the generic message without server text', () => {
    expect(offlineRegistrationErrorText('')).toBe(messages.somethingWentWrong);
    expect(offlineRegistrationErrorText('""')).toBe(messages.somethingWentWrong);
    expect(offlineRegistrationErrorText(null)).toBe(messages.somethingWentWrong);
  });
});
