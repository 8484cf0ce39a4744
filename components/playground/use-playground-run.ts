"use client";
// One playground run: start it (the request goes in a POST body), then stream it through the
// tRPC subscription; stop() unsubscribes, which closes the stream and cancels the engine call.
import { useMutation } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useEffect, useState } from "react";
import { useTRPC } from "@/components/providers";
import type { PlaygroundEvent, PlaygroundToolCall } from "@/server/ai/playground";
import { requestBody, type PlaygroundForm } from "./playground-request";

type Done = Extract<PlaygroundEvent, { type: "done" }>["generation"];
type Failure = Extract<PlaygroundEvent, { type: "error" }>["error"];
export type RunState = { output: string; calls: PlaygroundToolCall[]; status: "idle" | "starting" | "streaming" | "done" | "stopped" | "failed"; done?: Done; error?: Failure };

/** How long a run may wait for its stream to open before the console says the network failed. */
const FIRST_ANSWER_MS = 20_000;

export function usePlaygroundRun(projectId: string) {
  const trpc = useTRPC();
  const [runId, setRunId] = useState<string | null>(null);
  const [run, setRun] = useState<RunState>({ output: "", calls: [], status: "idle" });
  const start = useMutation(trpc.playground.start.mutationOptions());

  const stream = useSubscription(
    trpc.playground.stream.subscriptionOptions(runId ? { projectId, runId } : (undefined as never), {
      enabled: runId !== null,
      onData: (event) => {
        if (event.type === "delta") setRun((r) => ({ ...r, status: "streaming", output: r.output + event.text }));
        else if (event.type === "tool_call") setRun((r) => ({ ...r, status: "streaming", calls: [...r.calls, event.call] }));
        else if (event.type === "done") {
          setRun((r) => ({ ...r, status: "done", done: event.generation }));
          setRunId(null);
        } else {
          setRun((r) => ({ ...r, status: "failed", error: event.error }));
          setRunId(null);
        }
      },
      onError: (error) => {
        setRun((r) => ({ ...r, status: "failed", error: { code: "stream_failed", message: error.message } }));
        setRunId(null);
      },
    }),
  );

  // Offline, the stream never opens and never fails: stop waiting and say so (Retry sends it again).
  // Once it is open ("pending": connected, waiting for data) the engine is working, however long
  // its first word takes: no timer then.
  const opened = stream.status === "pending";
  useEffect(() => {
    if (run.status !== "starting" || opened) return;
    const timer = setTimeout(() => {
      setRunId(null);
      setRun((r) => (r.status === "starting" ? { ...r, status: "failed", error: { code: "timeout", message: `No answer in ${FIRST_ANSWER_MS / 1000} seconds: Switchyard could not be reached. Check your connection and retry.` } } : r));
    }, FIRST_ANSWER_MS);
    return () => clearTimeout(timer);
  }, [run.status, opened]);

  const send = async (form: PlaygroundForm) => {
    setRun({ output: "", calls: [], status: "starting" });
    try {
      const { runId: id } = await start.mutateAsync({ projectId, endpoint: form.endpoint, request: requestBody(form) as never });
      setRunId(id);
    } catch (error) {
      const data = (error as { data?: { appCode?: string } }).data;
      setRun({ output: "", calls: [], status: "failed", error: { code: data?.appCode ?? (data ? "invalid_body" : "unreachable"), message: (error as Error).message } });
    }
  };

  const stop = () => {
    setRunId(null);
    setRun((r) => ({ ...r, status: "stopped" }));
  };

  return { run, send, stop, running: run.status === "starting" || run.status === "streaming" };
}
