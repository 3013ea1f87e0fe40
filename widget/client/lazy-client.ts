/**
 * A product's client that loads with its first call, so a page pays for the clients it uses:
 * `client.magicLinks`, `client.passwords`, `client.webauthn`, `client.cryptoWallets` are each a
 * lazy chunk, and the SMS passcode flow downloads none of them.
 */

/** The methods of a function that stay a function's on a stand-in method. */
const FUNCTION_METHODS = new Set(['call', 'apply', 'bind']);

/** How a lazy client gets its real client: a dynamic `import()` of the product's module. */
export type ClientLoader<T> = () => Promise<T>;

/**
 * A stand-in for the client `load` resolves, of the same shape: each of its methods, at any
 * depth (`magicLinks.email.loginOrCreate`), loads the real client on its first call (once;
 * again after a failed load) and calls the real method with the same arguments.
 *
 * Every method of a client loaded this way must return a promise (an `async` method); the
 * stand-in's methods do, so callers see the same results and rejections as from the real
 * client, only the first call waits for the chunk. The stand-in is not thenable, and its plain
 * values are not readable: a product client exposes methods and namespaces of methods only.
 */
export function lazyClient<T extends object>(load: ClientLoader<T>): T {
  let loading: Promise<T> | undefined;
  const real = (): Promise<T> => {
    if (!loading) {
      loading = load();
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  };
  /** The stand-in for the member at `path`: callable, and with members of its own. */
  const member = (path: readonly string[]): unknown => {
    const members = new Map<string, unknown>();
    const target = path.length === 0 ? {} : () => undefined;
    return new Proxy(target, {
      get(target, key) {
        // Never a promise (`await client.magicLinks` is the client itself), never a symbol.
        if (typeof key !== 'string' || key === 'then') return undefined;
        // `method.call(…)`, `.apply(…)`, `.bind(…)` are the function's own, and call the stand-in.
        if (typeof target === 'function' && FUNCTION_METHODS.has(key)) {
          return Reflect.get(target, key);
        }
        if (!members.has(key)) members.set(key, member([...path, key]));
        return members.get(key);
      },
      async apply(_target, _this, args: unknown[]) {
        let owner: Record<string, unknown> = (await real()) as Record<string, unknown>;
        for (const key of path.slice(0, -1)) owner = owner[key] as Record<string, unknown>;
        const method = owner[path[path.length - 1] as string] as (...args: unknown[]) => unknown;
        return method.apply(owner, args);
      },
    });
  };
  return member([]) as T;
}
