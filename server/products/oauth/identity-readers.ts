/**
 * Who signed in, read from what the provider gave: the ID token's claims (OpenID Connect), or one
 * small reader per API shape (GitHub's `/user` and `/user/emails`, Discord's `/users/@me`, …).
 * An email counts as verified only when the provider says so.
 */
import type { IdentityShape } from './oauth-providers.js';
import {
  fetchJson,
  fetchUserInfo,
  type ProviderClient,
  type ProviderTokens,
} from './provider-client.js';

/** The user as the provider knows them. */
export interface ProviderIdentity {
  /** The provider's stable id of the user (`sub`). */
  subject: string;
  /** Lower-cased email, when the provider shares one. */
  email?: string;
  /** Whether the provider vouches that the user owns `email`. */
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
  pictureUrl?: string;
  locale?: string;
}

type Json = Record<string, unknown>;

function obj(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : {};
}
function str(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}
/** `true`, or Apple's `"true"`. */
function yes(value: unknown): boolean {
  return value === true || value === 'true';
}
function email(value: unknown): string | undefined {
  const text = str(value);
  return text && /^[^\s@]+@[^\s@]+$/.test(text) ? text.toLowerCase() : undefined;
}
function subject(value: unknown, provider: string): string {
  const text = str(value);
  if (!text) throw new Error(`${provider} named no user id`);
  return text.slice(0, 255);
}
function splitName(full: unknown): { firstName?: string; lastName?: string } {
  const text = str(full)?.trim();
  if (!text) return {};
  const space = text.indexOf(' ');
  return space < 0
    ? { firstName: text }
    : { firstName: text.slice(0, space), lastName: text.slice(space + 1) };
}
/** The user-info URL's sibling resource (`/user` → `/user/emails`). */
function beside(url: string, leaf: string): string {
  const base = new URL(url);
  base.search = '';
  base.pathname = `${base.pathname.replace(/\/$/, '')}/${leaf}`;
  return base.toString();
}

/** The context a reader gets. */
interface ReaderInput {
  provider: ProviderClient;
  tokens: ProviderTokens;
  accessToken: string;
  userInfoUrl: string | undefined;
}

function userInfoUrl(input: ReaderInput): string {
  if (!input.userInfoUrl) throw new Error(`${input.provider.definition.name} has no user-info URL`);
  return input.userInfoUrl;
}
const get = (input: ReaderInput, url = userInfoUrl(input)) =>
  fetchJson(input.provider, input.accessToken, url).then(obj);

/** One reader per shape. */
const READERS: Record<IdentityShape, (input: ReaderInput) => Promise<ProviderIdentity>> = {
  async oidc(input) {
    let claims: Json = obj(input.tokens.claims());
    const sub = subject(claims.sub, input.provider.definition.name);
    if (!email(claims.email) && input.provider.config.serverMetadata().userinfo_endpoint) {
      claims = { ...(await fetchUserInfo(input.provider, input.accessToken, sub)), ...claims };
    }
    const given = str(claims.given_name);
    return {
      subject: sub,
      email: email(claims.email),
      emailVerified: yes(claims.email_verified),
      ...(given ? { firstName: given, lastName: str(claims.family_name) } : splitName(claims.name)),
      pictureUrl: str(claims.picture),
      locale: str(claims.locale),
    };
  },
  async github(input) {
    const user = await get(input);
    const emails = await fetchJson(
      input.provider,
      input.accessToken,
      beside(userInfoUrl(input), 'emails'),
    );
    const list = Array.isArray(emails) ? emails.map(obj) : [];
    const chosen =
      list.find((e) => e.primary === true && e.verified === true) ??
      list.find((e) => e.verified === true);
    return {
      subject: subject(user.id, 'github'),
      email: email(chosen?.email ?? user.email),
      emailVerified: chosen !== undefined,
      ...splitName(user.name ?? user.login),
      pictureUrl: str(user.avatar_url),
    };
  },
  async discord(input) {
    const user = await get(input);
    const id = subject(user.id, 'discord');
    return {
      subject: id,
      email: email(user.email),
      emailVerified: user.verified === true,
      ...splitName(user.global_name ?? user.username),
      pictureUrl: str(user.avatar)
        ? `https://cdn.discordapp.com/avatars/${id}/${str(user.avatar)}.png`
        : undefined,
    };
  },
  async bitbucket(input) {
    const user = await get(input);
    const emails = obj(
      await fetchJson(input.provider, input.accessToken, beside(userInfoUrl(input), 'emails')),
    );
    const list = Array.isArray(emails.values) ? emails.values.map(obj) : [];
    const chosen = list.find((e) => e.is_primary === true && e.is_confirmed === true);
    return {
      subject: subject(user.uuid ?? user.account_id, 'bitbucket'),
      email: email(chosen?.email),
      emailVerified: chosen !== undefined,
      ...splitName(user.display_name),
      pictureUrl: str(obj(obj(user.links).avatar).href),
    };
  },
  async facebook(input) {
    const user = await get(input);
    return {
      subject: subject(user.id, 'facebook'),
      // Facebook does not say whether the address was confirmed: it is never used to link.
      email: email(user.email),
      emailVerified: false,
      firstName: str(user.first_name) ?? splitName(user.name).firstName,
      lastName: str(user.last_name) ?? splitName(user.name).lastName,
      pictureUrl: str(obj(obj(user.picture).data).url),
    };
  },
  async coinbase(input) {
    const user = obj((await get(input)).data);
    return {
      subject: subject(user.id, 'coinbase'),
      email: email(user.email),
      emailVerified: false,
      ...splitName(user.name),
      pictureUrl: str(user.avatar_url),
    };
  },
  async amazon(input) {
    const user = await get(input);
    return {
      subject: subject(user.user_id, 'amazon'),
      email: email(user.email),
      emailVerified: false,
      ...splitName(user.name),
    };
  },
  async twitter(input) {
    const user = obj((await get(input)).data);
    return {
      subject: subject(user.id, 'twitter'),
      emailVerified: false,
      ...splitName(user.name ?? user.username),
      pictureUrl: str(user.profile_image_url),
    };
  },
  async tiktok(input) {
    const user = obj(obj((await get(input)).data).user);
    return {
      subject: subject(user.open_id, 'tiktok'),
      emailVerified: false,
      ...splitName(user.display_name),
      pictureUrl: str(user.avatar_url),
    };
  },
  async snapchat(input) {
    const me = obj(obj((await get(input)).data).me);
    return {
      subject: subject(me.externalId, 'snapchat'),
      emailVerified: false,
      ...splitName(me.displayName),
      pictureUrl: str(obj(me.bitmoji).avatar),
    };
  },
  async figma(input) {
    const user = await get(input);
    return {
      subject: subject(user.id, 'figma'),
      email: email(user.email),
      emailVerified: false,
      ...splitName(user.handle),
      pictureUrl: str(user.img_url),
    };
  },
};

/** Reads who signed in from the provider's tokens (and its API where the shape needs it). */
export async function readIdentity(
  provider: ProviderClient,
  tokens: ProviderTokens,
): Promise<ProviderIdentity> {
  const identity = await READERS[provider.definition.identity]({
    provider,
    tokens,
    accessToken: tokens.access_token,
    userInfoUrl: provider.config.serverMetadata().userinfo_endpoint,
  });
  // A name or address longer than any real one is cut rather than stored whole.
  return {
    ...identity,
    email: identity.email && identity.email.length <= 254 ? identity.email : undefined,
    emailVerified: identity.emailVerified && identity.email !== undefined,
    firstName: identity.firstName?.slice(0, 100),
    lastName: identity.lastName?.slice(0, 100),
    pictureUrl: identity.pictureUrl?.startsWith('https://')
      ? identity.pictureUrl.slice(0, 2048)
      : undefined,
    locale: identity.locale?.slice(0, 35),
  };
}
