/**
 * The hosts' text with its links (`site/text/inline-links.ts`): checked `https:` links open in a
 * new tab and send no referrer; `mailto:` and `tel:` links open the guest's mail or phone app.
 */
import { inlineSegments } from '../text/inline-links.js';

/** `text` as plain words and real links. */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {inlineSegments(text).map((segment, index) =>
        segment.kind === 'text' ? (
          segment.text
        ) : segment.href.startsWith('https:') ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity but their place.
          <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer">
            {segment.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <a key={index} href={segment.href}>
            {segment.text}
          </a>
        ),
      )}
    </>
  );
}
