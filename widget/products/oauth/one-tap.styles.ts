/**
 * Google One Tap's CSS. While the prompt shows alone (Google draws it over the page), the widget
 * around it is not drawn: the element's frame and title are hidden by `:has()` from here, so
 * the element (in every page's first download) carries nothing for One Tap. An error of the
 * sign-in (a refused ID token) still shows.
 */
export const oneTapStyles = `
velvet-google-one-tap {
  display: block;
}

.velvet-container:has(.velvet-one-tap--alone) {
  border: 0;
  padding: 0;
  background: none;
  box-shadow: none;
}

.velvet-container:has(.velvet-one-tap--alone) > :not(.velvet-main),
.velvet-main:has(.velvet-one-tap--alone) > :not(.velvet-section--oauth, velvet-alert) {
  display: none;
}

.velvet-one-tap {
  position: relative;
  display: flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  overflow: hidden;
  transition: height 150ms ease-out;
}

.velvet-one-tap #google-parent-prompt {
  width: 100%;
}

.velvet-one-tap__pending {
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  font-size: 0.875rem;
  color: var(--velvet-text-color, #5c5c5c);
}
`;
