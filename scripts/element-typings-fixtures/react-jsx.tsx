// Compiled by scripts/element-typings.test.ts against the generated typings (`types/` there).
import type {} from '../types/frameworks/react-jsx.js';
import type { VelvetEventDetail } from '../types/velvet.js';

export const signIn = (
  <velvet-login
    public-token="public-token-test"
    className="sign-in"
    config={{ products: ['otp'], otpOptions: { methods: ['sms'], expirationMinutes: 10 } }}
    onvelvet-event={(event) => {
      const detail: VelvetEventDetail = event.detail;
      return detail.type;
    }}
    onvelvet-error={(event) => event.detail.message}
  />
);

export const registration = (
  <velvet-passkey-registration publicToken="public-token-test" onvelvet-event={(e) => e.detail} />
);

export const consent = (
  <velvet-identity-provider search="?client_id=app" api-base="https://a.example" />
);

export const misspelt = (
  // @ts-expect-error `confgi` is not a property of <velvet-login>
  <velvet-login confgi={{ products: ['otp'] }} />
);

export const numberToken = (
  // @ts-expect-error the public token is a string
  <velvet-login public-token={42} />
);

export const wrongEvent = (
  // @ts-expect-error the error event's detail has no `type`
  <velvet-login onvelvet-error={(event) => event.detail.type} />
);
