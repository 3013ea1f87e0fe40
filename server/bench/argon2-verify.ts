/**
 * The cost of one argon2id verification with the parameters new password hashes get:
 * verifications per second on one core (one verification at a time, so one thread works).
 */
import { loadPasswordHashing } from '../products/passwords/index.js';

/** What {@link measureArgon2Verify} found. */
export interface VerifyRate {
  verifications: number;
  seconds: number;
  perSecondPerCore: number;
  /** `m=19456 KiB, t=2, p=1`. */
  parameters: string;
}

/** Verifies one password back to back for `seconds` and reports the rate. */
export async function measureArgon2Verify(seconds = 3): Promise<VerifyRate> {
  const { ARGON2_PARAMETERS, PasswordHasher } = await loadPasswordHashing();
  const hasher = new PasswordHasher();
  const stored = await hasher.hash('bench-Password-for-argon2id');
  await hasher.verify(stored, 'bench-Password-for-argon2id');
  let verifications = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    if (!(await hasher.verify(stored, 'bench-Password-for-argon2id'))) {
      throw new Error('the bench password did not verify');
    }
    verifications++;
  }
  const elapsed = (performance.now() - started) / 1000;
  const { memoryCost, timeCost, parallelism } = ARGON2_PARAMETERS;
  return {
    verifications,
    seconds: elapsed,
    perSecondPerCore: verifications / elapsed,
    parameters: `argon2id m=${memoryCost} KiB, t=${timeCost}, p=${parallelism}`,
  };
}
