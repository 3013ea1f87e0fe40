/** The passcode product: `/otps/*`, one-time passcodes by SMS, WhatsApp and email. */
import { failureThrottleOf } from '../../rate-limit/failure-throttle.js';
import type { ServerProduct } from '../product.js';
import { otpErrors } from './otp-errors.js';
import { otpRoutes } from './otp-routes.js';
import { OtpService } from './otp-service.js';
import { otpSettingsPart, smsSettingsPart } from './otp-settings.js';
import { otpMigrations } from './otp-tables.js';
import { PasscodeSuccessStatement } from './passcode-success.js';
import { PasscodesRepository } from './passcodes-repository.js';

/** How long an expired passcode is kept before housekeeping deletes it. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

/** The passcode product. */
export const otpProduct: ServerProduct = {
  migrations: otpMigrations,
  settings: [otpSettingsPart, smsSettingsPart],
  errors: otpErrors,
  register(sdk, context) {
    const { store } = context;
    const otp = new OtpService(
      {
        db: store.db,
        dialect: store.dialect,
        users: store.users,
        passcodes: new PasscodesRepository(store.db, store.users.reader),
        throttle: failureThrottleOf(context),
        success: store.dialect === 'postgres' ? new PasscodeSuccessStatement(store.db) : undefined,
      },
      context.sessions,
      context.limiter,
      context.delivery,
      context.secret,
      context.clock,
      context.log,
      context.previousSecret,
    );
    otpRoutes(sdk, { otp, store, ownOrigin: context.ownOrigin });
  },
  bootstrap: (project) => ({
    otp_methods: project.settings.otp.methods,
    /** ISO 3166 countries that text messages (SMS and WhatsApp) may go to. */
    sms_allowed_countries: project.settings.sms.allowedCountries,
  }),
  housekeeping: ({ store }, now) =>
    new PasscodesRepository(store.db).purgeExpired(now - KEEP_EXPIRED_MS),
};
