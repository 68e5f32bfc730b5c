import { juceTrialRequest } from '@store/contracts/trial';
import { juceFormPlugin } from '../../plugins/juce-form.js';
import { describeTrial, startTrial } from './trial.service.js';

/**
 * POST /juce/trial: a plug-in asks for a trial of its computer, in the style of JUCE's online unlock (form fields
 * product, mach, os and an optional email; an expiring key in the XML reply, plugins/juce-form.ts). No account.
 */
export const juceTrialRoutes = juceFormPlugin('trial', (app, route) => {
  route('/juce/trial', juceTrialRequest, async (request) => {
    const grant = await startTrial({
      db: app.db,
      products: app.productCache,
      secretBox: app.secretBox,
      signer: app.keyFileSigner,
      ip: request.ip,
      productName: request.body.product.trim(),
      deviceId: request.body.mach.trim(),
      email: request.body.email.trim(),
      deviceName: request.body.os.trim(),
      source: 'plugin',
      isExactNameRequired: true,
    });
    return { message: describeTrial(grant), keyFile: grant.keyFile };
  });
});
