/**
 * Reading `public_key_credential`: the JSON string a browser's credential becomes (webauthn-json,
 * `PublicKeyCredential.toJSON()`, @simplewebauthn/browser all produce it), checked for shape
 * before anything is verified, so a malformed credential is a clear 400 and never reaches storage.
 */
import { createHash } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { ApiError } from '../../http/api-error.js';
import './passkeys-errors.js';

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

function invalid(reason: string): ApiError {
  return new ApiError(
    'invalid_public_key_credential',
    `Invalid public key credential: ${reason}. Please confirm you’re passing a correctly formatted public key credential.`,
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function base64url(value: unknown, name: string, required = true): string | undefined {
  if (value === undefined || value === null) {
    if (required) throw invalid(`${name} is missing`);
    return undefined;
  }
  if (typeof value !== 'string' || !BASE64URL.test(value) || (required && value === '')) {
    throw invalid(`${name} must be base64url`);
  }
  // Standard padding is tolerated; the verifier compares the unpadded form.
  return value.replace(/=+$/, '');
}

/** The parts every credential shares, with the client data decoded. */
interface ParsedCommon {
  id: string;
  clientDataJSON: string;
  /** The challenge the browser signed (base64url, as the options carried it). */
  challenge: string;
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment?: 'platform' | 'cross-platform';
}

function parseCommon(text: string, expectedType: 'webauthn.create' | 'webauthn.get') {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid('it is not JSON');
  }
  if (!isRecord(parsed)) throw invalid('it is not an object');
  if (parsed.type !== 'public-key') throw invalid('type must be "public-key"');
  const id = base64url(parsed.id ?? parsed.rawId, 'id') as string;
  const rawId = base64url(parsed.rawId ?? parsed.id, 'rawId') as string;
  if (id !== rawId) throw invalid('id and rawId differ');
  if (!isRecord(parsed.response)) throw invalid('response is missing');
  const response = parsed.response;
  const clientDataJSON = base64url(response.clientDataJSON, 'response.clientDataJSON') as string;
  let clientData: unknown;
  try {
    clientData = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
  } catch {
    throw invalid('response.clientDataJSON is not JSON');
  }
  if (!isRecord(clientData) || typeof clientData.challenge !== 'string') {
    throw invalid('response.clientDataJSON has no challenge');
  }
  if (clientData.type !== expectedType) {
    throw invalid(`response.clientDataJSON.type must be "${expectedType}"`);
  }
  const attachment = parsed.authenticatorAttachment;
  const common: ParsedCommon = {
    id,
    clientDataJSON,
    challenge: clientData.challenge,
    clientExtensionResults: isRecord(parsed.clientExtensionResults)
      ? parsed.clientExtensionResults
      : {},
    ...(attachment === 'platform' || attachment === 'cross-platform'
      ? { authenticatorAttachment: attachment }
      : {}),
  };
  return { common, response };
}

/** A registration credential, checked for shape. */
export function parseRegistrationCredential(text: string): {
  challenge: string;
  response: RegistrationResponseJSON;
} {
  const { common, response } = parseCommon(text, 'webauthn.create');
  const attestationObject = base64url(
    response.attestationObject,
    'response.attestationObject',
  ) as string;
  const transports = Array.isArray(response.transports)
    ? response.transports.filter((t): t is string => typeof t === 'string').slice(0, 10)
    : [];
  return {
    challenge: common.challenge,
    response: {
      id: common.id,
      rawId: common.id,
      type: 'public-key',
      clientExtensionResults: common.clientExtensionResults,
      ...(common.authenticatorAttachment
        ? { authenticatorAttachment: common.authenticatorAttachment }
        : {}),
      response: {
        clientDataJSON: common.clientDataJSON,
        attestationObject,
        transports: transports as RegistrationResponseJSON['response']['transports'],
      },
    },
  };
}

/** An authentication credential, checked for shape. */
export function parseAuthenticationCredential(text: string): {
  challenge: string;
  response: AuthenticationResponseJSON;
} {
  const { common, response } = parseCommon(text, 'webauthn.get');
  const authenticatorData = base64url(
    response.authenticatorData,
    'response.authenticatorData',
  ) as string;
  const signature = base64url(response.signature, 'response.signature') as string;
  const userHandle = base64url(response.userHandle, 'response.userHandle', false);
  return {
    challenge: common.challenge,
    response: {
      id: common.id,
      rawId: common.id,
      type: 'public-key',
      clientExtensionResults: common.clientExtensionResults,
      ...(common.authenticatorAttachment
        ? { authenticatorAttachment: common.authenticatorAttachment }
        : {}),
      response: {
        clientDataJSON: common.clientDataJSON,
        authenticatorData,
        signature,
        ...(userHandle ? { userHandle } : {}),
      },
    },
  };
}

/** How a challenge is stored: SHA-256 of its base64url text, base64url. */
export function challengeHash(challenge: string): string {
  return createHash('sha256').update(challenge.replace(/=+$/, '')).digest('base64url');
}
