/**
 * The widget release the server serves, from its `/widget/integrity.json` (written by
 * `npm run build`, `scripts/widget-versions.ts`): the version and the entry's integrity hash, for
 * an embed code that pins `/widget/v<version>/velvet.js`.
 */

/** A release of the widget's entry, `velvet.js`. */
export interface WidgetRelease {
  /** The version, e.g. `0.1.0`: the entry is at `/widget/v<version>/velvet.js`. */
  readonly version: string;
  /** `velvet.js`'s Subresource Integrity hash, `sha384-…`. */
  readonly integrity: string;
}

/** The release in the text of an `integrity.json`; undefined when it does not name one. */
export function parseWidgetRelease(json: unknown): WidgetRelease | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { version, files } = json as { version?: unknown; files?: unknown };
  const integrity =
    typeof files === 'object' && files !== null
      ? (files as Record<string, unknown>)['velvet.js']
      : undefined;
  if (typeof version !== 'string' || !/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(version)) {
    return undefined;
  }
  if (typeof integrity !== 'string' || !/^sha384-[A-Za-z0-9+/]+=*$/.test(integrity)) {
    return undefined;
  }
  return { version, integrity };
}

/**
 * The release the server at `origin` serves; undefined when it has none to say (a widget built
 * before versions, or no answer), and the embed code then uses the `/widget/velvet.js` alias.
 */
export async function fetchWidgetRelease(origin: string): Promise<WidgetRelease | undefined> {
  try {
    const response = await fetch(`${origin}/widget/integrity.json`);
    return response.ok ? parseWidgetRelease(await response.json()) : undefined;
  } catch {
    return undefined;
  }
}
