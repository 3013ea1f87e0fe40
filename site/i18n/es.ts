/** The site's own words in Spanish (`en.ts` says what each is); its own chunk, loaded for `es`. */
import type { SiteTexts } from './en.js';

const es: SiteTexts = {
  lang: 'es',
  title: 'Una invitación privada',
  gate: {
    eyebrow: 'Invitación privada',
    heading: '¿Te conocemos?',
    intro: 'Esta página es para los invitados. Inicia sesión con tu número de teléfono para verla.',
    button: '¡Vamos a ver!',
    widgetIntro:
      'Inicia sesión con tu número de teléfono: te enviaremos un código para comprobar la lista de invitados.',
    widgetLabel: 'Iniciar sesión',
    loadingWidget: 'Cargando el inicio de sesión…',
    widgetError: 'No se pudo cargar el inicio de sesión. Revisa tu conexión e inténtalo de nuevo.',
  },
  rejection: {
    heading: '¿¿Quién eres??',
    text: '¿¿Nos conoces??',
    button: 'Volver a intentarlo',
    revoking: 'Cerrando sesión…',
    revokeError: 'No pudimos cerrar tu sesión. Revisa tu conexión e inténtalo de nuevo.',
  },
  signOut: { button: 'Cerrar sesión', pending: 'Cerrando sesión…' },
  checking: 'Consultando la lista de invitados…',
  checkError: 'No pudimos consultar la lista de invitados',
  invitationError: 'No se pudo cargar la invitación',
  connectionAdvice: 'Revisa tu conexión e inténtalo de nuevo.',
  retry: 'Reintentar',
  announce: {
    invited: 'Estás en la lista de invitados. Aquí tienes tu invitación.',
    notInvited: 'Has iniciado sesión, pero este número no está en la lista de invitados.',
    signedOut: 'Has cerrado la sesión.',
  },
  invitation: {
    nav: { label: 'Secciones', hero: 'Inicio', schedule: 'Programa', faq: 'Preguntas' },
    photos: 'Nuestras fotos',
    greeting: { named: '¡Hola, {name}!', unnamed: '¡Hola!' },
    calendar: {
      wholeParty: 'Añade todo el fin de semana a tu calendario',
      eventGroup: 'Añade {title} a tu calendario',
      file: 'Archivo de calendario',
      google: 'Google Calendar',
      outlook: 'Outlook',
    },
    places: {
      placeGroup: 'Cómo llegar a {title}',
      map: 'Mapa',
      copy: 'Copiar la dirección',
      copied: 'Dirección copiada',
      copyFailed: 'No se pudo copiar: la dirección está seleccionada, cópiala desde ahí',
    },
    rsvp: {
      heading: 'Confirma tu asistencia',
      subtitle: 'Dinos si vienes y cuántos sois.',
      question: '¿Vienes?',
      yes: 'Sí, contad conmigo',
      no: 'Lo siento, no puedo ir',
      partySize: '¿Cuántos sois, contándote a ti?',
      partySizeHint: 'Hasta {max}.',
      note: 'Una nota para nosotros (opcional)',
      noteHint:
        'Alergias, una canción que quieras oír, lo que sea. Hasta {max} caracteres; solo la leemos nosotros.',
      submit: 'Enviar mi respuesta',
      update: 'Cambiar mi respuesta',
      saving: 'Guardando…',
      saved: '¡Gracias! Tu respuesta está guardada.',
      chooseOne: 'Elige sí o no.',
      until: 'Puedes responder, y cambiar tu respuesta, hasta el {date}.',
      closed: 'Las respuestas se cerraron el {date}: la tuya ya no puede cambiar.',
      yourAnswer: 'Tu respuesta',
      comingAlone: 'Vienes tú solo',
      comingWith: 'Venís {count}',
      notComing: 'No vienes',
      noAnswer: 'No respondiste.',
      yourNote: 'Tu nota',
      loading: 'Cargando tu respuesta…',
      loadFailed: 'No se pudo cargar tu respuesta.',
      retry: 'Volver a intentarlo',
      saveFailed: 'Tu respuesta no se guardó: {reason}',
      offline: 'no se pudo contactar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
    },
    passkeyOffer: {
      label: 'Llave de acceso',
      strings: {
        registerTitle: 'Entra más rápido la próxima vez',
        registerText:
          'Guarda una llave de acceso en este dispositivo y vuelve con tu cara, tu huella o el bloqueo de pantalla, sin esperar un mensaje.',
        createPasskey: 'Crear una llave de acceso',
        skip: 'No, gracias',
        registrationSuccessTitle:
          'Llave de acceso guardada: la próxima vez no hará falta ningún mensaje.',
        done: 'Listo',
      },
      outcomes: {
        skipped:
          'Sin llave de acceso, entonces: entrarás con un mensaje y no te lo volveremos a preguntar en este dispositivo.',
        done: 'La próxima vez, entra con tu llave de acceso: sin ningún mensaje.',
      },
    },
  },
};

export default es;
