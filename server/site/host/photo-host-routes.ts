/**
 * The photos over the hosts' API: `GET /photos` (each slot's file, description and address, and
 * whether this server can convert uploads) and `PUT /photos/:slot` (a raw JPEG, PNG or WebP body,
 * at most 15 MB), converted by the same pipeline as `npm run site:photos` and stored in place of
 * the slot's files: the slots keep their names, so the hero's and the footer's references never
 * change and guests get the new photo at the old address on their next load. Descriptions (`alt`)
 * are the content's (`PUT /content`).
 */
import {
  type InvitationContent,
  invitation,
  PHOTO_NAME,
} from '../../../site/content/invitation.js';
import { ContentRepository } from '../content/content-repository.js';
import {
  ImageToolsMissingError,
  isPhotoSlot,
  PHOTO_SLOTS,
  PhotoInputError,
  type PhotoSlot,
  slotFile,
  slotMainFile,
  UPLOAD_LIMITS,
} from '../photos/photo-pipeline.js';
import { SitePhotoRepository, type StoredPhoto } from '../photos/photo-repository.js';
import { PhotoUploads, photoToolAdvice } from '../photos/photo-uploads.js';
import { type HostApi, HostInputError } from './host-api.js';
import type { HostRouteDeps } from './host-route-deps.js';

/** The body types an upload may have. */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** What a host calls a slot, in the audit log. */
function slotLabel(slot: PhotoSlot): string {
  return slot === 'footer' ? 'the footer image' : `photobooth photo ${slot.slice(-1)}`;
}

/** The description of `slot` in `content` (the hosts' draft, which `PUT /content` edits). */
function altOf(slot: PhotoSlot, content: InvitationContent): string {
  if (slot === 'footer') return content.footer.image.alt;
  return content.photos[Number(slot.slice(-1)) - 1]?.alt ?? '';
}

/** A slot as the page reads it. */
function photoBody(
  slot: PhotoSlot,
  stored: ReadonlyMap<string, StoredPhoto>,
  content: InvitationContent,
) {
  const main = slotMainFile(PHOTO_NAME, slot);
  const uploaded = stored.get(main);
  return {
    slot,
    file: slotFile(PHOTO_NAME, slot),
    alt: altOf(slot, content),
    url: `/${main}`,
    /** When a host last uploaded it; null for the photo the site was built with. */
    uploaded_at: uploaded ? new Date(uploaded.createdAt).toISOString() : null,
  };
}

/** Registers the photos' routes. */
export function photoHostRoutes(api: HostApi, deps: HostRouteDeps): void {
  const projectId = deps.project.projectId;
  const photos = new SitePhotoRepository(deps.store.db);
  const uploads = new PhotoUploads({ photos, projectId, name: PHOTO_NAME, clock: deps.clock });
  const storedByName = async () =>
    new Map((await photos.list(projectId)).map((photo) => [photo.name, photo]));

  const contents = new ContentRepository(deps.store.db);
  /** The draft's descriptions; the seed's before the content was stored. */
  const draft = async () => (await contents.find(projectId))?.draft ?? invitation;

  api.get('/photos', async () => {
    const [tools, stored, content] = await Promise.all([
      uploads.toolStatus(),
      storedByName(),
      draft(),
    ]);
    return { tools, photos: PHOTO_SLOTS.map((slot) => photoBody(slot, stored, content)) };
  });

  api.put(
    '/photos/:slot',
    async ({ request, reply, audit }) => {
      const { slot } = request.params as { slot: string };
      if (!isPhotoSlot(slot)) {
        throw new HostInputError(`There is no photo called ${slot}: ${PHOTO_SLOTS.join(', ')}.`, {
          field: 'slot',
          status: 404,
          error: 'unknown_slot',
        });
      }
      const image = request.body;
      if (!Buffer.isBuffer(image) || image.byteLength === 0) {
        throw new HostInputError('Send the image itself as the body (JPEG, PNG or WebP).', {
          field: 'image',
        });
      }
      const tools = await uploads.toolStatus();
      if (!tools.available) {
        reply.code(503);
        return { error: 'image_tools_missing', message: tools.advice, missing: tools.missing };
      }
      let warnings: readonly string[];
      try {
        ({ warnings } = await uploads.upload(slot, image));
      } catch (error) {
        if (error instanceof PhotoInputError) {
          throw new HostInputError(error.message, { field: 'image', error: error.code });
        }
        if (error instanceof ImageToolsMissingError) {
          const missing = error.missing.map((tool) => tool.name);
          reply.code(503);
          return { error: 'image_tools_missing', message: photoToolAdvice(missing), missing };
        }
        throw error;
      }
      await audit('photo.replace', `Replaced ${slotLabel(slot)}`);
      return { photo: photoBody(slot, await storedByName(), await draft()), warnings };
    },
    { contentTypes: IMAGE_TYPES, bodyLimit: UPLOAD_LIMITS.maxBytes },
  );
}
