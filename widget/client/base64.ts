/** Base64 helpers that are safe for any Unicode text (plain `btoa` only takes Latin-1). */

/** Standard base64 of the UTF-8 bytes of `text`, with padding. */
export function encodeBase64(text: string): string {
  return bytesToBase64(new TextEncoder().encode(text));
}

/** URL-safe base64 of `bytes` without padding (RFC 4648 section 5), as PKCE needs. */
export function encodeBase64Url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
