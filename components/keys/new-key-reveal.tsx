"use client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import type { CreatedKey } from "./create-key-form";

/** The only place the full key is ever shown; it lives in component state and nowhere else. */
export function NewKeyReveal({ created, onDone }: { created: CreatedKey; onDone: () => void }) {
  return (
    <Card title={`New key: ${created.name}`}>
      <div className="space-y-3" aria-label="New API key" role="region">
        <Alert tone="warning">
          Copy this key now. It is shown only once: Switchyard stores only a hash of it and cannot show it again.
        </Alert>
        <div className="flex flex-wrap items-center gap-2">
          <code data-testid="new-api-key" className="break-all rounded-md bg-slate-900 px-3 py-2 font-mono text-sm text-slate-50">
            {created.key}
          </code>
          <CopyButton text={created.key} label="Copy key" />
        </div>
        <Button variant="secondary" onClick={onDone}>
          I have copied it
        </Button>
      </div>
    </Card>
  );
}
