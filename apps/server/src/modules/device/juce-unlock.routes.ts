import { juceRenewRequest, juceUnlockRequest } from '@store/contracts/licence';
import { renewComputerKeyFlow, unlockComputerFlow } from '../../flows/register-computer.flow.js';
import { juceFormPlugin } from '../../plugins/juce-form.js';

/**
 * POST /juce/unlock, JUCE's online unlock protocol, and POST /juce/renew, the renewal of clients/juce's expiring keys
 * in the same form (decision 041): form fields in, XML out, always HTTP 200 (plugins/juce-form.ts).
 */
export const juceUnlockRoutes = juceFormPlugin('unlock', (app, route) => {
  route('/juce/unlock', juceUnlockRequest, (request) =>
    unlockComputerFlow({
      db: app.db,
      products: app.productCache,
      secretBox: app.secretBox,
      signer: app.keyFileSigner,
      fields: request.body,
      ip: request.ip,
      publicUrl: app.config.PUBLIC_URL ?? 'our website',
    }),
  );

  route('/juce/renew', juceRenewRequest, (request) =>
    renewComputerKeyFlow({
      db: app.db,
      products: app.productCache,
      secretBox: app.secretBox,
      signer: app.keyFileSigner,
      fields: request.body,
    }),
  );
});
