/**
 * The toasts' state and timing, free of any UI framework: a list of toasts, the timers that
 * dismiss them and remove them, and listeners told of every change. All time goes through an
 * injected {@link Clock}, so tests move it by hand.
 */

import { type Clock, systemClock, type TimerHandle } from '../client/clock.js';

/** The kinds of toast. */
export const ToastType = {
  BLANK: 'blank',
  ERROR: 'error',
  SUCCESS: 'success',
  LOADING: 'loading',
  CUSTOM: 'custom',
} as const;

/** One of {@link ToastType}'s values. */
export type ToastType = (typeof ToastType)[keyof typeof ToastType];

/**
 * How long each kind of toast shows before it dismisses itself (spec section 9): 4 s for
 * blank, error and custom, 2 s for success; loading toasts stay until dismissed.
 */
export const TOAST_DURATIONS_MS: Readonly<Record<ToastType, number>> = {
  blank: 4000,
  error: 4000,
  success: 2000,
  loading: Number.POSITIVE_INFINITY,
  custom: 4000,
};

/** At most this many toasts exist at once; a new one beyond it removes the oldest. */
export const TOAST_LIMIT = 20;

/** A dismissed toast stays (invisible, for its exit transition) this long before removal. */
export const TOAST_REMOVE_DELAY_MS = 1000;

/** A toast as listeners see it. A change replaces the object, so identity marks a change. */
export interface Toast {
  readonly id: string;
  readonly type: ToastType;
  readonly message: string;
  /** When it was created or last updated through {@link ToastStore.toast}, per the clock. */
  readonly createdAt: number;
  /** Milliseconds it shows before dismissing itself; `Infinity` for never. */
  readonly duration: number;
  /** False once dismissed: it is leaving and will be removed shortly. */
  readonly visible: boolean;
}

/** Options of {@link ToastStore.toast}. */
export interface ToastOptions {
  /** The kind; `blank` unless given. */
  readonly type?: ToastType;
  /** Milliseconds before it dismisses itself; the type's duration unless given. */
  readonly duration?: number;
  /** Reusing the id of an existing toast updates that toast in place (and restarts it). */
  readonly id?: string;
}

/** Options of the convenience methods, which set the type themselves. */
export type TypedToastOptions = Omit<ToastOptions, 'type'>;

/** Told of the current toasts, oldest first, after every change. */
export type ToastListener = (toasts: readonly Toast[]) => void;

interface Timers {
  dismiss?: TimerHandle;
  remove?: TimerHandle;
  /** While paused: the time left before dismissal. */
  remaining?: number;
  /** When the running dismiss timer was started. */
  startedAt?: number;
}

/**
 * The toasts and their lifecycle: shown, dismissed (invisible) after the type's duration or
 * on request, removed {@link TOAST_REMOVE_DELAY_MS} after dismissal. {@link pause} stops the
 * dismissal countdowns (the toaster calls it while the pointer or focus is on a toast) and
 * {@link resume} continues them with the time that was left.
 */
export class ToastStore {
  private list: readonly Toast[] = [];
  private readonly timers = new Map<string, Timers>();
  private readonly listeners = new Set<ToastListener>();
  private nextId = 1;
  private paused = false;

  /** @param clock The time source and timers; the system clock unless given. */
  constructor(private readonly clock: Clock = systemClock) {}

  /** The current toasts, oldest first. */
  get toasts(): readonly Toast[] {
    return this.list;
  }

  /** Calls `listener` after every change until the returned function is called. */
  subscribe(listener: ToastListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Shows a toast, or updates the one with `options.id`, and returns its id. */
  toast(message: string, options: ToastOptions = {}): string {
    const type = options.type ?? ToastType.BLANK;
    const duration = validDuration(options.duration) ?? TOAST_DURATIONS_MS[type];
    const id = options.id ?? `toast-${this.nextId++}`;
    const toast: Toast = {
      id,
      type,
      message,
      createdAt: this.clock.now(),
      duration,
      visible: true,
    };
    this.clearTimers(id);
    const existing = this.list.some((item) => item.id === id);
    let list = existing
      ? this.list.map((item) => (item.id === id ? toast : item))
      : [...this.list, toast];
    while (list.length > TOAST_LIMIT) {
      const [oldest, ...rest] = list;
      if (oldest) this.clearTimers(oldest.id);
      list = rest;
    }
    this.list = list;
    this.startDismissTimer(id, duration);
    this.emit();
    return id;
  }

  /** A blank toast: text only, 4 s. */
  blank(message: string, options?: TypedToastOptions): string {
    return this.toast(message, { ...options, type: ToastType.BLANK });
  }

  /** An error toast: announced assertively, 4 s. */
  error(message: string, options?: TypedToastOptions): string {
    return this.toast(message, { ...options, type: ToastType.ERROR });
  }

  /** A success toast: 2 s. */
  success(message: string, options?: TypedToastOptions): string {
    return this.toast(message, { ...options, type: ToastType.SUCCESS });
  }

  /** A loading toast: stays until dismissed or replaced through its id. */
  loading(message: string, options?: TypedToastOptions): string {
    return this.toast(message, { ...options, type: ToastType.LOADING });
  }

  /** A custom toast: no icon, 4 s. */
  custom(message: string, options?: TypedToastOptions): string {
    return this.toast(message, { ...options, type: ToastType.CUSTOM });
  }

  /**
   * Hides the toast with `id` (every toast without one) and removes it
   * {@link TOAST_REMOVE_DELAY_MS} later. Dismissing a dismissed toast changes nothing.
   */
  dismiss(id?: string): void {
    const leaving = this.list.filter(
      (toast) => toast.visible && (id === undefined || toast.id === id),
    );
    if (leaving.length === 0) return;
    for (const toast of leaving) {
      this.clearTimers(toast.id);
      const remove = this.clock.setTimeout(() => this.remove(toast.id), TOAST_REMOVE_DELAY_MS);
      this.timers.set(toast.id, { remove });
    }
    const ids = new Set(leaving.map((toast) => toast.id));
    this.list = this.list.map((toast) =>
      ids.has(toast.id) ? { ...toast, visible: false } : toast,
    );
    this.emit();
  }

  /** Removes the toast with `id` (every toast without one) at once. */
  remove(id?: string): void {
    const gone = this.list.filter((toast) => id === undefined || toast.id === id);
    if (gone.length === 0) return;
    for (const toast of gone) this.clearTimers(toast.id);
    this.list = this.list.filter((toast) => !gone.includes(toast));
    this.emit();
  }

  /** Stops the dismissal countdowns, keeping the time each toast has left. */
  pause(): void {
    if (this.paused) return;
    this.paused = true;
    const now = this.clock.now();
    for (const timers of this.timers.values()) {
      if (timers.dismiss === undefined || timers.startedAt === undefined) continue;
      this.clock.clearTimeout(timers.dismiss);
      timers.remaining = Math.max(0, (timers.remaining ?? 0) - (now - timers.startedAt));
      timers.dismiss = undefined;
      timers.startedAt = undefined;
    }
  }

  /** Continues the dismissal countdowns stopped by {@link pause}. */
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    for (const [id, timers] of this.timers) {
      if (timers.remaining === undefined || timers.remove !== undefined) continue;
      this.startDismissTimer(id, timers.remaining);
    }
  }

  private startDismissTimer(id: string, delay: number): void {
    if (!Number.isFinite(delay)) return;
    if (this.paused) {
      this.timers.set(id, { remaining: delay });
      return;
    }
    const dismiss = this.clock.setTimeout(() => this.dismiss(id), delay);
    this.timers.set(id, { dismiss, remaining: delay, startedAt: this.clock.now() });
  }

  private clearTimers(id: string): void {
    const timers = this.timers.get(id);
    if (!timers) return;
    if (timers.dismiss !== undefined) this.clock.clearTimeout(timers.dismiss);
    if (timers.remove !== undefined) this.clock.clearTimeout(timers.remove);
    this.timers.delete(id);
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener(this.list);
  }
}

/** A duration option worth using: a number that is not negative (`Infinity` allowed). */
function validDuration(duration: number | undefined): number | undefined {
  return typeof duration === 'number' && duration >= 0 ? duration : undefined;
}
