/** The users product: `/users/*` and the users, phone numbers and emails every product shares. */
import type { ServerProduct } from '../product.js';
import { userRoutes } from './user-routes.js';
import { usersErrors } from './users-errors.js';
import { userMigrations } from './users-tables.js';

/** The users product. */
export const usersProduct: ServerProduct = {
  migrations: userMigrations,
  errors: usersErrors,
  register(sdk, { store, limiter }) {
    userRoutes(sdk, { store, limiter });
  },
};
