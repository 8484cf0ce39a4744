// SSH into a container that has no network: each instance's relay listens on its loopback port
// (DOCKER_SSH_BIND) and, per connection, enters the container's network namespace and connects to
// sshd there (`nsenter --net` + `socat`). The container's PID is looked up per connection, so a
// relay survives stop/start; while the instance is stopped its relay is closed (connections are
// refused). Needs root (or CAP_SYS_ADMIN and CAP_SYS_PTRACE) on the engine's host. Every process
// of the service tries to hold every running instance's relay: one binds it, the others find the
// port taken and try again at the next reconcile (a replica that dies hands it over that way).
import "server-only";
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:net";
import { env } from "../../../env";
import { log } from "../../../log";
import { docker } from "./client";
import { containerName } from "./container-spec";

/** Connections one relay carries at once: past it new ones are refused (sshd has its own start-up limits). */
const CONNECTIONS_PER_RELAY = 32;

const relays = new Map<string, { port: number; server: Server }>();

async function containerPid(instanceId: string): Promise<number | null> {
  const info = await docker().getContainer(containerName(instanceId)).inspect().catch(() => null);
  return info?.State.Running && info.State.Pid > 0 ? info.State.Pid : null;
}

function carry(instanceId: string, server: Server): void {
  server.on("connection", async (socket) => {
    socket.pause();
    socket.on("error", () => socket.destroy());
    const pid = await containerPid(instanceId);
    if (pid === null || socket.destroyed) {
      log.debug({ instance: instanceId, pid, closed: socket.destroyed }, "SSH relay: no running container, connection closed");
      return void socket.destroy();
    }
    const hop = spawn("nsenter", ["--target", String(pid), "--net", "--", "socat", "STDIO", "TCP:127.0.0.1:22"], { stdio: ["pipe", "pipe", "ignore"] });
    hop.on("error", (err) => {
      log.warn({ instance: instanceId, err: err.message }, "SSH relay could not enter the container");
      socket.destroy();
    });
    hop.stdin.on("error", () => socket.destroy());
    socket.pipe(hop.stdin);
    hop.stdout.pipe(socket);
    hop.on("exit", (code) => {
      log.debug({ instance: instanceId, code }, "SSH relay: connection ended");
      socket.end();
    });
    socket.on("close", () => hop.kill());
    socket.resume();
  });
}

/** Opens this process's relay for the instance (a port another process holds is left to it). */
export function openRelay(instanceId: string, port: number): Promise<void> {
  const held = relays.get(instanceId);
  if (held?.port === port) return Promise.resolve();
  if (held) closeRelay(instanceId);
  const server = createServer({ pauseOnConnect: false });
  server.maxConnections = CONNECTIONS_PER_RELAY;
  carry(instanceId, server);
  relays.set(instanceId, { port, server });
  return new Promise((resolve) => {
    server.once("error", (err: NodeJS.ErrnoException) => {
      relays.delete(instanceId);
      if (err.code !== "EADDRINUSE") log.warn({ instance: instanceId, port, err: err.message }, "SSH relay could not listen");
      resolve();
    });
    server.listen({ host: env.DOCKER_SSH_BIND, port }, () => resolve());
  });
}

export function closeRelay(instanceId: string): void {
  const held = relays.get(instanceId);
  if (!held) return;
  relays.delete(instanceId);
  held.server.close();
}

/** Exactly these instances' relays open in this process. */
export async function syncRelays(running: { instanceId: string; sshPort: number }[]): Promise<void> {
  const wanted = new Map(running.map((r) => [r.instanceId, r.sshPort]));
  for (const id of [...relays.keys()]) if (!wanted.has(id)) closeRelay(id);
  await Promise.all(running.map((r) => openRelay(r.instanceId, r.sshPort)));
}

export function closeAllRelays(): void {
  for (const id of [...relays.keys()]) closeRelay(id);
}
