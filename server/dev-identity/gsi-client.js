/**
 * A local stand-in of Google Identity Services (`https://accounts.google.com/gsi/client`) for
 * development and tests, which never reach the internet: a development server serves it at
 * `/dev/identity/google/gsi/client` (after a preamble that labels its prompt "Development" and
 * has the server sign its ID tokens with the development key), and tests load it as it is. Loaded as Google's script is (a classic script), it
 * defines `google.accounts.id` with `initialize`, `prompt`, `renderButton` and `cancel`, speaking
 * Google's moment notifications. Its prompt offers one account ('Continue as …', and a close
 * button); choosing it calls the page's callback with an ID token for the nonce and client id
 * the page initialized with, which `window.velvetGoogleStandIn.issueIdToken` signs (with a local
 * key whose JWK Set the server under test trusts). `velvetGoogleStandIn.label` heads the prompt
 * (the development server's says it is not the real Google). `velvetGoogleStandIn.notDisplayedReason`
 * makes the prompt refuse to show, as Google does for `unregistered_origin` or `invalid_client`;
 * `velvetGoogleStandIn.displayAfter` (a promise) holds the prompt back until it settles. The
 * settings are read at each call, so a test may replace `window.velvetGoogleStandIn`.
 */
(() => {
  const settings = () => {
    window.velvetGoogleStandIn ??= {};
    window.velvetGoogleStandIn.calls ??= [];
    return window.velvetGoogleStandIn;
  };
  let config;
  let listener;
  let shown;

  /** A prompt moment notification, as Google's listener receives it. */
  const moment = (type, reason) => ({
    getMomentType: () => type,
    isDisplayMoment: () => type === 'display',
    isDisplayed: () => type === 'display' && !reason,
    isNotDisplayed: () => type === 'display' && Boolean(reason),
    getNotDisplayedReason: () => reason,
    isSkippedMoment: () => type === 'skipped',
    getSkippedReason: () => reason,
    isDismissedMoment: () => type === 'dismissed',
    getDismissedReason: () => reason,
  });

  const notify = (type, reason) => listener?.(moment(type, reason));

  const close = () => {
    shown?.remove();
    shown = undefined;
  };

  const choose = async () => {
    const standIn = settings();
    const account = standIn.account ?? { email: 'guest@gmail.test', name: 'Guest' };
    standIn.calls.push('choose');
    const credential = await standIn.issueIdToken({
      nonce: config.nonce,
      clientId: config.client_id,
      account,
    });
    close();
    config.callback({ credential, select_by: 'user', clientId: config.client_id });
    notify('dismissed', 'credential_returned');
  };

  const render = () => {
    const standIn = settings();
    const account = standIn.account ?? { email: 'guest@gmail.test', name: 'Guest' };
    const parent = config.prompt_parent_id && document.getElementById(config.prompt_parent_id);
    const box = document.createElement('div');
    box.setAttribute('role', 'dialog');
    box.setAttribute(
      'aria-label',
      standIn.label
        ? `${standIn.label}: sign in to this site with Google`
        : 'Sign in to this site with Google',
    );
    box.dataset.standIn = parent ? 'embedded' : 'floating';
    box.style.cssText = parent
      ? 'height: 120px; display: flex; gap: 8px; align-items: center; justify-content: center'
      : 'position: fixed; top: 16px; right: 16px; padding: 16px; background: #fff; border: 1px solid #888; z-index: 10';
    const pick = document.createElement('button');
    pick.type = 'button';
    pick.textContent = `Continue as ${account.name}`;
    pick.addEventListener('click', () => void choose());
    const dismiss = document.createElement('button');
    dismiss.type = 'button';
    dismiss.textContent = 'Close';
    dismiss.addEventListener('click', () => {
      settings().calls.push('close');
      close();
      notify('skipped', 'user_cancel');
    });
    if (standIn.label) {
      const label = document.createElement('strong');
      label.textContent = `${standIn.label}: not the real Google`;
      box.append(label);
    }
    box.append(pick, dismiss);
    (parent || document.body).append(box);
    shown = box;
  };

  window.google ??= {};
  window.google.accounts ??= {};
  window.google.accounts.id = {
    initialize(options) {
      const standIn = settings();
      standIn.calls.push('initialize');
      standIn.initialized = { ...options };
      config = options;
    },
    prompt(momentListener) {
      const standIn = settings();
      standIn.calls.push('prompt');
      listener = momentListener;
      if (!config) throw new Error('google.accounts.id.prompt before initialize');
      void Promise.resolve(standIn.displayAfter).then(() => {
        if (standIn.notDisplayedReason) {
          notify('display', standIn.notDisplayedReason);
          return;
        }
        render();
        notify('display');
      });
    },
    renderButton(parent) {
      settings().calls.push('renderButton');
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Sign in with Google';
      button.addEventListener('click', () => void choose());
      parent.append(button);
    },
    cancel() {
      settings().calls.push('cancel');
      if (shown) {
        close();
        notify('dismissed', 'cancel_called');
      }
    },
  };
})();
