/**
 * How long the bar takes to fill to ~90 % while loading (spec section 9: 10 s). Here, not in
 * `progress-bar.ts`, so a bundle that needs the widget's CSS but not the element (the identity
 * provider screen) does not define `<velvet-progress-bar>` a second time beside `velvet.js`.
 */
export const PROGRESS_ANIMATION_MS = 10_000;

/**
 * The progress bar's CSS, a plain string the widget concatenates into its one stylesheet.
 * Class selectors only, themed through the `--velvet-*` custom properties. The fill takes
 * exactly {@link PROGRESS_ANIMATION_MS}.
 */
export const progressBarStyles = `
.velvet-progress-bar-track {
  display: block;
  width: 100%;
  height: var(--velvet-progress-bar-height, 3px);
  overflow: hidden;
}
.velvet-progress-bar {
  width: 100%;
  height: 100%;
}
.velvet-progress-bar__indicator {
  width: 100%;
  height: 100%;
  background: var(--velvet-primary, #19303d);
  transform: scaleX(0.9);
  transform-origin: left center;
  animation: velvet-progress-bar-fill ${PROGRESS_ANIMATION_MS}ms cubic-bezier(0.1, 0.6, 0.3, 1)
    forwards;
}
.velvet-progress-bar__indicator:dir(rtl) {
  transform-origin: right center;
}
@keyframes velvet-progress-bar-fill {
  from {
    transform: scaleX(0);
  }
  to {
    transform: scaleX(0.9);
  }
}
@media (prefers-reduced-motion: reduce) {
  .velvet-progress-bar__indicator {
    animation: none;
    opacity: 0.6;
  }
}
`;
