/** Distinct valid US phone numbers for load tests: +1 <area> 555 xxxx, each checked. */
import { normalizePhone } from '../products/users/index.js';

/** Area codes whose 555 numbers libphonenumber's full metadata accepts. */
const AREA_CODES = ['415', '650', '212', '202', '312', '617', '206', '303'] as const;

/**
 * `count` distinct phone numbers in E.164 that `normalizePhone` accepts.
 * @throws Error when the area codes cannot supply that many.
 */
export function benchPhones(count: number): string[] {
  const phones: string[] = [];
  for (const area of AREA_CODES) {
    for (let line = 0; line < 10_000 && phones.length < count; line++) {
      const candidate = `+1${area}555${String(line).padStart(4, '0')}`;
      try {
        phones.push(normalizePhone(candidate).e164);
      } catch {
        // Not a valid number: skipped.
      }
    }
  }
  if (phones.length < count) throw new Error(`only ${phones.length} valid bench phone numbers`);
  return phones;
}
