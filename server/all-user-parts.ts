/**
 * Every registered product's part of the user (see `UserPart`), in the registry's order: what
 * the server, its CLI and the tests hand `Store.open`, so the users product names none of them.
 */
import { serverProducts } from './products/registry.js';

/** The products' parts of the user, in the order their fields come in the user body. */
export const ALL_USER_PARTS = serverProducts.flatMap((product) => product.userParts ?? []);
