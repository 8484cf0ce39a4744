"use client";
// The playground: a request on the left, its streaming answer on the right, and the same request
// as a curl command to copy. Runs are charged to the selected project like any API call.
import { useEffect, useRef, useState } from "react";
import { useProject } from "@/components/console/project-context";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { AnswerPanel } from "./answer-panel";
import { curlCommand, initialForm, type PlaygroundForm } from "./playground-request";
import { RequestForm, type ProductChoice } from "./request-form";
import { usePlaygroundRun } from "./use-playground-run";

export function PlaygroundPanel({ products }: { products: ProductChoice[] }) {
  const { project } = useProject();
  const [form, setForm] = useState<PlaygroundForm>(initialForm);
  const [origin, setOrigin] = useState("https://switchyard.example");
  const { run, send, stop, running } = usePlaygroundRun(project.id);
  useEffect(() => setOrigin(window.location.origin), []);
  const curl = curlCommand(form, origin);
  const answer = useRef<HTMLDivElement>(null);
  const start = () => {
    void send(form);
    // On a phone the answer is below the form: bring it into view as it starts.
    if (answer.current && answer.current.getBoundingClientRect().top > window.innerHeight) answer.current.scrollIntoView({ behavior: "smooth" });
  };

  return (
    <div className="grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
      <Card title="Request">
        <RequestForm form={form} products={products} running={running} onChange={setForm} onSend={start} onStop={stop} />
      </Card>
      <div className="space-y-6" ref={answer}>
        <Card>
          <AnswerPanel run={run} onUseProduct={(product) => setForm({ ...form, product })} onRetry={start} />
        </Card>
        <Card title="The same request with curl">
          <pre className="whitespace-pre-wrap break-all rounded-md bg-slate-900 p-3 font-mono text-xs text-slate-100" data-testid="playground-curl">
            {curl}
          </pre>
          <div className="mt-3 flex items-center justify-between gap-3">
            <p className="text-xs text-slate-500">Set SWITCHYARD_API_KEY to a key of this project (API keys page).</p>
            <CopyButton text={curl} label="Copy curl" />
          </div>
        </Card>
      </div>
    </div>
  );
}
