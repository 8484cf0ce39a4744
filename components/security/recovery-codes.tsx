"use client";
// The one moment recovery codes are shown: ten, each usable once in place of a code.
import { useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => region.current?.focus(), []);
  return (
    <div ref={region} tabIndex={-1} role="region" aria-label="Recovery codes" className="space-y-4 focus:outline-none" data-testid="recovery-codes">
      <Alert tone="warning">
        Store these recovery codes now, somewhere safe: they are shown only this once. Each signs you in once when you do not have your authenticator.
      </Alert>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">{code}</li>
        ))}
      </ul>
      <div className="flex gap-3">
        <CopyButton text={codes.join("\n")} label="Copy recovery codes" />
        <Button onClick={onDone}>I have stored them</Button>
      </div>
    </div>
  );
}
