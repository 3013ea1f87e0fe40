/**
 * The widget's texts in Spanish: the core's, each product's and the server's errors. Loaded
 * only by a widget configured with `locale: 'es'` (or `es-*`); its type makes a missing key a
 * type error.
 */
import type { LocaleCatalogue } from './catalogue.js';

const es: LocaleCatalogue = {
  lang: 'es',
  core: {
    mainTitle: 'Regístrate o inicia sesión',
    tabText: 'SMS',
    tabWhatsApp: 'WhatsApp',
    tabEmail: 'Correo',
    phoneLabel: 'Número de teléfono',
    phonePlaceholder: '(123) 456-7890',
    countryLabel: 'Código de país',
    emailLabel: 'Correo electrónico',
    emailPlaceholder: 'ejemplo@correo.com',
    continueWithText: 'Continuar con mensaje de texto',
    continueWithWhatsApp: 'Continuar con WhatsApp',
    continueWithEmail: 'Continuar con correo electrónico',
    invalidEmail: 'Dirección de correo no válida. Inténtalo de nuevo.',
    invalidPhone: 'Número de teléfono no válido. Inténtalo de nuevo.',
    countryNotAllowed: (country, allowed) =>
      `No se pueden enviar mensajes de texto a números de ${country}. Usa un número de ${allowed}.`,
    didNotGetIt: '¿No lo has recibido?',
    genericError: '¡Parece que ha habido un error!',
    genericErrorAdvice: 'Usa la flecha de volver para intentarlo de nuevo.',
    loadFailed:
      'Una parte del inicio de sesión no se ha cargado. Comprueba tu conexión e inténtalo de nuevo.',
    tryAgain: 'Intentar de nuevo',
    back: 'Volver',
    loading: 'Cargando',
    dismiss: 'Cerrar',
    methodTabsLabel: 'Método de inicio de sesión',
    noProducts: 'No hay ningún método de inicio de sesión disponible.',
    divider: 'o',
  },
  passcodes: {
    invalidPasscode: 'Código no válido. Inténtalo de nuevo.',
    codeExpired: 'Tu código ha caducado.',
    verifyingPasscode: 'Verificando el código...',
    enterPasscode: 'Introduce el código',
    passcodeSentTo: (destination) => `Te hemos enviado un código de 6 dígitos a ${destination}.`,
    codeExpiresIn: (time) => `Tu código caduca en ${time}.`,
    resendCode: 'Reenviar código',
    sendingCode: 'Enviando...',
    codeSent: 'Código enviado',
    emailResent: 'Correo reenviado',
    otpSuccessTitle: '¡Listo!',
    otpSuccessText: 'Tu código se ha verificado correctamente.',
    passcodeGroupLabel: 'Código de un solo uso',
    passcodeDigitLabel: 'Dígito {index} de {count}',
  },
  magicLinks: {
    checkYourEmail: 'Revisa tu correo',
    magicLinkSentTo: (email) => `Hemos enviado un correo a ${email}.`,
    openMailLabel: 'Abre tu correo',
    openMail: (provider) => `Abrir ${provider}`,
    tryAgain: 'Intentar de nuevo',
    magicLinkSuccessTitle: '¡Listo!',
    magicLinkSuccessText: 'Has iniciado sesión.',
  },
  passwords: {
    passwordLabel: 'Contraseña',
    createTitle: 'Crear una cuenta',
    createText: (email) => `Termina de crear tu cuenta para ${email} eligiendo una contraseña.`,
    loginTitle: 'Iniciar sesión',
    loginText: (email) => `Introduce la contraseña de ${email}.`,
    passwordlessTitle: 'Hola de nuevo',
    passwordlessText: (email) => `${email} inicia sesión sin contraseña.`,
    emailMeALink: 'Envíame un enlace de acceso',
    continue: 'Continuar',
    forgotPassword: '¿Has olvidado tu contraseña?',
    createPasswordInstead: 'Crear una contraseña',
    showPassword: 'Mostrar contraseña',
    strengthLabel: 'Seguridad de la contraseña',
    strengthChecking: 'Comprobando la contraseña…',
    strengthName: (score) =>
      ['Muy débil', 'Débil', 'Aceptable', 'Fuerte', 'Muy fuerte'][
        Math.max(0, Math.min(4, score))
      ] ?? '',
    ludsLength: (count) =>
      `Debe tener al menos ${count} ${count === 1 ? 'carácter' : 'caracteres'}`,
    ludsComplexity: (count) =>
      `Debe contener ${count} de los siguientes: mayúscula, minúscula, número, símbolo`,
    breachWarning:
      'Es posible que esta contraseña se haya usado en otro sitio que sufrió un problema de seguridad. Elige otra contraseña.',
    checkYourEmail: 'Revisa tu correo',
    forgotTitle: '¿Has olvidado tu contraseña?',
    resetLinkSent: (email) =>
      `Te hemos enviado un enlace para restablecer la contraseña a ${email}.`,
    breachedTitle: 'Revisa tu correo para restablecer la contraseña',
    breachedText: (email) =>
      `Es posible que tu contraseña se haya usado en otro sitio que sufrió un problema de seguridad. Para proteger tu cuenta, hemos enviado a ${email} un enlace para elegir una nueva.`,
    setNewTitle: 'Revisa tu correo para elegir una contraseña nueva',
    setNewText: (email) => `Te hemos enviado un enlace para crear una contraseña a ${email}.`,
    dedupeTitle: 'Revisa tu correo para elegir una contraseña nueva',
    dedupeText: (email) =>
      `Queremos asegurarnos de que tu cuenta está protegida y de que eres tú. Te hemos enviado un enlace para elegir una contraseña a ${email}.`,
    resendLink: 'Reenviar enlace',
    linkResent: 'Correo reenviado',
    resetTitle: 'Elige una contraseña nueva',
    resetText: 'Elige una contraseña nueva para tu cuenta.',
    resetSubmit: 'Guardar contraseña',
    signingIn: 'Iniciando sesión...',
    linkMissing: 'Este enlace ya no se puede usar. Solicita uno nuevo.',
    successTitle: '¡Listo!',
    successText: 'Has iniciado sesión.',
  },
  passkeys: {
    loginWithPasskey: 'Iniciar sesión con una llave de acceso',
    passkeyUnknownError:
      'Se produjo un error desconocido al iniciar sesión con la llave de acceso. Inténtalo de nuevo.',
    passkeyNotFound:
      'No se encontró la llave de acceso. Puede que la hayas eliminado de tu cuenta pero no de tu gestor de contraseñas. Inténtalo de nuevo.',
    passkeyDuplicate:
      'No se puede crear la llave de acceso porque parece que ya está registrada. Puede que se registrara en otro dispositivo y se haya sincronizado.',
    passkeyNotCreated:
      'No se ha creado tu llave de acceso. Pulsa «Crear una llave de acceso» para intentarlo de nuevo u omite este paso.',
    passkeyNoUser:
      'Error: no se puede usar el componente PasskeyRegistration sin un usuario con sesión iniciada.',
    passkeyDeleteWarning: 'Una vez eliminada, la llave de acceso no se puede recuperar.',
    passkeyNoAutofill: 'El navegador no admite el autocompletado de WebAuthn',
    passkeySuccessTitle: '¡Listo!',
    passkeySuccessText: 'Has iniciado sesión con tu llave de acceso.',
    registerTitle: 'Configura una llave de acceso nueva',
    registerText:
      'Con las llaves de acceso inicias sesión con tu cara, tu huella o el bloqueo de pantalla: nada que escribir, nada que robar.',
    createPasskey: 'Crear una llave de acceso',
    skip: 'Omitir',
    registrationSuccessTitle: '¡Llave de acceso creada!',
    yourPasskeys: 'Tus llaves de acceso',
    noPasskeys: 'Todavía no tienes llaves de acceso.',
    rename: 'Editar',
    renameLabel: (name) => `Editar ${name}`,
    passkeyName: 'Nombre de la llave de acceso',
    save: 'Guardar',
    cancel: 'Cancelar',
    delete: 'Eliminar',
    deleteLabel: (name) => `Eliminar ${name}`,
    setUpAnother: 'Configurar otra llave de acceso',
    done: 'Hecho',
  },
  crypto: {
    walletButtonsLabel: 'Carteras de criptomonedas',
    continueWithWallet: (wallet) => `Continuar con ${wallet}`,
    continueWithOtherWallet: 'Continuar con otra cartera de criptomonedas',
    setUpNewWallet: 'Configurar una cartera de criptomonedas nueva',
    connectTitle: 'Conectando con tu cartera...',
    connectText: 'Aprueba la conexión en la ventana de tu cartera para continuar.',
    signTitle: 'Esperando tu firma...',
    signText:
      'Tu cartera te pide firmar un mensaje que demuestra que es tuya. Firmar es gratis y no envía ninguna transacción.',
    troubleHelp: '¿No pasa nada? Abre tu cartera, o vuelve atrás e inténtalo de nuevo.',
    otherTitle: 'Continuar con otra cartera',
    setupText: 'Consigue una cartera para Ethereum o Solana y vuelve para iniciar sesión con ella.',
    setupLinksLabel: 'Dónde conseguir una cartera',
    getWallet: (wallet) => `Conseguir ${wallet}`,
    opensInNewTab: '(se abre en una pestaña nueva)',
    cryptoErrorTitle: '¡Parece que ha habido un error!',
    cryptoErrorText: 'No se pudo completar tu inicio de sesión. Vuelve atrás e inténtalo de nuevo.',
    couldNotConnect: '[Error] No se pudo conectar con la cartera',
    couldNotSign: '[Error] No se pudo firmar el mensaje',
    cryptoGoBack: 'Volver',
    cryptoSuccessTitle: '¡Listo!',
    cryptoSuccessText: 'Tu cartera está conectada y has iniciado sesión.',
  },
  oauth: {
    oauthButtonsLabel: 'Iniciar sesión con un proveedor',
    continueWithProvider: (provider) => `Continuar con ${provider}`,
    oauthSuccessTitle: '¡Listo!',
    oauthSuccessText: 'Has iniciado sesión.',
  },

  errors: {
    invalid_phone_number: 'Número de teléfono no válido. Inténtalo de nuevo.',
    phone_number_type_not_allowed: 'No se pueden enviar mensajes de texto a este tipo de número.',
    phone_country_not_allowed: 'No se pueden enviar mensajes de texto a números de este país.',
    invalid_email: 'Dirección de correo no válida. Inténtalo de nuevo.',
    otp_code_not_found: 'El código no es correcto o ya se ha usado. Inténtalo de nuevo.',
    otp_code_expired: 'Tu código ha caducado.',
    otp_attempts_exceeded: 'Demasiados intentos fallidos con este código. Solicita uno nuevo.',
    destination_locked:
      'Demasiados intentos fallidos hoy con este número o correo. Inténtalo más tarde o desde otra red.',
    otp_send_rate_limited:
      'Se han solicitado demasiados códigos. Espera unos minutos y vuelve a intentarlo.',
    too_many_requests: 'Demasiadas solicitudes. Espera unos minutos y vuelve a intentarlo.',
    delivery_failed: 'No se pudo entregar el código. Inténtalo de nuevo.',
    unable_to_auth_magic_link:
      'Este enlace no es válido, ha caducado o ya se ha usado. Solicita uno nuevo.',
    magic_link_send_rate_limited:
      'Se han solicitado demasiados enlaces. Espera unos minutos y vuelve a intentarlo.',
    email_delivery_failed: 'No se pudo entregar el correo. Inténtalo de nuevo.',
    email_template_not_supported:
      'Este servidor no tiene plantillas de correo con nombre: envía la solicitud sin ID de plantilla.',
    unauthorized_password: 'El correo o la contraseña no son correctos. Inténtalo de nuevo.',
    weak_password: 'Esta contraseña es demasiado débil. Elige una más segura.',
    breached_password:
      'Es posible que esta contraseña se haya usado en otro sitio que sufrió un problema de seguridad. Elige otra contraseña.',
    password_reset_token_not_found:
      'Este enlace no es válido o ya se ha usado. Solicita uno nuevo.',
    password_reset_token_expired: 'Este enlace ha caducado. Solicita uno nuevo.',
    webauthn_registration_not_found:
      'No se encontró la llave de acceso. Puede que la hayas eliminado de tu cuenta pero no de tu gestor de contraseñas. Inténtalo de nuevo.',
    unable_to_auth_webauthn_registration:
      'No se pudo verificar la llave de acceso. Inténtalo de nuevo.',
    unable_to_authenticate_crypto_wallet:
      'La firma no corresponde a la cartera ni a su desafío. Inténtalo de nuevo.',
    captcha_required: 'Se necesita un captcha',
    captcha_failed: 'El captcha no es válido',
    internal_server_error: 'Algo ha fallado por nuestra parte. Inténtalo de nuevo.',
  },
};

export default es;
