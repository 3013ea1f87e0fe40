import type { Plugin } from 'vite';

/** The virtual module the widget imports. */
export declare const PHONE_METADATA_ID: string;
/** Every country calling code the metadata knows, as strings (`'1'`, `'44'`…). */
export declare function phoneCallingCodes(): string[];
/** The module of one calling code, or `undefined` for a code the metadata does not know. */
export declare function callingCodeModule(code: string): string | undefined;
/** The loader module, importing each code's module from `specifier(code)`. */
export declare function loaderModule(specifier: (code: string) => string): string;
/**
 * The Vite plugin (build and dev server) that makes the modules; `staticImports` loads them
 * through literal `import()` paths (the npm package's build) instead of URLs built at run time.
 */
export declare function phoneMetadataVitePlugin(options?: { staticImports?: boolean }): Plugin;
/** The web-test-runner plugin that serves the same modules to the widget's browser tests. */
export declare function phoneMetadataTestRunnerPlugin(): {
  name: string;
  resolveImport(args: { source: string }): string | undefined;
  serve(context: { path: string }): { body: string; type: string } | undefined;
};
