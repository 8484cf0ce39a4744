"use client";
// The answer as it streams in (its text, then any tool calls), then what it cost and how it was routed; or what went wrong and
// what to do about it.
import { plainMessage } from "@/components/console/plain-message";
import { formatCredits } from "@/components/console/format-credits";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ToolCallsList } from "./tool-calls-list";
import type { RunState } from "./use-playground-run";

const statusTone = { idle: "neutral", starting: "busy", streaming: "busy", done: "good", stopped: "warn", failed: "bad" } as const;

/** Failures of the way there (no answer in time, the stream broke), which sending again may mend. */
const retryable = new Set(["timeout", "stream_failed", "unreachable"]);

export function AnswerPanel({ run, onUseProduct, onRetry }: { run: RunState; onUseProduct: (product: string) => void; onRetry: () => void }) {
  const onlyCalls = run.calls.length > 0 && !run.output;
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Answer</h2>
        <Badge tone={statusTone[run.status]} testId="playground-status">
          {run.status}
        </Badge>
      </div>
      <pre
        data-testid="playground-output"
        aria-live="polite"
        aria-busy={run.status === "streaming"}
        className={`${onlyCalls ? "" : "min-h-40"} max-h-[28rem] overflow-auto whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-sm text-slate-800`}
      >
        {run.output || (run.status === "idle" ? <span className="text-slate-500">Run a request to see the answer stream in here.</span> : onlyCalls ? <span className="text-slate-500">No text: the answer is the calls below.</span> : "")}
      </pre>
      <ToolCallsList calls={run.calls} />
      {run.status === "stopped" && <Alert tone="warning">Stopped. The engine call was cancelled; only the text above is charged.</Alert>}
      {run.error && (
        <Alert>
          <span className="font-mono text-xs" data-testid="playground-error-code">
            {run.error.code}
          </span>
          : {plainMessage(run.error.message)}
          {run.error.suggested_product && (
            <Button variant="secondary" className="ml-2 mt-2" onClick={() => onUseProduct(run.error!.suggested_product!)}>
              Use {run.error.suggested_product}
            </Button>
          )}
          {retryable.has(run.error.code) && (
            <Button variant="secondary" className="ml-2 mt-2" onClick={onRetry}>
              Retry
            </Button>
          )}
        </Alert>
      )}
      {run.done && (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4" data-testid="playground-usage">
          <dt className="text-slate-500">Input tokens</dt>
          <dd className="tabular-nums">{run.done.usage.input_tokens}</dd>
          <dt className="text-slate-500">Output tokens</dt>
          <dd className="tabular-nums">{run.done.usage.output_tokens}</dd>
          <dt className="text-slate-500">Credits</dt>
          <dd className="tabular-nums" data-testid="playground-credits">
            {formatCredits(run.done.usage.credits)}
          </dd>
          <dt className="text-slate-500">Product</dt>
          <dd>{run.done.product}</dd>
          <dt className="col-span-2 text-slate-500 sm:col-span-4">Routing</dt>
          <dd className="col-span-2 sm:col-span-4" data-testid="playground-routing">
            {run.done.routing.reason}
          </dd>
        </dl>
      )}
    </div>
  );
}
