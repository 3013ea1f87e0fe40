/**
 * The `config` attribute of the widget's elements: JSON, read into the same object the `config`
 * property takes. A value that is not JSON is kept as an {@link UnparsableConfig}, so the element
 * can say so (a `velvet-error` event and `onError`) instead of quietly using its defaults; the
 * usual cause is a framework that set an object as an attribute (`config="[object Object]"`)
 * because the element was not defined yet when the page rendered.
 */

/** The `errorType` of the `velvet-error` that reports a `config` attribute that is not JSON. */
export const INVALID_CONFIG_ERROR = 'invalid_config';

/** What the `config` attribute held when it was not JSON. */
export class UnparsableConfig {
  constructor(
    /** The attribute's text. */
    readonly text: string,
    /** What `JSON.parse` said. */
    readonly reason: string,
  ) {}
}

/**
 * The message for a `config` attribute that is not JSON, in the style of the spec's
 * configuration errors (`Error: …`). For `[object Object]` it names the likely cause and the fix.
 */
export function unparsableConfigMessage(tag: string, config: UnparsableConfig): string {
  const text = config.text.trim();
  if (/^\[object \w+\]$/.test(text)) {
    return `Error: The config attribute of <${tag}> reads "${text}", not JSON: an object was set as an attribute, usually because the page rendered before the widget's script defined <${tag}>. Load the script first, set the config property (in Vue: :config.prop), or pass JSON.`;
  }
  return `Error: The config attribute of <${tag}> is not valid JSON (${config.reason}). Set the config property to an object, or the attribute to JSON.`;
}

/** Lit's converter for `config`: an object as a property, JSON as an attribute. */
export const configConverter = {
  fromAttribute(value: string | null): unknown {
    if (value === null || value.trim() === '') return undefined;
    try {
      return JSON.parse(value);
    } catch (error) {
      return new UnparsableConfig(value, error instanceof Error ? error.message : String(error));
    }
  },
  toAttribute(value: unknown): string {
    return JSON.stringify(value);
  },
};
