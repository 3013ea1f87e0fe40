/**
 * `client.user`: the signed-in user. Reads come from the session synchronously or from
 * `GET /users/me`; changes go to `PUT /users/me` and the deletion endpoints. Every answer that
 * carries the user updates the session, so subscribers see the new user.
 */

import {
  isUser,
  isUserResponse,
  isUserSearchResponse,
  isUserUpdateResponse,
  type User,
  type UserResponse,
  type UserSearchResponse,
  type UserUpdateResponse,
} from './api-types.js';
import { NoCurrentSessionError } from './errors.js';
import type { HttpClient } from './http-client.js';
import type { SessionManager } from './session-manager.js';
import {
  checkListener,
  checkObject,
  checkOptions,
  checkString,
  type JsonObject,
} from './type-checks.js';

/** What {@link UsersClient.update} may change. */
export interface UserUpdateOptions {
  /** Replaces the user's untrusted metadata. */
  readonly untrusted_metadata: JsonObject;
}

/** `client.user`. */
export class UsersClient {
  private readonly http: HttpClient;
  private readonly sessions: SessionManager;

  constructor(http: HttpClient, sessions: SessionManager) {
    this.http = http;
    this.sessions = sessions;
  }

  /** The user of the current session, or `null` when signed out. Never waits. */
  getSync(): User | null {
    return this.sessions.data?.user ?? null;
  }

  /** Calls `listener` with the user (or `null`) on every session change; returns unsubscribe. */
  onChange(listener: (user: User | null) => void): () => void {
    checkListener('client.user.onChange', listener);
    return this.sessions.onChange((change) => listener(change.data?.user ?? null));
  }

  /** `GET /users/me`: the signed-in user, fresh from the server. */
  async get(): Promise<UserResponse> {
    this.requireSession('client.user.get()');
    const response = await this.http.get('/users/me', isUserResponse);
    this.sessions.updateUser(stripEnvelope(response));
    return response;
  }

  /** `PUT /users/me {untrusted_metadata}`. */
  async update(options: UserUpdateOptions): Promise<UserUpdateResponse> {
    checkOptions('client.user.update', options, '{ untrusted_metadata: {} }', { required: true });
    checkObject('untrusted_metadata', options.untrusted_metadata);
    this.requireSession('client.user.update()');
    const response = await this.http.put(
      '/users/me',
      { untrusted_metadata: options.untrusted_metadata },
      isUserUpdateResponse,
    );
    this.adoptUser(response);
    return response;
  }

  /** `DELETE /users/emails/{email_id}`. */
  async deleteEmail(emailId: string): Promise<UserUpdateResponse> {
    checkString('email_id', emailId);
    return this.remove(`/users/emails/${encodeURIComponent(emailId)}`, 'client.user.deleteEmail()');
  }

  /** `DELETE /users/phone_numbers/{phone_id}`. */
  async deletePhoneNumber(phoneId: string): Promise<UserUpdateResponse> {
    checkString('phone_id', phoneId);
    return this.remove(
      `/users/phone_numbers/${encodeURIComponent(phoneId)}`,
      'client.user.deletePhoneNumber()',
    );
  }

  /** `DELETE /users/webauthn_registrations/{webauthn_registration_id}`: removes a passkey. */
  async deleteWebauthnRegistration(webauthnRegistrationId: string): Promise<UserUpdateResponse> {
    checkString('webauthn_registration_id', webauthnRegistrationId);
    return this.remove(
      `/users/webauthn_registrations/${encodeURIComponent(webauthnRegistrationId)}`,
      'client.user.deleteWebauthnRegistration()',
    );
  }

  /** `DELETE /users/crypto_wallets/{id}`: removes one of the user's crypto wallets. */
  async deleteCryptoWallet(cryptoWalletId: string): Promise<UserUpdateResponse> {
    checkString('crypto_wallet_id', cryptoWalletId);
    return this.remove(
      `/users/crypto_wallets/${encodeURIComponent(cryptoWalletId)}`,
      'client.user.deleteCryptoWallet()',
    );
  }

  /** `DELETE /users/totps/{totp_id}`: removes the user's authenticator app. */
  async deleteTOTP(totpId: string): Promise<UserUpdateResponse> {
    checkString('totp_id', totpId);
    return this.remove(`/users/totps/${encodeURIComponent(totpId)}`, 'client.user.deleteTOTP()');
  }

  /** `DELETE /users/biometric_registrations/{id}` (biometrics come from mobile SDKs). */
  async deleteBiometricRegistration(biometricRegistrationId: string): Promise<UserUpdateResponse> {
    checkString('biometric_registration_id', biometricRegistrationId);
    return this.remove(
      `/users/biometric_registrations/${encodeURIComponent(biometricRegistrationId)}`,
      'client.user.deleteBiometricRegistration()',
    );
  }

  /** `POST /users/search {email}`: whether the address is new, has a password, or neither. */
  async search(email: string): Promise<UserSearchResponse> {
    checkString('email', email);
    return this.http.post('/users/search', { email }, isUserSearchResponse);
  }

  private async remove(path: string, method: string): Promise<UserUpdateResponse> {
    this.requireSession(method);
    const response = await this.http.delete(path, isUserUpdateResponse);
    this.adoptUser(response);
    return response;
  }

  /** Takes the updated user from an answer: its `user` or `__user` field, or the flat body. */
  private adoptUser(response: JsonObject): void {
    if (isUser(response.user)) this.sessions.updateUser(response.user);
    else if (isUser(response.__user)) this.sessions.updateUser(response.__user);
    else if (isUser(response)) this.sessions.updateUser(stripEnvelope(response));
  }

  /** Throws {@link NoCurrentSessionError} naming `method` when signed out. */
  private requireSession(method: string): void {
    if (!this.sessions.data) throw new NoCurrentSessionError(method);
  }
}

function stripEnvelope(body: User & JsonObject): User {
  const { request_id: _requestId, status_code: _statusCode, ...user } = body;
  return user as User;
}
