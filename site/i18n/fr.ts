/** The site's own words in French (`en.ts` says what each is); its own chunk, loaded for `fr`. */
import type { SiteTexts } from './en.js';

const fr: SiteTexts = {
  lang: 'fr',
  title: 'Une invitation privée',
  gate: {
    eyebrow: 'Invitation privée',
    heading: 'On se connaît ?',
    intro:
      'Cette page est réservée aux invités. Connectez-vous avec votre numéro de téléphone pour la voir.',
    button: 'Vérifions !',
    widgetIntro:
      'Connectez-vous avec votre numéro de téléphone : nous vous enverrons un code par SMS pour vérifier la liste des invités.',
    widgetLabel: 'Connexion',
    loadingWidget: 'Chargement de la connexion…',
    widgetError:
      'La connexion n’a pas pu se charger. Vérifiez votre connexion internet et réessayez.',
  },
  rejection: {
    heading: 'Qui êtes-vous ??',
    text: 'Vous nous connaissez ??',
    button: 'Réessayer',
    revoking: 'Déconnexion…',
    revokeError:
      'Nous n’avons pas pu vous déconnecter. Vérifiez votre connexion internet et réessayez.',
  },
  signOut: { button: 'Se déconnecter', pending: 'Déconnexion…' },
  checking: 'Vérification de la liste des invités…',
  checkError: 'Impossible de joindre la liste des invités',
  invitationError: 'L’invitation n’a pas pu se charger',
  connectionAdvice: 'Vérifiez votre connexion internet et réessayez.',
  retry: 'Recommencer',
  announce: {
    invited: 'Vous êtes sur la liste des invités. Voici votre invitation.',
    notInvited: 'Vous êtes connecté, mais ce numéro n’est pas sur la liste des invités.',
    signedOut: 'Vous êtes déconnecté.',
  },
  invitation: {
    nav: { label: 'Rubriques', hero: 'Accueil', schedule: 'Programme', faq: 'Questions' },
    photos: 'Nos photos',
    greeting: { named: 'Bienvenue, {name} !', unnamed: 'Bienvenue !' },
    calendar: {
      wholeParty: 'Ajouter tout le week-end à votre agenda',
      eventGroup: 'Ajouter {title} à votre agenda',
      file: 'Fichier d’agenda',
      google: 'Google Calendar',
      outlook: 'Outlook',
    },
    places: {
      placeGroup: 'Trouver {title}',
      map: 'Carte',
      copy: 'Copier l’adresse',
      copied: 'Adresse copiée',
      copyFailed: 'Copie impossible : l’adresse est sélectionnée, copiez-la vous-même',
    },
    rsvp: {
      heading: 'Votre réponse',
      subtitle: 'Dites-nous si vous venez, et combien vous serez.',
      question: 'Vous venez ?',
      yes: 'Oui, je serai là',
      no: 'Désolé, je ne peux pas venir',
      partySize: 'Combien serez-vous, vous compris ?',
      partySizeHint: 'Jusqu’à {max}.',
      note: 'Un mot pour nous (facultatif)',
      noteHint:
        'Allergies, une chanson à demander, ce que vous voulez. Jusqu’à {max} caractères ; nous seuls le lisons.',
      submit: 'Envoyer ma réponse',
      update: 'Modifier ma réponse',
      saving: 'Enregistrement…',
      saved: 'Merci ! Votre réponse est enregistrée.',
      chooseOne: 'Choisissez oui ou non.',
      until: 'Vous pouvez répondre, et changer d’avis, jusqu’au {date}.',
      closed: 'Les réponses sont closes depuis le {date} : la vôtre ne peut plus changer.',
      yourAnswer: 'Ce que vous avez répondu',
      comingAlone: 'Vous venez, seul',
      comingWith: 'Vous venez à {count}',
      notComing: 'Vous ne venez pas',
      noAnswer: 'Vous n’avez pas répondu.',
      yourNote: 'Votre mot',
      loading: 'Chargement de votre réponse…',
      loadFailed: 'Votre réponse n’a pas pu se charger.',
      retry: 'Réessayer',
      saveFailed: 'Votre réponse n’est pas enregistrée : {reason}',
      offline: 'le serveur est injoignable. Vérifiez votre connexion internet et réessayez.',
    },
    passkeyOffer: {
      label: 'Clé d’accès',
      strings: {
        registerTitle: 'Connectez-vous plus vite la prochaine fois',
        registerText:
          'Enregistrez une clé d’accès sur cet appareil et revenez avec votre visage, votre empreinte ou le verrouillage de l’écran, sans attendre de SMS.',
        createPasskey: 'Créer une clé d’accès',
        skip: 'Non merci',
        registrationSuccessTitle: 'Clé d’accès enregistrée : la prochaine fois, pas besoin de SMS.',
        done: 'Terminé',
      },
      outcomes: {
        skipped:
          'Pas de clé d’accès, donc : vous vous connecterez par SMS, et nous ne vous le redemanderons pas sur cet appareil.',
        done: 'La prochaine fois, connectez-vous avec votre clé d’accès : sans SMS.',
      },
    },
  },
};

export default fr;
