/**
 * What the development identity provider says about the person, in each provider's own shape:
 * the user API answers of the ten providers that are not OpenID Connect (GitHub's `/user` and
 * `/user/emails`, Discord's `/users/@me`, TikTok's `data.user`, …) and the ID token claims of
 * the nine that are. Pictures are left out: the readers take only https ones.
 */
import { DEVELOPMENT_API_PATHS } from './development-endpoints.js';
import { nameParts, type TestIdentity } from './test-identities.js';

type Json = Record<string, unknown>;

/** The person behind an access token. */
export interface Person {
  subject: string;
  identity: TestIdentity;
}

/** `{email}` when the person shares one. */
const emailOf = ({ identity }: Person): Json => (identity.email ? { email: identity.email } : {});

/** The user API answer of each provider (the first resource its reader fetches). */
const USER_ANSWERS: Readonly<Record<string, (person: Person) => Json>> = {
  github: (p) => ({
    id: p.subject,
    login: p.identity.name.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-'),
    name: p.identity.name,
    ...emailOf(p),
  }),
  bitbucket: (p) => ({
    uuid: `{${p.subject}}`,
    account_id: p.subject,
    display_name: p.identity.name,
  }),
  facebook: (p) => {
    const { given, family } = nameParts(p.identity);
    return {
      id: p.subject,
      name: p.identity.name,
      first_name: given,
      last_name: family,
      ...emailOf(p),
    };
  },
  discord: (p) => ({
    id: p.subject,
    username: p.identity.name.toLowerCase().replaceAll(' ', ''),
    global_name: p.identity.name,
    avatar: null,
    ...emailOf(p),
    verified: p.identity.emailVerified,
  }),
  amazon: (p) => ({ user_id: p.subject, name: p.identity.name, ...emailOf(p) }),
  coinbase: (p) => ({ data: { id: p.subject, name: p.identity.name, ...emailOf(p) } }),
  twitter: (p) => ({
    data: { id: p.subject, name: p.identity.name, username: p.identity.name.replaceAll(' ', '') },
  }),
  tiktok: (p) => ({
    data: { user: { open_id: p.subject, union_id: p.subject, display_name: p.identity.name } },
    error: { code: 'ok', message: '' },
  }),
  snapchat: (p) => ({ data: { me: { externalId: p.subject, displayName: p.identity.name } } }),
  figma: (p) => ({ id: p.subject, handle: p.identity.name, ...emailOf(p) }),
};

/** The email lists GitHub and Bitbucket keep beside the user (`/user/emails`). */
const EMAIL_ANSWERS: Readonly<Record<string, (person: Person) => unknown>> = {
  github: ({ identity }) =>
    identity.email
      ? [{ email: identity.email, primary: true, verified: identity.emailVerified }]
      : [],
  bitbucket: ({ identity }) => ({
    values: identity.email
      ? [{ email: identity.email, is_primary: true, is_confirmed: identity.emailVerified }]
      : [],
  }),
};

/**
 * The answer of `provider`'s user API at `path` (below `/dev/identity/<provider>`), or
 * `undefined` for a path the provider does not have.
 */
export function apiAnswer(provider: string, path: string, person: Person): unknown {
  const userPath = DEVELOPMENT_API_PATHS[provider]?.split('?')[0];
  if (userPath === undefined) return undefined;
  if (path === userPath) return USER_ANSWERS[provider]?.(person);
  if (path === `${userPath}/emails`) return EMAIL_ANSWERS[provider]?.(person);
  return undefined;
}

/** The OpenID Connect claims about the person (ID token and userinfo), as `provider` writes them. */
export function personClaims(provider: string, person: Person): Json {
  const { identity } = person;
  const { given, family } = nameParts(identity);
  return {
    sub: person.subject,
    name: identity.name,
    given_name: given,
    ...(family && { family_name: family }),
    ...(identity.email && {
      email: identity.email,
      // Apple writes the flag as a string.
      email_verified:
        provider === 'apple' ? String(identity.emailVerified) : identity.emailVerified,
    }),
  };
}
