/**
 * The pieces of JSON schema the settings of several products share: rate limits and exact URLs
 * (see `settings-part.ts`).
 */

/** A limit of `max` hits per `windowMinutes` (a `RateLimit`). */
export const rateLimitSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['max', 'windowMinutes'],
  properties: {
    max: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    windowMinutes: { type: 'integer', minimum: 1, maximum: 10_080 },
  },
} as const;

/** An object of rate limits by name (`perIp`, `perDestination`, …), each optional. */
export function rateLimitsSchema<const Name extends string>(...names: Name[]) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(names.map((name) => [name, rateLimitSchema])) as Record<
      Name,
      typeof rateLimitSchema
    >,
  } as const;
}

/** One exact http(s) URL, no fragment. */
export const exactUrlSchema = {
  type: 'string',
  pattern: '^https?://[^\\s#]+$',
  maxLength: 2048,
} as const;

/** A list of exact redirect URLs (http or https, no fragment). */
export const redirectUrlsSchema = {
  type: 'array',
  items: exactUrlSchema,
  uniqueItems: true,
  maxItems: 50,
} as const;
