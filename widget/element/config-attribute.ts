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
  ) {}
}

/**
 * The message for a `config` attribute that is not JSON, in the style of the spec's
 * configuration errors (`Error: …`). One message for every cause, kept short since it ships in
 * the first render: it quotes the attribute (`[object Object]` names the usual cause, an object
 * set as an attribute before the element was defined) and says both fixes.
 */
export function unparsableConfigMessage(tag: string, config: UnparsableConfig): string {
  return `Error: The config attribute of <${tag}> is not JSON: "${config.text}". Set the config property (Vue: :config.prop) or load the script first.`;
}

/** Lit's converter for `config`: JSON as an attribute (never reflected, so only read). */
export const configConverter = {
  fromAttribute(value: string | null): unknown {
    if (value === null || value.trim() === '') return undefined;
    try {
      return JSON.parse(value);
    } catch {
      return new UnparsableConfig(value);
    }
  },
};
