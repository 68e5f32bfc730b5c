import { MAX_DEVICES_PER_LICENSE, TRANSFER_MIN_DAYS } from '@store/contracts/constants';
import type { UserProduct } from '@store/contracts/licence';
import type { LicenceKeyFiles } from '@store/contracts/licence-keys';
import { messages } from '@store/contracts/messages';

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Download key for older releases" shows only when useRsa2048 is set and serialNew is not empty (spec §4). */
export const hasOlderReleaseKey = (licence: LicenceKeyFiles): boolean => licence.useRsa2048 && licence.serialNew !== '';

/** "Transfer License..." shows only when the activation date is more than 30 days old (spec §4, §9). */
export function canTransferLicence(licenseActivationDate: string, now: Date = new Date()): boolean {
  const activatedAt = Date.parse(licenseActivationDate);
  if (Number.isNaN(activatedAt)) return false;
  return now.getTime() - activatedAt > TRANSFER_MIN_DAYS * DAY_MS;
}

/**
 * The offline registration failure (spec §8): the server's error text with its quotes removed, or the generic
 * message when the server said nothing (no answer, an empty body).
 */
export function offlineRegistrationErrorText(serverText: string | null): string {
  const text = (serverText ?? '').replaceAll('"', '').trim();
  return text === '' ? messages.somethingWentWrong : text;
}

/** The first moment "Transfer License..." shows: just past 30 days after the activation date; null when unreadable. */
export { transferPossibleFrom } from '@store/contracts/licence';

/** How many of the licence's computer places are free. */
export const freeDevicePlaces = (licence: Pick<UserProduct, 'orderDevices'>): number =>
  Math.max(0, MAX_DEVICES_PER_LICENSE - licence.orderDevices.length);

/** A date as the customer area shows it (e.g. "24 Dec 2026" or "Dec 24, 2026", by the browser's language). */
export function formatDay(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return Number.isNaN(date.getTime()) ? String(iso) : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date);
}

/** A moment with its time of day, for "last activated". */
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
