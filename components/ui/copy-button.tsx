"use client";
import { useState } from "react";
import { Button } from "./button";

// navigator.clipboard exists only on secure origins (https, localhost); elsewhere fall back to the
// older copy command on a temporary text area.
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the fallback
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  return copied;
}

export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    setState((await copyText(text)) ? "copied" : "failed");
    setTimeout(() => setState("idle"), 2000);
  };
  return (
    <Button variant="secondary" className="whitespace-nowrap" onClick={copy}>
      {state === "copied" ? "Copied" : state === "failed" ? "Select and copy by hand" : label}
    </Button>
  );
}
