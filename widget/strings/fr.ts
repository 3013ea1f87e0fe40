/**
 * The widget's texts in French: the core's, each product's and the server's errors. Loaded only
 * by a widget configured with `locale: 'fr'` (or `fr-*`); its type makes a missing key a type
 * error. French typography: a narrow no-break space (U+202F) before `?`, `!` and `:`.
 */
import type { LocaleCatalogue } from './catalogue.js';

const fr: LocaleCatalogue = {
  lang: 'fr',
  core: {
    mainTitle: 'Inscrivez-vous ou connectez-vous',
    tabText: 'SMS',
    tabWhatsApp: 'WhatsApp',
    tabEmail: 'E-mail',
    phoneLabel: 'Numéro de téléphone',
    phonePlaceholder: '(123) 456-7890',
    countryLabel: 'Indicatif du pays',
    emailLabel: 'E-mail',
    emailPlaceholder: 'exemple@email.com',
    continueWithText: 'Continuer par SMS',
    continueWithWhatsApp: 'Continuer avec WhatsApp',
    continueWithEmail: 'Continuer par e-mail',
    invalidEmail: 'Adresse e-mail non valide, veuillez réessayer.',
    invalidPhone: 'Numéro de téléphone non valide, veuillez réessayer.',
    countryNotAllowed: (country, allowed) =>
      `Impossible d’envoyer des SMS aux numéros de ce pays (${country}). Utilisez un numéro de ${allowed}.`,
    didNotGetIt: 'Vous ne l’avez pas reçu\u202f?',
    genericError: 'Une erreur s’est produite\u202f!',
    genericErrorAdvice: 'Utilisez la flèche de retour pour réessayer.',
    loadFailed:
      'Une partie de la connexion ne s’est pas chargée. Vérifiez votre connexion et réessayez.',
    tryAgain: 'Réessayer',
    back: 'Retour',
    loading: 'Chargement',
    dismiss: 'Fermer',
    methodTabsLabel: 'Méthode de connexion',
    noProducts: 'Aucune méthode de connexion n’est disponible.',
    divider: 'ou',
  },
  passcodes: {
    invalidPasscode: 'Code non valide, veuillez réessayer.',
    codeExpired: 'Votre code a expiré.',
    verifyingPasscode: 'Vérification du code...',
    enterPasscode: 'Saisissez le code',
    passcodeSentTo: (destination) => `Un code à 6 chiffres vous a été envoyé au ${destination}.`,
    codeExpiresIn: (time) => `Votre code expire dans ${time}.`,
    resendCode: 'Renvoyer le code',
    sendingCode: 'Envoi...',
    codeSent: 'Code envoyé',
    emailResent: 'E-mail renvoyé',
    otpSuccessTitle: 'C’est fait\u202f!',
    otpSuccessText: 'Votre code a bien été vérifié.',
    passcodeGroupLabel: 'Code à usage unique',
    passcodeDigitLabel: 'Chiffre {index} sur {count}',
  },
  magicLinks: {
    checkYourEmail: 'Consultez vos e-mails',
    magicLinkSentTo: (email) => `Un e-mail a été envoyé à ${email}.`,
    openMailLabel: 'Ouvrir votre messagerie',
    openMail: (provider) => `Ouvrir ${provider}`,
    tryAgain: 'Réessayer',
    magicLinkSuccessTitle: 'C’est fait\u202f!',
    magicLinkSuccessText: 'Vous êtes connecté.',
  },
  passwords: {
    passwordLabel: 'Mot de passe',
    createTitle: 'Créer un compte',
    createText: (email) => `Choisissez un mot de passe pour finir de créer votre compte ${email}.`,
    loginTitle: 'Se connecter',
    loginText: (email) => `Saisissez le mot de passe de ${email}.`,
    passwordlessTitle: 'Bon retour parmi nous',
    passwordlessText: (email) => `${email} se connecte sans mot de passe.`,
    emailMeALink: 'M’envoyer un lien de connexion',
    continue: 'Continuer',
    forgotPassword: 'Mot de passe oublié\u202f?',
    createPasswordInstead: 'Créer plutôt un mot de passe',
    showPassword: 'Afficher le mot de passe',
    strengthLabel: 'Robustesse du mot de passe',
    strengthChecking: 'Vérification du mot de passe…',
    strengthName: (score) =>
      ['Très faible', 'Faible', 'Moyen', 'Robuste', 'Très robuste'][
        Math.max(0, Math.min(4, score))
      ] ?? '',
    ludsLength: (count) => `Doit contenir au moins ${count} caractère${count === 1 ? '' : 's'}`,
    ludsComplexity: (count) =>
      `Doit contenir ${count} des éléments suivants\u202f: majuscule, minuscule, chiffre, symbole`,
    breachWarning:
      'Ce mot de passe a peut-être été utilisé sur un autre site victime d’un incident de sécurité. Veuillez en choisir un autre.',
    checkYourEmail: 'Consultez vos e-mails',
    forgotTitle: 'Mot de passe oublié\u202f?',
    resetLinkSent: (email) =>
      `Un lien pour réinitialiser votre mot de passe vous a été envoyé à ${email}.`,
    breachedTitle: 'Consultez vos e-mails pour réinitialiser votre mot de passe',
    breachedText: (email) =>
      `Votre mot de passe a peut-être été utilisé sur un autre site victime d’un incident de sécurité. Pour protéger votre compte, nous avons envoyé à ${email} un lien pour en choisir un nouveau.`,
    setNewTitle: 'Consultez vos e-mails pour choisir un nouveau mot de passe',
    setNewText: (email) => `Un lien pour créer un mot de passe vous a été envoyé à ${email}.`,
    dedupeTitle: 'Consultez vos e-mails pour choisir un nouveau mot de passe',
    dedupeText: (email) =>
      `Nous voulons nous assurer que votre compte est protégé et que c’est bien vous. Un lien pour choisir un mot de passe vous a été envoyé à ${email}.`,
    resendLink: 'Renvoyer le lien',
    linkResent: 'E-mail renvoyé',
    resetTitle: 'Choisissez un nouveau mot de passe',
    resetText: 'Choisissez un nouveau mot de passe pour votre compte.',
    resetSubmit: 'Enregistrer le mot de passe',
    signingIn: 'Connexion en cours...',
    linkMissing: 'Ce lien ne peut plus être utilisé. Veuillez en demander un nouveau.',
    successTitle: 'C’est fait\u202f!',
    successText: 'Vous êtes connecté.',
  },
  passkeys: {
    loginWithPasskey: 'Se connecter avec une clé d’accès',
    passkeyUnknownError:
      'Une erreur inconnue s’est produite lors de la connexion par clé d’accès. Veuillez réessayer.',
    passkeyNotFound:
      'Clé d’accès introuvable. Vous l’avez peut-être supprimée de votre compte mais pas de votre gestionnaire de mots de passe. Veuillez réessayer.',
    passkeyDuplicate:
      'Impossible de créer la clé d’accès, elle semble déjà enregistrée. Elle a peut-être été enregistrée sur un autre appareil puis synchronisée.',
    passkeyNotCreated:
      'Votre clé d’accès n’a pas été créée. Cliquez sur «\u202fCréer une clé d’accès\u202f» pour réessayer, ou passez cette étape.',
    passkeyNoUser:
      'Erreur\u202f: impossible d’utiliser le composant PasskeyRegistration sans utilisateur connecté.',
    passkeyDeleteWarning: 'Une fois supprimée, la clé d’accès ne peut pas être restaurée.',
    passkeyNoAutofill: 'Le navigateur ne prend pas en charge le remplissage automatique WebAuthn',
    passkeySuccessTitle: 'C’est fait\u202f!',
    passkeySuccessText: 'Vous êtes connecté avec votre clé d’accès.',
    registerTitle: 'Configurer une nouvelle clé d’accès',
    registerText:
      'Les clés d’accès vous connectent avec votre visage, votre empreinte ou le verrouillage de l’écran\u202f: rien à saisir, rien à dérober.',
    createPasskey: 'Créer une clé d’accès',
    skip: 'Passer',
    registrationSuccessTitle: 'Clé d’accès créée\u202f!',
    yourPasskeys: 'Vos clés d’accès',
    noPasskeys: 'Vous n’avez encore aucune clé d’accès.',
    rename: 'Modifier',
    renameLabel: (name) => `Modifier ${name}`,
    passkeyName: 'Nom de la clé d’accès',
    save: 'Enregistrer',
    cancel: 'Annuler',
    delete: 'Supprimer',
    deleteLabel: (name) => `Supprimer ${name}`,
    setUpAnother: 'Configurer une autre clé d’accès',
    done: 'Terminé',
  },
  crypto: {
    walletButtonsLabel: 'Portefeuilles crypto',
    continueWithWallet: (wallet) => `Continuer avec ${wallet}`,
    continueWithOtherWallet: 'Continuer avec un autre portefeuille crypto',
    setUpNewWallet: 'Configurer un nouveau portefeuille crypto',
    connectTitle: 'Connexion à votre portefeuille...',
    connectText: 'Approuvez la connexion dans la fenêtre de votre portefeuille pour continuer.',
    signTitle: 'En attente de votre signature...',
    signText:
      'Votre portefeuille vous demande de signer un message prouvant qu’il vous appartient. La signature est gratuite et n’envoie aucune transaction.',
    troubleHelp:
      'Rien ne se passe\u202f? Ouvrez votre portefeuille, ou revenez en arrière et réessayez.',
    otherTitle: 'Continuer avec un autre portefeuille',
    setupText:
      'Procurez-vous un portefeuille Ethereum ou Solana, puis revenez pour vous connecter avec.',
    setupLinksLabel: 'Où obtenir un portefeuille',
    getWallet: (wallet) => `Obtenir ${wallet}`,
    opensInNewTab: '(s’ouvre dans un nouvel onglet)',
    cryptoErrorTitle: 'Une erreur s’est produite\u202f!',
    cryptoErrorText: 'Votre connexion n’a pas pu aboutir. Revenez en arrière et réessayez.',
    couldNotConnect: '[Erreur] Connexion au portefeuille impossible',
    couldNotSign: '[Erreur] Signature du message impossible',
    cryptoGoBack: 'Retour',
    cryptoSuccessTitle: 'C’est fait\u202f!',
    cryptoSuccessText: 'Votre portefeuille est connecté et vous êtes connecté.',
  },
  oauth: {
    oauthButtonsLabel: 'Se connecter avec un fournisseur',
    continueWithProvider: (provider) => `Continuer avec ${provider}`,
    oauthSuccessTitle: 'C’est fait\u202f!',
    oauthSuccessText: 'Vous êtes connecté.',
  },

  errors: {
    invalid_phone_number: 'Numéro de téléphone non valide, veuillez réessayer.',
    phone_number_type_not_allowed: 'Impossible d’envoyer des SMS à ce type de numéro.',
    phone_country_not_allowed: 'Impossible d’envoyer des SMS aux numéros de ce pays.',
    invalid_email: 'Adresse e-mail non valide, veuillez réessayer.',
    otp_code_not_found: 'Le code est incorrect ou a déjà été utilisé. Veuillez réessayer.',
    otp_code_expired: 'Votre code a expiré.',
    otp_attempts_exceeded: 'Trop d’essais erronés pour ce code. Veuillez en demander un nouveau.',
    destination_locked:
      'Trop d’échecs de connexion aujourd’hui pour ce numéro ou cet e-mail. Réessayez plus tard, ou depuis un autre réseau.',
    otp_send_rate_limited:
      'Trop de codes ont été demandés. Patientez quelques minutes puis réessayez.',
    too_many_requests: 'Trop de demandes. Patientez quelques minutes puis réessayez.',
    delivery_failed: 'Le code n’a pas pu être envoyé. Veuillez réessayer.',
    unable_to_auth_magic_link:
      'Ce lien de connexion a déjà servi, a expiré ou n’est pas valide. Veuillez en demander un nouveau.',
    magic_link_send_rate_limited:
      'Trop de liens de connexion ont été demandés. Patientez quelques minutes puis réessayez.',
    email_delivery_failed: 'L’e-mail n’a pas pu être envoyé. Veuillez réessayer.',
    email_template_not_supported:
      'Ce serveur n’a pas de modèles d’e-mail nommés\u202f: envoyez la demande sans identifiant de modèle.',
    unauthorized_password: 'L’e-mail ou le mot de passe est incorrect. Veuillez réessayer.',
    weak_password: 'Ce mot de passe est trop faible. Veuillez en choisir un plus robuste.',
    breached_password:
      'Ce mot de passe a peut-être été utilisé sur un autre site victime d’un incident de sécurité. Veuillez en choisir un autre.',
    password_reset_token_not_found:
      'Ce lien n’est pas valide ou a déjà servi. Veuillez en demander un nouveau.',
    password_reset_token_expired: 'Ce lien a expiré. Veuillez en demander un nouveau.',
    webauthn_registration_not_found:
      'Clé d’accès introuvable. Vous l’avez peut-être supprimée de votre compte mais pas de votre gestionnaire de mots de passe. Veuillez réessayer.',
    unable_to_auth_webauthn_registration: 'La clé d’accès n’a pas pu être vérifiée.',
    unable_to_authenticate_crypto_wallet:
      'La signature ne correspond ni au portefeuille ni à son défi. Veuillez réessayer.',
    captcha_required: 'Captcha requis',
    captcha_failed: 'Le captcha n’est pas valide',
    internal_server_error: 'Un problème est survenu de notre côté. Veuillez réessayer.',
  },
};

export default fr;
