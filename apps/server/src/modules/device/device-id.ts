import { DEVICE_ID_LENGTH, OFFLINE_DEVICE_NAME } from '@store/contracts/constants';
import { messages } from '@store/contracts/messages';

export const MAX_DEVICE_ID_LENGTH = 128;
// JUCE refuses to unlock when a local machine ID is one of these (anti-tamper sentinels).
const JUCE_SENTINEL_IDS = new Set(['01', '1234']);

/**
 * Why a Device ID cannot go into a JUCE key file's `mach`, or null when it can. JUCE splits `mach` on `,` `;`
 * and spaces, so an ID must not contain them. Stock JUCE IDs have 10 characters, the plug-ins' own Device ID
 * 32; the offline dialog ("Offline Device") always sends the 32-character one.
 */
export function findDeviceIdProblem(deviceId: string, deviceName = ''): string | null {
  if (deviceId === '') return 'The Device ID is missing.';
  if (/[,;\s]/.test(deviceId)) return 'The Device ID must not contain commas, semicolons or spaces.';
  if (!/^[\x21-\x7e]+$/.test(deviceId)) return 'The Device ID may contain only letters, digits and ASCII punctuation.';
  if (deviceId.length > MAX_DEVICE_ID_LENGTH) return `The Device ID is too long (at most ${MAX_DEVICE_ID_LENGTH} characters).`;
  if (JUCE_SENTINEL_IDS.has(deviceId)) return 'This Device ID is not valid.';
  if (deviceName === OFFLINE_DEVICE_NAME && deviceId.length !== DEVICE_ID_LENGTH) return messages.deviceIdInvalid;
  return null;
}
