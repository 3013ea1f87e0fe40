/** Launch flags that work headless as root on our machines and in CI. */
export declare const CHROMIUM_ARGS: string[];
/** The path of a Chromium executable. */
export declare function chromiumPath(): Promise<string>;
