/** Which of the page's `provider_*` query parameters pass on to the provider's authorization page. */

/** The parameters of an OAuth authorization request that the flow itself sets. */
export const FLOW_PARAMS = [
  'client_id',
  'client_key',
  'redirect_uri',
  'response_type',
  'response_mode',
  'state',
  'nonce',
  'scope',
  'code_challenge',
  'code_challenge_method',
] as const;

/** Parameters the page may not set through `provider_*`: the flow's own. */
const RESERVED = new Set<string>([...FLOW_PARAMS, 'request', 'request_uri']);

/** Whether a `provider_*` parameter name is one the page may pass on. */
export function isPassableParam(name: string): boolean {
  return /^[a-z][a-z0-9_.-]{0,63}$/i.test(name) && !RESERVED.has(name.toLowerCase());
}
