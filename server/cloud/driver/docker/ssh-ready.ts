// Whether sshd answers for an instance: its banner (`SSH-2.0-...`) read on the instance's port,
// through the relay (or, on the host's network in tests, from sshd itself). An instance is running
// only once this holds, so its owner can log in the moment the API says so.
import "server-only";
import { connect } from "node:net";
import { DriverRefusal } from "../types";

function banner(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once("data", (chunk) => done(chunk.toString("latin1").startsWith("SSH-")));
    socket.once("error", () => done(false));
    socket.once("close", () => done(false));
  });
}

export async function waitForSsh(host: string, port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await banner(host, port)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new DriverRefusal("The machine started but its SSH server did not answer.");
}
