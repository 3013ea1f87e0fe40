/**
 * Google Identity Services (`google.accounts.id`), the script One Tap runs on: its types (the
 * parts One Tap uses) and its loader. The script loads once per page and only for One Tap; a
 * page that loaded it already (or a test's stand-in) is used as it is.
 */

/** What Google hands the callback when the person chose an account. */
export interface CredentialResponse {
  /** The ID token (a JWT signed by Google). */
  credential: string;
  select_by?: string;
}

/** A moment of the prompt's life, as `prompt()`'s listener receives it. */
export interface PromptMomentNotification {
  isDisplayMoment?(): boolean;
  isDisplayed?(): boolean;
  isNotDisplayed?(): boolean;
  getNotDisplayedReason?(): string;
  isSkippedMoment(): boolean;
  getSkippedReason?(): string;
  isDismissedMoment(): boolean;
  getDismissedReason?(): string;
  getMomentType?(): string;
}

/** The options of `initialize` One Tap sets. */
export interface IdConfiguration {
  client_id: string;
  callback: (response: CredentialResponse) => void;
  nonce?: string;
  auto_select?: boolean;
  cancel_on_tap_outside?: boolean;
  prompt_parent_id?: string;
  context?: 'signin' | 'signup' | 'use';
  itp_support?: boolean;
  use_fedcm_for_prompt?: boolean;
}

/** `google.accounts.id`. */
export interface GoogleAccountsId {
  initialize(config: IdConfiguration): void;
  prompt(listener?: (notification: PromptMomentNotification) => void): void;
  cancel(): void;
  renderButton?(parent: HTMLElement, options: Record<string, unknown>): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

/** Where the script is; tests point it at a local stand-in. */
export const googleScript = { url: 'https://accounts.google.com/gsi/client' };

let loading: Promise<GoogleAccountsId> | undefined;

/**
 * `google.accounts.id`, loading Google's script (or `url`, a development server's stand-in)
 * first if the page has not.
 */
export function loadGoogleIdentity(url = googleScript.url): Promise<GoogleAccountsId> {
  const present = window.google?.accounts?.id;
  if (present) return Promise.resolve(present);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('google.accounts.id is missing after the script loaded'));
    });
    script.addEventListener('error', () => reject(new Error(`${url} did not load`)));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
