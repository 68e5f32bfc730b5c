// The bundle module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { createBundleService, type BundleService } from './bundle-admin.service.js';
export { bundleRoutes } from './bundle.routes.js';
export {
  findCatalogueOfPaths,
  listBundleContents,
  listBundlesOwnedInPart,
  priceBundleForPerson,
  type CatalogueOfPaths,
} from './bundle.service.js';
