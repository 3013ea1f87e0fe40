/**
 * Where the process is in its life: serving, or draining before it stops. `main.ts` owns one;
 * the readiness check reads it and the shutdown sequence moves it on.
 */
export class ServerLifecycle {
  #draining = false;

  /** True once shutdown began: the process serves the connections open, and accepts no more. */
  get draining(): boolean {
    return this.#draining;
  }

  /** Marks the process as draining; readiness answers 503 from now on. */
  startDraining(): void {
    this.#draining = true;
  }
}
