/**
 * A resource client whose module loads on its first call, so products a page does not use
 * (TOTP, token exchange) cost the client library's chunk a few bytes, not their code.
 */

/** The async methods of `T`, as a lazily loaded client offers them. */
export type Lazy<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R>
    ? (...args: A) => Promise<R>
    : never;
};

/** A client that calls `load()` once, at its first method call, and delegates to the result. */
export function lazyClient<T extends object>(load: () => Promise<T>): Lazy<T> {
  let loaded: Promise<T> | undefined;
  return new Proxy({} as Lazy<T>, {
    get:
      (_target, name) =>
      async (...args: unknown[]) => {
        loaded ??= load();
        const client = (await loaded) as Record<PropertyKey, (...a: unknown[]) => unknown>;
        return client[name]?.(...args);
      },
  });
}
