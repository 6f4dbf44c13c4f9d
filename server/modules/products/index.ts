/** The products module's public face: what other modules, the composition root, seed data and tests use. */
export { OPTION_KINDS, type OptionKind } from './catalogue-options';
export { isImageUpload } from './product-images.routes';
export { saveProduct } from './product-write';
export { productRoutes } from './products.routes';
export { productSearchText, variantSearchText } from './search-text';
export { variantRecordsById } from './variant-record';
export { productsServerSync } from './products.sync';
