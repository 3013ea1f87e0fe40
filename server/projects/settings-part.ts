/**
 * What a product contributes to a project's settings: one key of the config file, with its JSON
 * schema, its defaults and the resolver that lays a config over them. A product lists its parts
 * in its `ServerProduct.settings` and augments `ProjectSettings` and `ProjectConfig` (in
 * `project-settings.ts`) with their types from its own `<name>-settings.ts`; the core merges the
 * parts of the registry's products, so adding a product never edits the core's settings.
 */

/** A JSON schema, as the config file's validator (Ajv) reads it. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** One key of a project's settings, owned by a product. */
export interface SettingsPart<K extends string = string, Config = unknown, Settings = unknown> {
  /** The key, in the config file and in `ProjectSettings` (`otp`, `passwords`, …). */
  readonly key: K;
  /** The JSON schema of the key's value in the config file. */
  readonly schema: JsonSchema;
  /** The settings of a project whose config leaves the key out. */
  readonly defaults: Settings;
  /** The complete settings: the config's values over the defaults (`defaults` when none). */
  resolve(config: Config | undefined): Settings;
}
