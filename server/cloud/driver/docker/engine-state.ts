// The engine's own view of the instances' containers: their states for the reconcile, and the
// engine's event stream, followed for as long as the process runs (re-opened when it breaks).
import "server-only";
import { log } from "../../../log";
import type { MachineState } from "../types";
import { docker } from "./client";
import { INSTANCE_LABEL } from "./container-spec";

export async function observeMachines(instanceIds: string[]): Promise<Map<string, MachineState>> {
  const states = new Map<string, MachineState>(instanceIds.map((id) => [id, { state: "missing" }]));
  if (instanceIds.length === 0) return states;
  const containers = await docker().listContainers({ all: true, filters: { label: [INSTANCE_LABEL] } });
  for (const listed of containers) {
    const id = listed.Labels[INSTANCE_LABEL];
    if (!states.has(id)) continue;
    if (listed.State === "running" || listed.State === "paused") {
      states.set(id, { state: "running" });
      continue;
    }
    // Why it stopped is only in its full record.
    const info = await docker().getContainer(listed.Id).inspect().catch(() => null);
    if (!info) continue;
    states.set(id, info.State.Running ? { state: "running" } : { state: "stopped", exitCode: info.State.ExitCode, oomKilled: info.State.OOMKilled });
  }
  return states;
}

/** The container events that can change an instance's state. */
const STATE_EVENTS = new Set(["die", "oom", "destroy", "stop", "kill", "start"]);

export function watchEngine(changed: (instanceId: string) => void): () => void {
  let stopped = false;
  let current: NodeJS.ReadableStream | null = null;
  let retry: NodeJS.Timeout | undefined;
  const open = async () => {
    if (stopped) return;
    try {
      const stream = await docker().getEvents({ filters: { type: ["container"], label: [INSTANCE_LABEL] } });
      current = stream;
      let rest = "";
      stream.on("data", (chunk: Buffer) => {
        const lines = (rest + chunk.toString("utf8")).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) {
          if (!line.trim()) continue;
          const event = JSON.parse(line) as { status?: string; Action?: string; Actor?: { Attributes?: Record<string, string> } };
          const id = event.Actor?.Attributes?.[INSTANCE_LABEL];
          if (id && STATE_EVENTS.has(event.Action ?? event.status ?? "")) changed(id);
        }
      });
      stream.on("error", () => undefined);
      stream.on("close", () => reopen());
      stream.on("end", () => reopen());
    } catch (err) {
      log.warn({ err: (err as Error).message }, "the engine's events could not be followed; trying again");
      reopen();
    }
  };
  const reopen = () => {
    current = null;
    if (!stopped && !retry) retry = setTimeout(() => ((retry = undefined), void open()), 2000).unref();
  };
  void open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    (current as unknown as { destroy?: () => void })?.destroy?.();
  };
}
