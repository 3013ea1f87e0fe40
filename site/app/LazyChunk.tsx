/**
 * A component loaded as a lazy chunk, with what to show while it loads and, if it fails to load
 * (offline, a flaky network, a deploy that replaced the file), a way to try again in place: each
 * retry asks for the chunk anew instead of reusing React's failed `lazy()` result.
 */
import {
  type ComponentType,
  type JSX,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useMemo,
  useState,
} from 'react';
import { ChunkErrorBoundary } from './ChunkErrorBoundary.js';

/** A module whose default export is the component. */
export type ChunkLoader<P> = () => Promise<{ default: ComponentType<P> }>;

/** Props of {@link LazyChunk}. */
export interface LazyChunkProps<P> {
  /** Loads the chunk; a module-level function, so it stays the same between renders. */
  load: ChunkLoader<P>;
  /** The component's props. */
  props: P & JSX.IntrinsicAttributes;
  /** Shown while the chunk loads. */
  loading: ReactNode;
  /** Shown when the chunk failed to load; `retry` loads it again. */
  failed: (retry: () => void) => ReactNode;
}

/** The lazily loaded component, or its loading or failure screen. */
export function LazyChunk<P>({ load, props, loading, failed }: LazyChunkProps<P>) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React keeps a failed one failed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what asks for a new load.
  const Component = useMemo(() => lazy(load), [load, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return (
    <ChunkErrorBoundary key={attempt} fallback={failed(retry)}>
      <Suspense fallback={loading}>
        <Component {...props} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
