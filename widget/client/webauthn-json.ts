/**
 * The JSON form of WebAuthn options and credentials (base64url for every byte string), as the
 * API sends and takes them, converted to and from the platform's `navigator.credentials` types.
 * Written against the platform API directly (as github/webauthn-json, which Stytch's SDK uses),
 * so it costs a few hundred bytes and no dependency.
 */
import { encodeBase64Url } from './base64.js';
import type { JsonObject } from './type-checks.js';

/** Bytes of a base64url (or base64) string. */
export function decodeBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytes(buffer: ArrayBuffer | ArrayBufferView | null | undefined): string | undefined {
  if (!buffer) return undefined;
  const view =
    buffer instanceof ArrayBuffer
      ? new Uint8Array(buffer)
      : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  return encodeBase64Url(view);
}

interface DescriptorJson {
  id: string;
  type?: string;
  transports?: string[];
}

function descriptors(list: unknown): PublicKeyCredentialDescriptor[] | undefined {
  if (!Array.isArray(list)) return undefined;
  return (list as DescriptorJson[]).map((d) => ({
    type: 'public-key',
    id: decodeBase64Url(d.id),
    ...(d.transports ? { transports: d.transports as AuthenticatorTransport[] } : {}),
  }));
}

/** `public_key_credential_creation_options` (parsed JSON) → `create()`'s `publicKey`. */
export function creationOptionsFromJson(json: JsonObject): PublicKeyCredentialCreationOptions {
  const user = json.user as { id: string; name: string; displayName: string };
  const exclude = descriptors(json.excludeCredentials);
  return {
    ...(json as unknown as PublicKeyCredentialCreationOptions),
    challenge: decodeBase64Url(String(json.challenge)),
    user: { ...user, id: decodeBase64Url(user.id) },
    ...(exclude ? { excludeCredentials: exclude } : {}),
  };
}

/** `public_key_credential_request_options` (parsed JSON) → `get()`'s `publicKey`. */
export function requestOptionsFromJson(json: JsonObject): PublicKeyCredentialRequestOptions {
  const allow = descriptors(json.allowCredentials);
  return {
    ...(json as unknown as PublicKeyCredentialRequestOptions),
    challenge: decodeBase64Url(String(json.challenge)),
    ...(allow ? { allowCredentials: allow } : {}),
  };
}

/** A credential from `create()` or `get()` → the JSON `public_key_credential` holds. */
export function credentialToJson(credential: PublicKeyCredential): JsonObject {
  const response = credential.response;
  const common = {
    id: credential.id,
    rawId: bytes(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    clientExtensionResults: credential.getClientExtensionResults(),
  };
  if ('attestationObject' in response) {
    const attestation = response as AuthenticatorAttestationResponse;
    return {
      ...common,
      response: {
        clientDataJSON: bytes(attestation.clientDataJSON),
        attestationObject: bytes(attestation.attestationObject),
        transports: attestation.getTransports?.() ?? [],
      },
    };
  }
  const assertion = response as AuthenticatorAssertionResponse;
  return {
    ...common,
    response: {
      clientDataJSON: bytes(assertion.clientDataJSON),
      authenticatorData: bytes(assertion.authenticatorData),
      signature: bytes(assertion.signature),
      userHandle: bytes(assertion.userHandle),
    },
  };
}
