/**
 * A software authenticator for the server tests: real P-256 keys made with `node:crypto`, real
 * attestation objects (CBOR, `none` format) and real signed assertions, so the server's checks
 * run on genuine ceremonies. It can also misbehave on request (another origin, another RP ID,
 * no user verification) the way an attacker's client would.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** A credential the authenticator holds. */
export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  rpId: string;
  userHandle: Buffer;
  counter: number;
}

/** How to answer one ceremony. */
export interface CeremonyOptions {
  /** The page's origin, written into the client data. */
  origin: string;
  /** Sign for this RP ID instead of the one asked (an attacker's RP). */
  rpId?: string;
  /** Report user verification (default true). */
  userVerified?: boolean;
  /**
   * The credential to use: at sign-in, the one to sign with (the first of the RP otherwise);
   * at registration, one to present again instead of making a new one (an authenticator that
   * ignores `excludeCredentials`).
   */
  credential?: SoftCredential;
  /** The counter to report instead of the next one. */
  counter?: number;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

function b64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

function sha256(data: Uint8Array | string): Buffer {
  return createHash('sha256').update(data).digest();
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const x = Buffer.from(String(jwk.x), 'base64url');
  const y = Buffer.from(String(jwk.y), 'base64url');
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(x)],
      [-3, new Uint8Array(y)],
    ]),
  );
}

function flags(userVerified: boolean, extra = 0): number {
  return FLAG_UP | (userVerified ? FLAG_UV : 0) | FLAG_BE | FLAG_BS | extra;
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

/** A passkey provider with resident credentials and user verification. */
export class SoftwareAuthenticator {
  readonly credentials: SoftCredential[] = [];

  /** Answers `navigator.credentials.create()` for `optionsJson`; returns the credential JSON. */
  register(optionsJson: string, ceremony: CeremonyOptions): string {
    // biome-ignore lint/suspicious/noExplicitAny: the options are JSON from the server.
    const options: any = JSON.parse(optionsJson);
    const rpId: string = ceremony.rpId ?? options.rp.id;
    const keys = ceremony.credential ?? generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const { privateKey, publicKey } = keys;
    const credential: SoftCredential = {
      id: ceremony.credential?.id ?? randomBytes(32),
      privateKey,
      publicKey,
      rpId,
      userHandle: Buffer.from(options.user.id, 'base64url'),
      counter: 0,
    };
    const clientData = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: ceremony.origin,
      crossOrigin: false,
    });
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags(ceremony.userVerified ?? true, FLAG_AT)]),
      counterBytes(ceremony.counter ?? 0),
      Buffer.alloc(16), // AAGUID
      idLength,
      credential.id,
      Buffer.from(coseKey(publicKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    if (!ceremony.credential) this.credentials.push(credential);
    return JSON.stringify({
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(Buffer.from(clientData)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    });
  }

  /** Answers `navigator.credentials.get()` for `optionsJson`; returns the credential JSON. */
  authenticate(optionsJson: string, ceremony: CeremonyOptions): string {
    // biome-ignore lint/suspicious/noExplicitAny: the options are JSON from the server.
    const options: any = JSON.parse(optionsJson);
    const rpId: string = ceremony.rpId ?? options.rpId;
    const credential =
      ceremony.credential ?? this.credentials.find((c) => c.rpId === (options.rpId as string));
    if (!credential) throw new Error(`no credential for ${rpId}`);
    credential.counter = ceremony.counter ?? credential.counter + 1;
    const clientData = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: ceremony.origin,
        crossOrigin: false,
      }),
    );
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags(ceremony.userVerified ?? true)]),
      counterBytes(credential.counter),
    ]);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientData)]),
      credential.privateKey,
    );
    return JSON.stringify({
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: b64url(credential.userHandle),
      },
    });
  }
}
