// The offer module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { listLicencesBoughtOn, revokeLicencesBoughtOn } from './bought-on.repository.js';
export { markLicencesBoughtThroughBundleQuote } from './bundle-quote.service.js';
export { offerRoutes } from './offer.routes.js';
export {
  checkOfferOfOrder,
  createOfferService,
  type OfferService,
  findUpgradeOfLicence,
  markLicenceBoughtThroughOffer,
  type OfferOfOrder,
} from './offer.service.js';
export { decryptSecurePayload, securePayloadKeyOf } from './secure-payload.js';
