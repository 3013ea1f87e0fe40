/**
 * The draft as guests would see it: the invitation's own component (`site/invitation/`,
 * loaded as guests load it) given the draft as its content, under a bar that says it is a
 * preview and leads back to the form. The invitation's first screen is not announced as a
 * guest's arrival: it sits in a screen-arrival of its own.
 */
import { useEffect, useRef } from 'react';
import type { VelvetClient } from '../../widget/client/index.js';
import { LazyChunk } from '../app/LazyChunk.js';
import { ScreenArrival } from '../app/screen-arrival.js';
import type { InvitationContent } from '../content/invitation.js';

/** What the preview gives the invitation. */
interface PreviewProps {
  client: VelvetClient;
  content: InvitationContent;
}

/** The invitation's component, in its private chunk. */
const loadInvitation = () => import('../invitation/Invitation.js');

/** Props of {@link ContentPreview}. */
export interface ContentPreviewProps extends PreviewProps {
  onClose: () => void;
}

/** The preview (see the module comment). */
export function ContentPreview({ client, content, onClose }: ContentPreviewProps) {
  const bar = useRef<HTMLParagraphElement>(null);
  useEffect(() => bar.current?.focus(), []);
  return (
    <div className="host-preview">
      <aside className="host-preview-bar" aria-label="Preview">
        <p ref={bar} tabIndex={-1}>
          Preview of the draft: guests see it only once you publish.
        </p>
        <button type="button" className="host-button host-button--main" onClick={onClose}>
          Back to editing
        </button>
      </aside>
      <ScreenArrival>
        <LazyChunk<PreviewProps>
          load={loadInvitation}
          props={{ client, content }}
          loading={<p role="status">Loading the preview…</p>}
          failed={(retry) => (
            <div className="host-problem" role="alert">
              <p>The preview could not load.</p>
              <button type="button" className="host-button" onClick={retry}>
                Retry
              </button>
            </div>
          )}
        />
      </ScreenArrival>
    </div>
  );
}
