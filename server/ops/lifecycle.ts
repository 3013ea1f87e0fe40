/**
 * Where the process is in its life: serving, or draining before it stops. `main.ts` owns one;
 * the readiness check reads it and the shutdown sequence moves it on.
 */
export class ServerLifecycle {
  #draining = false;
  #closing = false;

  /** True once shutdown began: the process still serves but should get no new traffic. */
  get draining(): boolean {
    return this.#draining;
  }

  /** Marks the process as draining; readiness answers 503 from now on. */
  startDraining(): void {
    this.#draining = true;
  }

  /** True once the server stopped accepting: a request that still arrives is refused. */
  get closing(): boolean {
    return this.#closing;
  }

  /** Marks the server as closing (it drained and stops accepting; implies draining). */
  startClosing(): void {
    this.#draining = true;
    this.#closing = true;
  }
}
