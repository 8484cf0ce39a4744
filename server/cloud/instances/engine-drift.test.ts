// The reconcile on a real engine (runs when COMPUTE_DRIVER=docker): it keeps the SSH relay of an
// instance being brought up open (its job waits for sshd through it: closing it there failed
// creates at random, seen in the engine specs), closes a stopped one's, and marks an instance
// whose container the engine never had as failed, with its status event.
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { db } from "../../db";
import { env } from "../../env";
import { newId } from "../../ids";
import { newWorkspace } from "../../../test/kits/workspaces";
import { closeAllRelays } from "../driver/docker/ssh-relay";
import { reconcileEngine } from "./engine-drift";

const real = process.env.COMPUTE_DRIVER === "docker";

/** Whether something accepts connections on the port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: env.DOCKER_SSH_BIND, port });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });

async function instanceRow(status: string, sshPort: number) {
  const { workspaceId, projectId } = await newWorkspace(0n);
  const id = newId("ins");
  await db().instance.create({
    data: { id, workspaceId, projectId, hostname: "drift", product: "debian-12", image: "debian-12-sshd", plan: "s-1vcpu-1gb", region: "fra1", status, engine: "docker", sshPort },
  });
  return id;
}

describe.skipIf(!real)("reconciling with the engine", () => {
  // Ports of this file's own at the top of the engines' range (driver.test.ts takes the ten from top - 10).
  const top = Number(env.DOCKER_SSH_PORTS.split("-")[1]);

  it("keeps the relay of an instance being provisioned open, and closes a stopped one's", async () => {
    const id = await instanceRow("provisioning", top);
    try {
      await reconcileEngine("docker");
      expect(await listening(top)).toBe(true);
      await db().instance.update({ where: { id }, data: { status: "stopped" } });
      await reconcileEngine("docker");
      expect(await listening(top)).toBe(false);
    } finally {
      await db().instance.update({ where: { id }, data: { status: "deleted" } });
      closeAllRelays();
    }
  });

  it("an instance whose container the engine does not have is failed, with its status event", async () => {
    const id = await instanceRow("running", top - 1);
    try {
      expect(await reconcileEngine("docker")).toBeGreaterThanOrEqual(1);
      const after = await db().instance.findUniqueOrThrow({ where: { id } });
      expect(after).toMatchObject({ status: "failed", statusReason: expect.stringMatching(/removed outside this service/) });
      const event = await db().outboxEvent.findFirst({ where: { subject: id, type: "instance.status_changed" }, orderBy: { id: "desc" } });
      expect(event?.data).toMatchObject({ previous_status: "running", instance: { status: "failed" } });
    } finally {
      await db().instance.update({ where: { id }, data: { status: "deleted" } });
      closeAllRelays();
    }
  });
});
