// The product module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { createProductCache, type ProductCache } from './product-cache.js';
export { isBundleProduct, type ProductRow } from './product.repository.js';
export { productRoutes } from './product.routes.js';
export { createProductService, findProductById, findProductByName, findProductByPath, type ProductService } from './product.service.js';
export { saveBundleProduct } from './bundle-product.service.js';
