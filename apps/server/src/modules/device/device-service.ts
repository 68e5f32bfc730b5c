import type { JuceRenewRequest, JuceUnlockRequest, RegisterDeviceRequest } from '@store/contracts/licence';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { registerComputerFlow, renewComputerKeyFlow, unlockComputerFlow } from '../../flows/register-computer.flow.js';
import { createRefusedCallers } from '../../lib/rate-limit.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { KeyFileSigner } from '../../licensing/signing-pool.js';
import type { ProductCache } from '../product/index.js';

/**
 * The device module's service, built once by `buildApp` with its database, product cache, secret box, signer and
 * settings (decision 067): a plug-in's registration of a computer by key, and JUCE's online unlock and renewal. The
 * work is the flows' (flows/register-computer.flow.ts); this is the routes' entrance to them. The registration is the
 * hot path (decisions 028 and 051): each call names its options as the route did, with no spread of the
 * dependencies per request; the callers refused over the per-IP limit are remembered here, once per app.
 */
export function createDeviceService(deps: { db: Db; products: ProductCache; secretBox: SecretBox; signer: KeyFileSigner; config: Config }) {
  const { db, products, secretBox, signer, config } = deps;
  const refusedCallers = createRefusedCallers();
  return {
    registerComputer: (options: { registration: RegisterDeviceRequest; ip: string }): Promise<string> =>
      registerComputerFlow({ db, products, secretBox, signer, refusedCallers, registration: options.registration, ip: options.ip }),
    unlockComputer: (options: { fields: JuceUnlockRequest; ip: string }) =>
      unlockComputerFlow({
        db,
        products,
        secretBox,
        signer,
        fields: options.fields,
        ip: options.ip,
        publicUrl: config.PUBLIC_URL ?? 'our website',
      }),
    renewComputerKey: (options: { fields: JuceRenewRequest }) =>
      renewComputerKeyFlow({ db, products, secretBox, signer, fields: options.fields }),
  };
}
export type DeviceService = ReturnType<typeof createDeviceService>;
