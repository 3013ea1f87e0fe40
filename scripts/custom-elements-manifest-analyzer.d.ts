/**
 * What `@custom-elements-manifest/analyzer` exports at run time but its own types leave out:
 * `create` (the programmatic API) and `ts`, the TypeScript it parses with (its own 5.x; the
 * project's tsc 7 has no JavaScript API). The Lit plugin is declared in
 * `custom-elements-manifest-lit-plugin.d.ts`.
 */
import type { Package } from 'custom-elements-manifest/schema';

/** A module parsed by the analyzer's TypeScript. */
export interface AnalyzerSourceFile {
  readonly fileName: string;
}

declare module '@custom-elements-manifest/analyzer' {
  /** The analyzer's TypeScript: what the manifest build uses of it. */
  export const ts: {
    readonly ScriptTarget: { readonly ES2022: number };
    readonly SyntaxKind: {
      readonly VariableDeclaration: number;
      readonly Identifier: number;
      readonly StringLiteral: number;
      readonly ClassDeclaration: number;
      readonly Decorator: number;
      readonly CallExpression: number;
    };
    createSourceFile(
      fileName: string,
      sourceText: string,
      languageVersion: number,
      setParentNodes: boolean,
    ): AnalyzerSourceFile;
  };

  /** Analyses parsed modules into a manifest, running the built-in features and `plugins`. */
  export function create(options: {
    modules: readonly AnalyzerSourceFile[];
    plugins?: readonly unknown[];
    context?: { dev?: boolean };
  }): Package;
}
