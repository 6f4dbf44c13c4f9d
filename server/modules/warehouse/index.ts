/** The warehouse module's public face: what other modules, the composition root, seed data and tests use. */
export { baseQuantities, changeReserved, consume, lockStock } from './stock';
