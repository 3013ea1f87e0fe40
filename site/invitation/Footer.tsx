/** The footer: the thank-you line and a small image (80px tall at most). */
import type { InvitationContent } from '../content/invitation.js';

/** The footer image's displayed size, in CSS pixels. */
const FOOTER_IMAGE_PX = 80;

/** The page footer. */
export function Footer({ thanks, image }: InvitationContent['footer']) {
  return (
    <footer className="footer">
      <picture>
        <source type="image/webp" srcSet={`/${image.file}.webp`} />
        <img
          className="footer-image"
          src={`/${image.file}.png`}
          width={FOOTER_IMAGE_PX}
          height={FOOTER_IMAGE_PX}
          alt={image.alt}
          loading="lazy"
          decoding="async"
        />
      </picture>
      <p>{thanks}</p>
    </footer>
  );
}
