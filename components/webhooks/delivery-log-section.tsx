"use client";
// The foot of an endpoint's card: "Delivery log", opened and closed in place.
import { useId } from "react";
import { DeliveryLog } from "./delivery-log";

type DeliveryLogSectionProps = { projectId: string; webhookId: string; enabled: boolean; open: boolean; onToggle: () => void };

export function DeliveryLogSection({ projectId, webhookId, enabled, open, onToggle }: DeliveryLogSectionProps) {
  const logId = useId();
  return (
    <div className="border-t border-slate-100 px-5 py-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={logId}
        onClick={onToggle}
        className="flex w-full items-center justify-between gap-2 rounded-md py-1 text-left text-sm font-medium text-slate-700 hover:text-slate-900"
      >
        Delivery log
        <span aria-hidden="true" className={`text-slate-500 transition-transform ${open ? "rotate-90" : ""}`}>
          ›
        </span>
      </button>
      <div id={logId} hidden={!open}>
        {open && <DeliveryLog projectId={projectId} webhookId={webhookId} enabled={enabled} />}
      </div>
    </div>
  );
}
