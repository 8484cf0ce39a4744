"use client";
// The calls an answer made: each tool's name and the arguments it was called with, pretty-printed.
import type { PlaygroundToolCall } from "@/server/ai/playground";

export function ToolCallsList({ calls }: { calls: PlaygroundToolCall[] }) {
  if (!calls.length) return null;
  return (
    <section aria-label="Tool calls" className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-700">Tool calls</h3>
      <ul className="space-y-2">
        {calls.map((call) => (
          <li key={call.id} data-testid="playground-tool-call" className="rounded-md border border-slate-200 p-3">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <code className="break-all font-semibold" data-testid="playground-tool-call-name">
                {call.name}
              </code>
              <span className="break-all font-mono text-xs text-slate-500">{call.id}</span>
            </p>
            <pre data-testid="playground-tool-call-arguments" className="mt-2 overflow-x-auto whitespace-pre rounded bg-slate-50 p-2 font-mono text-xs text-slate-800">
              {JSON.stringify(call.arguments, null, 2)}
            </pre>
          </li>
        ))}
      </ul>
    </section>
  );
}
