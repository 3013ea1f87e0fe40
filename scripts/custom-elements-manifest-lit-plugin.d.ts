/** The analyzer's Lit plugin, which its package ships without types. */
declare module '@custom-elements-manifest/analyzer/src/features/framework-plugins/lit/lit.js' {
  /** Lit support: `@customElement`, `@property` (attribute names, types, reflection), `@state`. */
  export function litPlugin(): unknown[];
}
