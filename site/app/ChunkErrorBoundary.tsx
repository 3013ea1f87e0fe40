/**
 * Catches a lazy chunk that failed to load (offline, or the server refused it) and shows a
 * fallback instead of a blank page.
 */
import { Component, type ReactNode } from 'react';

/** Props of {@link ChunkErrorBoundary}. */
export interface ChunkErrorBoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

/** Shows `fallback` once a child threw while rendering (a rejected lazy import included). */
export class ChunkErrorBoundary extends Component<ChunkErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
