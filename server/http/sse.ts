// Long answers over HTTP. sseResponse: server-sent events with a `: keep-alive` comment after
// KEEPALIVE_MS of silence (also before the first event); a client that disconnects aborts `signal`,
// and so does the end of the shutdown grace (with a service_unavailable reason).
// longRunResponse: a JSON answer that, when it takes longer than LONG_RUN_AFTER_MS, sends its
// status and headers early and one space per KEEPALIVE_MS until the body is ready.
import "server-only";
import { env } from "../env";
import { whenGraceOver } from "../lifecycle";
import { log } from "../log";
import { metrics } from "../metrics";
import { holdRequest } from "../request-context";

const encoder = new TextEncoder();

/** Sends one event; a null event name sends a bare `data:` line (the OpenAI wire format). */
export type Emit = (event: string | null, data: unknown) => void;

export function sseResponse(
  run: (emit: Emit, signal: AbortSignal) => Promise<void>,
  headers: Record<string, string>,
  clientSignal?: AbortSignal,
): Response {
  const controller = new AbortController();
  clientSignal?.addEventListener("abort", () => controller.abort(new Error("client disconnected")), { once: true });
  // Past the shutdown grace the run is aborted with a service_unavailable reason: it settles what
  // it delivered and sends its terminal error event.
  const endGrace = whenGraceOver((reason) => controller.abort(reason));
  let timer: NodeJS.Timeout | undefined;
  // False once the stream is closed or the client cancelled it: nothing may be enqueued or closed
  // after that (the controller throws, and from a timer or a settled promise nobody would catch it).
  let open = true;
  const stream = new ReadableStream<Uint8Array>({
    start(sink) {
      const write = (chunk: string) => {
        if (!open) return;
        try {
          sink.enqueue(encoder.encode(chunk));
        } catch {
          open = false;
        }
        // One timer per stream, restarted by each write: a new timer per word would outlive the
        // young generation at a word a second and pile up as garbage in the old one.
        if (timer) timer.refresh();
        else timer = setTimeout(keepAlive, env.KEEPALIVE_MS);
      };
      const keepAlive = () => write(": keep-alive\n\n");
      write(""); // arms the keep-alive before the first event
      metrics().openStreams.inc();
      // The stream's request stays in flight (for the event-loop watchdog) until its run ends.
      const release = holdRequest();
      const emit: Emit = (event, data) =>
        write(`${event ? `event: ${event}\n` : ""}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`);
      void run(emit, controller.signal)
        // run() sends its failures as events; one that escapes it is a bug, logged (never unhandled).
        .catch((error: unknown) => log.error({ err: error }, "stream failed"))
        .finally(() => {
          release();
          metrics().openStreams.dec();
          endGrace();
          clearTimeout(timer);
          if (open) sink.close();
          open = false;
        });
    },
    cancel() {
      open = false;
      clearTimeout(timer);
      endGrace();
      controller.abort(new Error("client disconnected"));
    },
  });
  return new Response(stream, {
    status: 200,
    headers: { ...headers, "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache", "X-Accel-Buffering": "no" },
  });
}

export async function longRunResponse(
  work: Promise<{ status: number; body: unknown }>,
  headers: Record<string, string>,
): Promise<Response> {
  let settled: { status: number; body: unknown } | undefined;
  const tracked = work.then((result) => (settled = result));
  const early = await Promise.race([tracked, new Promise<void>((resolve) => setTimeout(resolve, env.LONG_RUN_AFTER_MS).unref())]);
  if (early !== undefined || settled) {
    const result = settled!;
    return Response.json(result.body, { status: result.status, headers });
  }
  // Past the threshold: 200 now, spaces meanwhile (JSON allows leading white space), body at the end.
  // A client that goes away cancels the stream: the beats stop and the late body is dropped (the
  // work itself is cancelled through the request's signal).
  let open = true;
  let beat: NodeJS.Timeout | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(sink) {
      const write = (text: string) => {
        if (open) sink.enqueue(encoder.encode(text));
      };
      beat = setInterval(() => write(" "), env.KEEPALIVE_MS);
      write(" ");
      void tracked.then((result) => {
        clearInterval(beat);
        write(JSON.stringify(result.body));
        if (open) sink.close();
        open = false;
      });
    },
    cancel() {
      open = false;
      clearInterval(beat);
    },
  });
  return new Response(stream, { status: 200, headers: { ...headers, "Content-Type": "application/json" } });
}
