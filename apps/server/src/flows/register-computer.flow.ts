import { MAX_DEVICES_PER_LICENSE } from '@store/contracts/constants';
import { isAcceptedEmail } from '@store/contracts/email-address';
import type { JuceRenewRequest, JuceUnlockRequest, RegisterDeviceRequest } from '@store/contracts/licence';
import type { Db, Queryable } from '../db/client.js';
import { AppError, badRequest } from '../lib/app-error.js';
import { hitRateLimit, type RateLimitHit, type RefusedCallers } from '../lib/rate-limit.js';
import type { SecretBox } from '../lib/secret-box.js';
import { keyFileDigest } from '../licensing/key-file-digest.js';
import { JUCE_WRONG_PRODUCT_MESSAGE } from '../licensing/juce-unlock-reply.js';
import type { KeyFileSigner } from '../licensing/signing-pool.js';
import { checkCredentials, isTwoFactorEnabled, WRONG_CREDENTIALS } from '../modules/auth/index.js';
import {
  compactKey,
  deviceRegistrationPerIp,
  findDeviceIdProblem,
  findDeviceOfLicence,
  findEndedLicenceRefusal,
  findLicencesByKeyText,
  findLicencesBySerial,
  findLicencesOfPerson,
  isDeviceOfPerson,
  isKeyFileOfComputer,
  noActiveLicenceMessage,
  notRenewableMessage,
  otherComputersKeyFileMessage,
  readProductKeyFile,
  readRenewableKey,
  registerDeviceOnLicences,
  registerWithSignedKey,
  removeDoublePlace,
  removedComputerRefusal,
  renewedMessage,
  renewModuleKey,
  unknownProductMessage,
  type LicenceCandidate,
  type SignedKeyFile,
} from '../modules/device/index.js';
import { findPersonIdOfLogin } from '../modules/licence/index.js';
import { createDeviceKeyFile, findOrderById } from '../modules/order/index.js';
import { findPersonByEmail, findPersonById } from '../modules/person/index.js';
import type { ProductCache, ProductRow } from '../modules/product/index.js';

/** What registering a computer needs of the app: the pool, the product cache and the key file's signing. */
type Signing = { db: Db; products: ProductCache; secretBox: SecretBox; signer: KeyFileSigner };

type Registration = Signing & {
  /** The callers refused over the per-IP limit: they are refused again before any work. */
  refusedCallers: RefusedCallers;
  registration: RegisterDeviceRequest;
  ip: string;
};

/**
 * A plug-in registers a computer with a key (POST /userinfo/registerproductfordevice; the hot path, decisions 028
 * and 051), in the order its steps run: a caller refused over the per-IP limit is refused again before any work;
 * the computer's ID checked and the product found (a refusal still counts the hit); then by what the key is:
 * a serial finds its licences (counting the hit in that statement) and goes the general path; a genuine key file
 * bound to other computers is refused (counting the hit); any other genuine key file names its owner, so the
 * computer's key file is signed for them first and one statement counts the hit, finds the owner's licence and
 * takes its lowest free slot; only when that registers nothing, the general path (the four-computer rule, a known
 * computer's stored key, a race lost and tried again). Answers the computer's key file.
 * One connection for the few short queries, no transaction: the constraints decide races.
 */
export async function registerComputerFlow(options: Registration): Promise<string> {
  const hit = { rule: deviceRegistrationPerIp, subject: options.ip };
  options.refusedCallers.refuseIfRefused(hit);
  const db = await options.db.connect();
  try {
    return await options.refusedCallers.remember(hit, () => registerWithKey(db, hit, options));
  } finally {
    db.release();
  }
}

async function registerWithKey(db: Queryable, hit: RateLimitHit, options: Registration): Promise<string> {
  const { registration } = options;
  const deviceId = registration.DeviceIdHash.trim();
  const problem = findDeviceIdProblem(deviceId, registration.DeviceName);
  const product = problem ? undefined : await options.products.byName(db, registration.ProductName);
  if (problem !== null || !product) {
    await hitRateLimit(db, hit.rule, hit.subject);
    throw badRequest(problem ?? unknownProductMessage(registration.ProductName));
  }
  const computer = { product, deviceId, deviceName: registration.DeviceName };
  const presented = readProductKeyFile(product, registration.Key);
  if (presented && !isKeyFileOfComputer(presented, deviceId)) {
    // A computer's key file proves the licence for that computer only: a copy registers no other (decision 081).
    await hitRateLimit(db, hit.rule, hit.subject);
    throw badRequest(otherComputersKeyFileMessage);
  }
  if (!presented) {
    // A serial number names no one: the licence is found (and the hit counted) first, the key file signed after.
    const licences = await findLicencesBySerial(db, deviceId, product.id, registration.Key.trim(), hit);
    return registerOnLicences(db, { ...computer, licences }, options);
  }
  const owner = { name: presented.user, email: presented.email };
  const compact = compactKey(registration.Key);
  const signed = {
    owner,
    keyFile: await createDeviceKeyFile({ product, owner, secretBox: options.secretBox, deviceId, signer: options.signer }),
  };
  const attempt = await registerWithSignedKey(db, {
    hit,
    productId: product.id,
    key: registration.Key,
    compactKey: compact,
    keyDigest: keyFileDigest(presented),
    owner,
    deviceId,
    deviceName: registration.DeviceName,
    keyFile: signed.keyFile,
    maxDevices: MAX_DEVICES_PER_LICENSE,
  });
  if (attempt.isRegistered) {
    const [licence] = attempt.licences;
    if (!licence || licence.owner_licences <= 1 || !(await removeDoublePlace(db, attempt.placeId!, deviceId))) return signed.keyFile;
    // The same computer was registered at the same moment on another of the owner's licences, and this place gave way
    // (decision 108): the general path finds it there.
    const licences = await findLicencesOfPerson(db, deviceId, product.id, licence.person_id);
    return registerOnLicences(db, { ...computer, licences, signed }, options);
  }
  // Only a genuine key file whose address owns no licence (issued before the owner's address changed) scans the
  // product's licences for its exact text, so the scan stays rare.
  const licences = attempt.licences.length > 0 ? attempt.licences : await findLicencesByKeyText(db, deviceId, product.id, compact);
  return registerOnLicences(db, { ...computer, licences, signed }, options);
}

/** The general path: the licences' device states, the four-computer rule, a race lost and tried again. */
async function registerOnLicences(
  db: Queryable,
  found: { product: ProductRow; licences: LicenceCandidate[]; deviceId: string; deviceName: string; signed?: SignedKeyFile },
  signing: Signing,
): Promise<string> {
  if (found.licences.length === 0) throw badRequest(noActiveLicenceMessage(found.product.name));
  return registerDeviceOnLicences({ ...found, db, secretBox: signing.secretBox, signer: signing.signer });
}

export type UnlockGrant = { message: string; keyFile: string };

/**
 * JUCE's online unlock (POST /juce/unlock), in the order its steps run: the form's fields, the product (its exact
 * ID, as JUCE compares it) and the computer's ID checked; the customer's web login checked with the web's own
 * limits (a computer already on the address's licences cannot be locked out by a stranger, decision 031); a login
 * with two-factor sent to the customer area; the login's person and their active licences of the product; the
 * computer registered on them under the four-computer rule (a plug-in built on clients/juce gets the module's
 * renewable key, decision 041). Every refusal is an AppError whose text the plug-in shows.
 */
export async function unlockComputerFlow(
  options: Signing & { fields: JuceUnlockRequest; ip: string; publicUrl: string },
): Promise<UnlockGrant> {
  const { db, fields } = options;
  const email = fields.email.trim();
  if (email === '' || fields.pw === '') throw badRequest('Please enter the email address and password of your customer account.');
  const product = await options.products.byName(db, fields.product.trim());
  if (!product) throw badRequest(`${unknownProductMessage(fields.product.trim())} Please contact the vendor of the plug-in.`);
  if (product.name !== fields.product.trim()) throw badRequest(JUCE_WRONG_PRODUCT_MESSAGE);
  const machineId = fields.mach.trim();
  const problem = findDeviceIdProblem(machineId);
  if (problem) throw badRequest(`This computer cannot be registered: ${problem}`);

  const login = await checkWebLogin(options, email, machineId);
  if (await isTwoFactorEnabled(db, login.id)) {
    throw new AppError(
      'forbidden',
      `This account uses two-factor login. Register this computer in your account at ${options.publicUrl} (offline key).`,
    );
  }
  const isEmailVerified = login.email_verified_at !== null;
  // A customer's licences are theirs once the login proved its address (DESIGN §4): say so, rather than "no licence".
  if (!isEmailVerified && isAcceptedEmail(login.login_name)) {
    throw badRequest(
      `Please confirm your address ${email} first: open the link in the mail we sent you, or ask for a new one in your account at ${options.publicUrl}. Then unlock again.`,
    );
  }
  const personId = await findPersonIdOfLogin(db, { name: login.login_name, isEmailVerified });
  const licences = personId === undefined ? [] : await findLicencesOfPerson(db, machineId, product.id, personId);
  if (licences.length === 0) throw badRequest(`The account ${email} has no active licence of ${product.name}.`);

  const keyFile = await registerDeviceOnLicences({
    db,
    product,
    licences,
    deviceId: machineId,
    deviceName: fields.os.trim().slice(0, 200) || 'Online unlock',
    secretBox: options.secretBox,
    signer: options.signer,
    // Only a plug-in that says it is built on clients/juce gets the module's keys: an expiring key would leave
    // stock JUCE's isUnlocked() false (decision 041).
    moduleKey: fields.renewable === '1' ? { days: product.online_key_days } : undefined,
  });
  return { message: `Thanks for registering ${product.name}! This computer is now unlocked.`, keyFile };
}

/**
 * The web login's own check and limits: the unlock call is no second way to guess a password. A computer that
 * already holds a place on the address's licences is known to the address, so a stranger's guesses from elsewhere
 * cannot lock it out (decision 031). A wrong password's message points to the customer account.
 */
async function checkWebLogin(
  options: { db: Db; fields: JuceUnlockRequest; ip: string; publicUrl: string },
  email: string,
  machineId: string,
) {
  const { db } = options;
  const person = await findPersonByEmail(db, email);
  const isKnownComputer = person !== undefined && (await isDeviceOfPerson(db, person.id, machineId));
  const registeredComputer = isKnownComputer ? machineId : undefined;
  const { login } = await checkCredentials({ db, username: email, password: options.fields.pw, ip: options.ip, registeredComputer }).catch(
    (error: unknown) => {
      if (error instanceof AppError && error.message === WRONG_CREDENTIALS) {
        throw new AppError('unauthorized', `${WRONG_CREDENTIALS}. Use the login of your customer account at ${options.publicUrl}.`);
      }
      throw error;
    },
  );
  return login;
}

/**
 * The renewal of a plug-in's expiring key (POST /juce/renew; plug-ins built on clients/juce, decision 041), in the
 * order its steps run: the product (its exact ID) and the computer's ID checked; the presented key read (the
 * product's own, for this computer, naming its licence and carrying the removal secret); the licence it names found,
 * and refused when it ended (refunded, transferred, revoked: until when the key still works); the computer's place
 * on it checked against the key's removal secret; the owner read (the key names them); a fresh key signed, its end
 * moved on by the product's days, in the renewal's one write, which checks the licence and the place again under
 * the licence's share lock; a licence that ended or a computer removed meanwhile gets its refusal, and no key.
 */
export async function renewComputerKeyFlow(options: Signing & { fields: JuceRenewRequest }): Promise<UnlockGrant> {
  const { db, fields } = options;
  const product = await options.products.byName(db, fields.product.trim());
  if (!product || product.name !== fields.product.trim()) throw badRequest(unknownProductMessage(fields.product.trim()));
  const machineId = fields.mach.trim();
  const problem = findDeviceIdProblem(machineId);
  if (problem) throw badRequest(`This computer's key cannot be renewed: ${problem}`);

  const key = readRenewableKey(product, fields.key, machineId);
  const order = await findOrderById(db, key.licenceId);
  if (!order || order.product_id !== product.id) throw badRequest(notRenewableMessage(product));
  const ended = findEndedLicenceRefusal(product, order, key);
  if (ended) throw ended;
  const device = await findDeviceOfLicence(db, order.id, machineId);
  // The computer holds its place with the removal secret of its key (a place freed and taken again has a new one).
  if (!device || device.removal_secret !== key.removalSecret) throw removedComputerRefusal(product, key);
  const owner = await findPersonById(db, order.person_id);
  const keyFile = await renewModuleKey({
    db,
    product,
    licence: {
      order_id: order.id,
      person_id: order.person_id,
      owner_name: owner?.name ?? key.user,
      owner_email: owner?.email ?? key.email,
    },
    device,
    deviceId: machineId,
    secretBox: options.secretBox,
    signer: options.signer,
    moduleKey: { days: product.online_key_days },
  });
  if (keyFile === undefined) {
    // Refunded, revoked, transferred or removed while the key was signed: the refusal it would have had before.
    const now = await findOrderById(db, order.id);
    throw (now && findEndedLicenceRefusal(product, now, key)) ?? removedComputerRefusal(product, key);
  }
  return { message: renewedMessage(product), keyFile };
}
