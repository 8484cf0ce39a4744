// What the engine did on its own, brought into the state machine: a machine that died (its main
// process exited, or the kernel killed it for memory) is `stopped`, one removed behind the
// service's back is `failed`, each with its status event (and webhook) and a reason in our words;
// one started behind its back while the service holds it stopped is stopped again. Found two
// ways: the engine's events as they happen, and a periodic reconcile that catches what happened
// while no process was listening (a restart). Only settled instances are compared: one in the
// middle of an operation belongs to that operation's job.
import "server-only";
import type { Instance } from "@prisma/client";
import { db } from "../../db";
import { log } from "../../log";
import { planOf } from "../catalog";
import { driverFor } from "../driver";
import type { MachineState } from "../driver/types";
import type { Engine } from "../images";
import { endRunIfStopped } from "./runs";
import { machineOf } from "./machines";
import { statusEvent } from "./transitions";

const settled = ["running", "stopped"];
/** Statuses in which a machine runs, or is being brought up: its SSH relay is open. */
const relayed = ["provisioning", "starting", "running", "rebooting", "resizing", "snapshotting"];

function stoppedReason(instance: Instance, state: Extract<MachineState, { state: "stopped" }>): string {
  const memory = planOf(instance.plan)?.memory_mb;
  if (state.oomKilled) {
    return `The machine stopped by itself: it ran out of memory (plan ${instance.plan} has ${memory} MB) and the kernel ended it. Power it on again, or resize to a larger plan.`;
  }
  return `The machine stopped by itself (its main process exited${state.exitCode === null ? "" : ` with code ${state.exitCode}`}). Power it on again.`;
}

const REMOVED = "The machine was removed outside this service; its disk is gone. Delete the instance and create another (from a snapshot or backup, if you have one).";

/** Applies what the engine says of one instance; true when its status changed. */
async function apply(instanceId: string, observed: MachineState): Promise<boolean> {
  const outcome = await db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ status: string }[]>`SELECT status FROM instances WHERE id = ${instanceId} FOR UPDATE`;
    if (!row || !settled.includes(row.status)) return null;
    const instance = await tx.instance.findUniqueOrThrow({ where: { id: instanceId } });
    let next: { status: string; statusReason: string } | null = null;
    if (observed.state === "missing") next = { status: "failed", statusReason: REMOVED };
    else if (observed.state === "stopped" && row.status === "running") next = { status: "stopped", statusReason: stoppedReason(instance, observed) };
    if (!next) return observed.state === "running" && row.status === "stopped" ? "stop-again" : null;
    await tx.instance.update({ where: { id: instanceId }, data: next });
    await endRunIfStopped(tx, instanceId, next.status as "stopped" | "failed");
    await statusEvent(tx, await tx.instance.findUniqueOrThrow({ where: { id: instanceId } }), row.status as "running" | "stopped");
    return "changed";
  });
  if (outcome === "stop-again") {
    // The service's record wins: a machine it holds stopped is not charged, so it must not run.
    const instance = await db().instance.findUniqueOrThrow({ where: { id: instanceId } });
    log.warn({ instance: instanceId }, "a stopped instance's machine was started outside the service: stopping it again");
    await driverFor(instance.engine).powerOff(await machineOf(instance));
  }
  return outcome === "changed";
}

/** Compares every settled instance of `engine` with the engine, and keeps this process's SSH relays in line. */
export async function reconcileEngine(engine: Engine): Promise<number> {
  const driver = driverFor(engine);
  if (!driver.observe) return 0;
  const instances = await db().instance.findMany({ where: { engine, status: { in: settled } }, select: { id: true, status: true, sshPort: true } });
  const states = await driver.observe(instances.map((i) => i.id));
  let changed = 0;
  for (const instance of instances) {
    if (await apply(instance.id, states.get(instance.id) ?? { state: "missing" }).catch((err: unknown) => log.error({ err, instance: instance.id }, "drift not applied"))) changed++;
  }
  // Provisioning and starting too: their jobs open the relay to see sshd answer before they settle.
  const running = await db().instance.findMany({ where: { engine, status: { in: relayed }, sshPort: { not: null } }, select: { id: true, sshPort: true } });
  await driver.relay?.(running.map((i) => ({ instanceId: i.id, sshPort: i.sshPort! })));
  return changed;
}

/** One instance the engine sent an event about: its current state, read back (events can come late or twice). */
export async function reconcileOne(instanceId: string): Promise<void> {
  const instance = await db().instance.findUnique({ where: { id: instanceId }, select: { engine: true, status: true } });
  if (!instance || !settled.includes(instance.status)) return;
  const driver = driverFor(instance.engine);
  const states = await driver.observe?.([instanceId]);
  if (states) await apply(instanceId, states.get(instanceId) ?? { state: "missing" });
}

/** Follows the engine's events for as long as the process runs; returns a stop function. */
export function followEngine(engine: Engine): () => void {
  const driver = driverFor(engine);
  if (!driver.watch) return () => undefined;
  return driver.watch((instanceId) => {
    reconcileOne(instanceId).catch((err: unknown) => log.error({ err, instance: instanceId }, "engine event not applied"));
  });
}
