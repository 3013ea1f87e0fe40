/**
 * The chain libraries (viem for Ethereum, @noble/curves and @scure/base for Solana), loaded on
 * the first wallet request rather than at start: together they hold some 30 MiB, which a
 * server whose guests never sign in with a wallet does not spend. The service awaits
 * `loadChainLibraries()` before it reads an address or a signature; the functions that read
 * them then take the loaded libraries from `chainLibraries()`.
 */

/** The loaded libraries. */
export interface ChainLibraries {
  viem: typeof import('viem');
  siwe: typeof import('viem/siwe');
  ed25519: typeof import('@noble/curves/ed25519.js')['ed25519'];
  base58: typeof import('@scure/base')['base58'];
}

let loaded: ChainLibraries | undefined;
let loading: Promise<ChainLibraries> | undefined;

/** Loads the libraries (once). */
export function loadChainLibraries(): Promise<ChainLibraries> {
  loading ??= Promise.all([
    import('viem'),
    import('viem/siwe'),
    import('@noble/curves/ed25519.js'),
    import('@scure/base'),
  ]).then(([viem, siwe, curves, scure]) => {
    loaded = { viem, siwe, ed25519: curves.ed25519, base58: scure.base58 };
    return loaded;
  });
  return loading;
}

/**
 * The libraries, once `loadChainLibraries()` has resolved.
 * @throws Error before that.
 */
export function chainLibraries(): ChainLibraries {
  if (!loaded) throw new Error('await loadChainLibraries() before reading a wallet');
  return loaded;
}
