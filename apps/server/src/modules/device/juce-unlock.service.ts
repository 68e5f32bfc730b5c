import type { JuceUnlockRequest } from '@store/contracts/licence';
import type { Db } from '../../db/client.js';
import { AppError, badRequest } from '../../lib/app-error.js';
import { JUCE_WRONG_PRODUCT_MESSAGE } from '../../licensing/juce-unlock-reply.js';
import type { KeyFileSigner } from '../../licensing/signing-pool.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { checkCredentials, isTwoFactorEnabled, WRONG_CREDENTIALS } from '../auth/index.js';
import { findPersonIdOfLogin } from '../licence/index.js';
import { findPersonByEmail } from '../person/index.js';
import type { ProductCache } from '../product/index.js';
import { findDeviceIdProblem } from './device-id.js';
import { findLicencesOfPerson, isDeviceOfPerson } from './device.repository.js';
import { registerDeviceOnLicences } from './device-registration.js';
import { unknownProductMessage } from './device.service.js';

export type UnlockGrant = { message: string; keyFile: string };

/**
 * JUCE's online unlock: the customer's web login (email and password) must own an active licence of the
 * product; the machine (`mach`) is registered on it under the four-computer rule, and its key file answered.
 * Every refusal is an AppError whose text the plug-in shows.
 */
export async function unlockWithLogin(options: {
  db: Db;
  products: ProductCache;
  secretBox: SecretBox;
  signer: KeyFileSigner;
  fields: JuceUnlockRequest;
  ip: string;
  publicUrl: string;
}): Promise<UnlockGrant> {
  const { db, fields } = options;
  const email = fields.email.trim();
  if (email === '' || fields.pw === '') throw badRequest('Please enter the email address and password of your customer account.');

  const product = await options.products.byName(db, fields.product.trim());
  if (!product) throw badRequest(`${unknownProductMessage(fields.product.trim())} Please contact the vendor of the plug-in.`);
  if (product.name !== fields.product.trim()) throw badRequest(JUCE_WRONG_PRODUCT_MESSAGE);
  const machineId = fields.mach.trim();
  const problem = findDeviceIdProblem(machineId);
  if (problem) throw badRequest(`This computer cannot be registered: ${problem}`);

  // The web login's own check and limits: the unlock call is no second way to guess a password. A computer that
  // already holds a place on the address's licences is known to the address, so a stranger's guesses from
  // elsewhere cannot lock it out (decision 031).
  const registeredComputer = (await isComputerOfAddress(db, email, machineId)) ? machineId : undefined;
  const { login } = await checkCredentials({ db, username: email, password: fields.pw, ip: options.ip, registeredComputer }).catch(
    (error: unknown) => {
      if (error instanceof AppError && error.message === WRONG_CREDENTIALS) {
        throw new AppError('unauthorized', `${WRONG_CREDENTIALS}. Use the login of your customer account at ${options.publicUrl}.`);
      }
      throw error;
    },
  );
  if (await isTwoFactorEnabled(db, login.id)) {
    throw new AppError(
      'forbidden',
      `This account uses two-factor login. Register this computer in your account at ${options.publicUrl} (offline key).`,
    );
  }
  const personId = await findPersonIdOfLogin(db, {
    name: login.login_name,
    isEmailVerified: login.email_verified_at !== null,
  });
  const licences = personId === undefined ? [] : await findLicencesOfPerson(db, machineId, product.id, personId);
  if (licences.length === 0) throw badRequest(`The account ${email} has no active licence of ${product.name}.`);

  const keyFile = await registerDeviceOnLicences({
    db,
    product,
    licences,
    deviceId: machineId,
    deviceName: deviceNameOf(fields.os),
    secretBox: options.secretBox,
    signer: options.signer,
    // Only a plug-in that says it is built on clients/juce gets the module's keys: an expiring key would leave
    // stock JUCE's isUnlocked() false (decision 041).
    moduleKey: fields.renewable === '1' ? { days: product.online_key_days } : undefined,
  });
  return { message: `Thanks for registering ${product.name}! This computer is now unlocked.`, keyFile };
}

/** Whether the computer holds a place on a licence of the person with this address. */
async function isComputerOfAddress(db: Db, email: string, machineId: string): Promise<boolean> {
  const person = await findPersonByEmail(db, email);
  return person !== undefined && (await isDeviceOfPerson(db, person.id, machineId));
}

const deviceNameOf = (operatingSystem: string): string => operatingSystem.trim().slice(0, 200) || 'Online unlock';
