"use client";
// The one moment a secret (an API key, a signing secret) is shown in full: with a copy button and
// a "store it now" note. The secret lives in the caller's component state and nowhere else.
import { useEffect, useRef, type ReactNode } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import { Card } from "./card";
import { CopyButton } from "./copy-button";

type SecretRevealProps = {
  title: string;
  /** What the secret belongs to (a key's name), after the title. */
  subtitle?: string;
  /** Names the region for screen readers: "New API key". */
  label: string;
  secret: string;
  /** Why it is shown once, and what else to know. */
  note: ReactNode;
  copyLabel: string;
  testId: string;
  onDone: () => void;
  /** Inside a card of its own (default), or bare inside another card. */
  framed?: boolean;
};

export function SecretReveal({ title, subtitle, label, secret, note, copyLabel, testId, onDone, framed = true }: SecretRevealProps) {
  // Focus moves to the secret as it appears, and back to where it was (the form) once it is stored.
  const region = useRef<HTMLDivElement>(null);
  const before = useRef<Element | null>(null);
  useEffect(() => {
    before.current = document.activeElement;
    region.current?.focus();
  }, []);
  const done = () => {
    const back = before.current;
    onDone();
    requestAnimationFrame(() => (back instanceof HTMLElement && back.isConnected && back !== document.body ? back : document.getElementById("content"))?.focus());
  };
  const body = (
    <div className="space-y-3 focus:outline-none" aria-label={label} role="region" ref={region} tabIndex={-1}>
      <Alert tone="warning">{note}</Alert>
      <div className="flex flex-wrap items-center gap-2">
        <code data-testid={testId} className="min-w-0 max-w-full break-all rounded-md bg-slate-900 px-3 py-2 font-mono text-sm text-slate-50">
          {secret}
        </code>
        <CopyButton text={secret} label={copyLabel} />
      </div>
      <Button variant="secondary" onClick={done}>
        I have stored it
      </Button>
    </div>
  );
  if (!framed) {
    return (
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        {body}
      </div>
    );
  }
  return (
    <Card title={title} subtitle={subtitle}>
      {body}
    </Card>
  );
}
