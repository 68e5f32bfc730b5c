import { juceRenewRequest, juceUnlockRequest } from '@store/contracts/licence';
import { juceFormPlugin } from '../../plugins/juce-form.js';

/**
 * POST /juce/unlock, JUCE's online unlock protocol, and POST /juce/renew, the renewal of clients/juce's expiring keys
 * in the same form (decision 041): form fields in, XML out, always HTTP 200 (plugins/juce-form.ts).
 */
export const juceUnlockRoutes = juceFormPlugin('unlock', (app, route) => {
  route('/juce/unlock', juceUnlockRequest, (request) => app.devices.unlockComputer({ fields: request.body, ip: request.ip }));

  route('/juce/renew', juceRenewRequest, (request) => app.devices.renewComputerKey({ fields: request.body }));
});
