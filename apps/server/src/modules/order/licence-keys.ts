import { createKeyFile } from '../../licensing/juce-key-file.js';
import { loadSigningKey } from '../../licensing/rsa-key.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { ProductRow } from '../product/product.repository.js';

export type LicenceKeys = { serialNew: string; serial2048: string };
type Owner = { name: string; email: string };

const signingKey = (publicKey: string, sealedPrivateKey: string, secretBox: SecretBox) =>
  publicKey && sealedPrivateKey ? loadSigningKey(secretBox.open(sealedPrivateKey), publicKey) : undefined;

/**
 * The licence's JUCE key files: `serialNew` with the product's 1024-bit pair, `serial2048` with its 2048-bit pair
 * when "use RSA 2048" is set. user = owner's name, email = owner's email, app = product name, mach = the given
 * machine IDs (empty for a licence's serial key; the Device ID for a device's offline key).
 */
export function createLicenceKeys(options: {
  product: ProductRow;
  owner: Owner;
  secretBox: SecretBox;
  machineNumbers?: string;
}): LicenceKeys {
  const { product, owner, secretBox } = options;
  const fileFor = (publicKey: string, sealedPrivateKey: string) => {
    const key = signingKey(publicKey, sealedPrivateKey, secretBox);
    return key
      ? createKeyFile({
          appName: product.name,
          userName: owner.name || owner.email,
          userEmail: owner.email,
          machineNumbers: options.machineNumbers ?? '',
          privateKey: key,
        })
      : '';
  };
  return {
    serialNew: fileFor(product.public_key, product.private_key_sealed),
    serial2048: product.use_rsa_2048 ? fileFor(product.public_key_2048, product.private_key_2048_sealed) : '',
  };
}

/** The key file a device gets: bound to its Device ID, signed with the key the current releases use. */
export function createDeviceKeyFile(options: { product: ProductRow; owner: Owner; secretBox: SecretBox; deviceId: string }): string {
  const keys = createLicenceKeys({ ...options, machineNumbers: options.deviceId });
  return options.product.use_rsa_2048 && keys.serial2048 ? keys.serial2048 : keys.serialNew;
}
