/**
 * The whole database schema as one type, joined from the tables each folder
 * declares in its `*-tables.ts`. A new product adds its tables' interface here;
 * its migrations come with its `ServerProduct` (`products/registry.ts`), which
 * `all-migrations.ts` reads.
 */
import type { DeliveryTables } from '../delivery/outbox-tables.js';
import type { SigningKeyTables } from '../keys/signing-keys-tables.js';
import type { CryptoWalletTables } from '../products/crypto-wallets/crypto-wallets-tables.js';
import type { IdpTables } from '../products/idp/idp-tables.js';
import type { ImpersonationTables } from '../products/impersonation/impersonation-tables.js';
import type { MagicLinkTables } from '../products/magic-links/magic-links-tables.js';
import type { OAuthTables } from '../products/oauth/oauth-tables.js';
import type { OneTapTables } from '../products/oauth-one-tap/one-tap-tables.js';
import type { OtpTables } from '../products/otp/otp-tables.js';
import type { PasswordTables } from '../products/passwords/passwords-tables.js';
import type { AttestedTokenTables } from '../products/session-exchange/attested-tokens-tables.js';
import type { SessionTables } from '../products/sessions/sessions-tables.js';
import type { TotpTables } from '../products/totp/totp-tables.js';
import type { UserTables } from '../products/users/users-tables.js';
import type { WebAuthnTables } from '../products/webauthn/webauthn-tables.js';
import type { ProjectTables } from '../projects/projects-tables.js';
import type { RateLimitTables } from '../rate-limit/rate-limits-tables.js';
import type { TelemetryTables } from '../sdk/telemetry-tables.js';

/** Every table, by name. */
export interface Schema
  extends ProjectTables,
    SigningKeyTables,
    RateLimitTables,
    TelemetryTables,
    UserTables,
    SessionTables,
    OtpTables,
    DeliveryTables,
    PasswordTables,
    MagicLinkTables,
    WebAuthnTables,
    CryptoWalletTables,
    IdpTables,
    TotpTables,
    ImpersonationTables,
    OAuthTables,
    OneTapTables,
    AttestedTokenTables {}
