// The life of a server process: serving, then draining after SIGTERM/SIGINT. Readiness fails as
// soon as draining starts; open HTTP exchanges are counted so that the shutdown can wait for them;
// work still running when the grace is over is aborted with a retryable `service_unavailable`,
// which each kind of work turns into its own terminal answer (a stream's `error` event after its
// delivered text is charged). The state lives on globalThis: the server's hooks and the route
// handlers are bundled apart and would otherwise each see a copy of their own.
import "server-only";
import { AppError } from "./errors";

/** One open exchange: what to do with it if it is still open when the grace is over. */
type Exchange = { cut: () => void };
type Lifecycle = { draining: boolean; open: Set<Exchange>; idle: Set<() => void>; graceOver: AbortController };
const holder = globalThis as unknown as { switchyardLifecycle?: Lifecycle };
const state = (): Lifecycle => (holder.switchyardLifecycle ??= { draining: false, open: new Set(), idle: new Set(), graceOver: new AbortController() });

export const draining = (): boolean => state().draining;

export function startDraining(): void {
  state().draining = true;
}

export const shuttingDown = () =>
  new AppError("service_unavailable", "The server is shutting down. Retry the request; another instance (or this one, restarted) will serve it.", { retry_after: 1 });

/**
 * Counts one HTTP exchange as open; the function returned closes it. `cut` is called if it is still
 * open when the grace is over (e.g. a request whose body is still trickling in is disconnected).
 */
export function exchangeOpened(cut: () => void = () => undefined): () => void {
  const s = state();
  const exchange: Exchange = { cut };
  s.open.add(exchange);
  return () => {
    if (!s.open.delete(exchange)) return;
    if (s.open.size === 0) for (const wake of [...s.idle]) wake();
  };
}

export const openExchanges = (): number => state().open.size;

/**
 * Calls `then` with `shuttingDown()` when the grace is over (at once if it is over already); the
 * function returned stops that, so the long-lived grace signal keeps no listener of finished work.
 */
export function whenGraceOver(then: (reason: AppError) => void): () => void {
  const graceOver = state().graceOver.signal;
  // The reason is made here, by the caller's copy of this module: the route handlers and the
  // server's hooks are bundled apart, and an AppError class of one bundle is not the other's.
  const fire = () => then(shuttingDown());
  if (graceOver.aborted) {
    fire();
    return () => undefined;
  }
  graceOver.addEventListener("abort", fire, { once: true });
  return () => graceOver.removeEventListener("abort", fire);
}

/**
 * `signal` (the client's), also aborted with `shuttingDown()` when the grace is over. `release()`
 * when the work is done.
 */
export function untilGraceOver(signal?: AbortSignal): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const fromClient = () => controller.abort(signal!.reason);
  if (signal?.aborted) fromClient();
  signal?.addEventListener("abort", fromClient, { once: true });
  const endGrace = whenGraceOver((reason) => controller.abort(reason));
  return {
    signal: controller.signal,
    release: () => {
      signal?.removeEventListener("abort", fromClient);
      endGrace();
    },
  };
}

/** True once every open exchange has closed, false if `ms` passed first. */
function allClosed(ms: number): Promise<boolean> {
  const s = state();
  if (s.open.size === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      s.idle.delete(wake);
      resolve(true);
    };
    const timer = setTimeout(() => {
      s.idle.delete(wake);
      resolve(false);
    }, ms);
    s.idle.add(wake);
  });
}

/**
 * Waits up to `graceMs` for the open exchanges; then aborts the work still running and waits (at
 * most `settleMs`) for it to settle and answer. Returns how many exchanges the grace cut short.
 */
export async function drain(graceMs: number, settleMs = 15_000): Promise<{ interrupted: number }> {
  if (await allClosed(graceMs)) return { interrupted: 0 };
  const interrupted = state().open.size;
  state().graceOver.abort();
  for (const exchange of [...state().open]) exchange.cut();
  await allClosed(settleMs);
  return { interrupted };
}
