/**
 * The hero: four photobooth photos, the names, the greeting of the signed-in guest, the
 * tagline, the date and the city. The photos
 * come in two widths as AVIF, WebP and JPEG; the browser picks what fits the screen.
 */
import type { Ref } from 'react';
import { partyDateText } from '../content/date-text.js';
import type { InvitationContent, Photo } from '../content/invitation.js';
import { useSiteTexts } from '../i18n/site-texts-context.js';
import { Greeting, type GreetingSession } from './Greeting.js';
import { RichText } from './RichText.js';

/** The widths each photo is available in (see `scripts/site-photos.ts`). */
const WIDTHS = [400, 800] as const;
/** Intrinsic size of the photos (4:5). */
const PHOTO_SIZE = { width: 800, height: 1000 } as const;
/** Two columns on phones, four in a row from 720px. */
const SIZES = '(min-width: 1100px) 240px, (min-width: 720px) 22vw, 44vw';

function srcset(photo: Photo, extension: 'avif' | 'webp'): string {
  return WIDTHS.map((width) => `/${photo.file}-${width}w.${extension} ${width}w`).join(', ');
}

/** One photo as a `<picture>` with its modern formats. */
function PhotoboothPhoto({ photo, index }: { photo: Photo; index: number }) {
  return (
    <li className={`photo photo-${index + 1}`}>
      <picture>
        <source type="image/avif" srcSet={srcset(photo, 'avif')} sizes={SIZES} />
        <source type="image/webp" srcSet={srcset(photo, 'webp')} sizes={SIZES} />
        <img
          src={`/${photo.file}.jpg`}
          srcSet={`/${photo.file}-400w.jpg 400w, /${photo.file}.jpg 800w`}
          sizes={SIZES}
          width={PHOTO_SIZE.width}
          height={PHOTO_SIZE.height}
          alt={photo.alt}
          decoding="async"
          fetchPriority={index === 0 ? 'high' : 'auto'}
        />
      </picture>
    </li>
  );
}

/** Props of {@link Hero}. */
export interface HeroProps {
  content: Pick<
    InvitationContent,
    'names' | 'tagline' | 'greeting' | 'isoDate' | 'location' | 'photos'
  >;
  /** The signed-in guest's session, whose user the greeting names. */
  session: GreetingSession;
  /** The names heading, which takes focus when the invitation arrives after a sign-in. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The hero section (`#hero`). */
export function Hero({ content, session, headingRef }: HeroProps) {
  const texts = useSiteTexts();
  const chrome = texts.invitation;
  return (
    <section id="hero" className="hero" aria-labelledby="hero-heading">
      <ul className="photos" aria-label={chrome.photos}>
        {content.photos.map((photo, index) => (
          <PhotoboothPhoto key={photo.file} photo={photo} index={index} />
        ))}
      </ul>
      <h1 id="hero-heading" className="hero-names" ref={headingRef} tabIndex={-1}>
        {content.names}
      </h1>
      <Greeting session={session} texts={{ ...content.greeting, ...chrome.greeting }} />
      <p className="hero-tagline">
        <RichText text={content.tagline} />
      </p>
      <p className="hero-when">
        <time dateTime={content.isoDate}>{partyDateText(content.isoDate, texts.lang)}</time>
        <span aria-hidden="true"> · </span>
        <span>{content.location}</span>
      </p>
    </section>
  );
}
