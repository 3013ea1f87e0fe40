/**
 * A local stand-in for Stytch's clientside-services iframe
 * (`https://js.stytch.com/clientside-services/index.html`), which the SDK's UI asks to parse and
 * format phone numbers. The SDK posts `{ method, args: [request] }` with a `MessagePort` and
 * waits for `{ success: true, payload }` (or `{ success: false, error }`) on that port
 * (`FrameClient.mjs`, `ClientsideServicesProvider.mjs`, `PhoneInput.mjs`). Without an answer
 * every parse waits out a timeout (10 s) and the form falls back to `+1` and the raw digits.
 */

import type { CountryCode } from 'libphonenumber-js/max';
import { getExampleNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';

interface Request {
  phoneNumber?: string;
  regionCode?: string;
}

function answer(method: string, request: Request): unknown {
  const region = (request.regionCode ?? 'US') as CountryCode;
  if (method === 'parsedPhoneNumber') {
    // `{ isValid, number, national }`: E.164 for sending, the national format for the field.
    const input = String(request.phoneNumber ?? '');
    const parsed = parsePhoneNumberFromString(input, region);
    if (!parsed?.isValid()) return { isValid: false, number: input, national: input };
    return { isValid: true, number: parsed.number, national: parsed.formatNational() };
  }
  if (method === 'getExamplePhoneNumber') {
    return { phoneNumber: getExampleNumber(region, examples)?.formatNational() ?? '' };
  }
  throw new Error(`The clientside-services stand-in does not offer ${method}.`);
}

window.addEventListener('message', (event: MessageEvent) => {
  const port = event.ports[0];
  if (!port) return;
  const { method, args } = event.data as { method: string; args: [Request] };
  try {
    port.postMessage({ success: true, payload: answer(method, args?.[0] ?? {}) });
  } catch (error) {
    port.postMessage({
      success: false,
      error: { name: 'Error', message: (error as Error).message },
    });
  }
});
