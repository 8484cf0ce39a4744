// Docker Engine on a private socket, with no bridge, no iptables rules, no IP forwarding and no
// masquerading: it changes nothing in the host's network. Its containers get `--network=none`.
import { execFileSync } from "node:child_process";
import { createReadStream, readFileSync } from "node:fs";
import { join } from "node:path";
import Docker from "dockerode";
import { baseImageRef, baseImageTar } from "./base-image";
import { daemon, waitFor } from "./run";
import { stateDir } from "./state";

export const dockerSocket = () => join(stateDir, "docker.sock");
/** The tag the compute driver asks for (server/cloud/driver/docker/images.ts names it too). */
export const BASE_IMAGE_TAG = "switchyard/debian-12-sshd:bookworm";

export async function startDocker(say: (line: string) => void): Promise<void> {
  const pid = daemon("dockerd", "/usr/sbin/dockerd", [
    `--data-root=${join(stateDir, "docker")}`,
    `--exec-root=${join(stateDir, "docker-run")}`,
    `--pidfile=${join(stateDir, "dockerd.pid")}`,
    `--host=unix://${dockerSocket()}`,
    "--iptables=false",
    "--ip6tables=false",
    "--ip-forward=false",
    "--ip-masq=false",
    "--bridge=none",
    "--userland-proxy=false",
  ]);
  const docker = new Docker({ socketPath: dockerSocket() });
  await waitFor("dockerd", pid, async () => (await docker.ping()).toString() === "OK");
  await ensureBaseImage(docker, say);
}

async function ensureBaseImage(docker: Docker, say: (line: string) => void): Promise<void> {
  const present = async (ref: string) => docker.getImage(ref).inspect().then(() => true, () => false);
  if (!(await present(baseImageRef))) {
    const tar = baseImageTar(say);
    const [repo, tag] = baseImageRef.split(":");
    const importOnce = async () => {
      const stream = await docker.importImage(createReadStream(tar) as never, { repo, tag });
      await new Promise((resolve, reject) => docker.modem.followProgress(stream, (err) => (err ? reject(err) : resolve(null))));
    };
    // Building the tar blocks this process for minutes after the presence check: the engine closes
    // the kept-alive connection of that check meanwhile, and the first request after it can go out
    // on the dead socket ("socket hang up", seen twice on fresh machines). Once more on a new one.
    await importOnce().catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && !/socket hang up/.test(error.message)) throw error;
      say("the engine closed an idle connection during the build: importing again");
      return importOnce();
    });
    say(`base image imported: ${baseImageRef}`);
  }
  await docker.getImage(baseImageRef).tag({ repo: BASE_IMAGE_TAG.split(":")[0], tag: BASE_IMAGE_TAG.split(":")[1] });
}

/** Mounts the engine left under its folders when it did not stop cleanly (its data root is bind-mounted), deepest first. */
export function releaseDockerMounts(say: (line: string) => void): void {
  const ours = readFileSync("/proc/mounts", "utf8").split("\n").map((line) => line.split(" ")[1]).filter((at) => at?.startsWith(`${stateDir}/docker`));
  for (const at of ours.sort((a, b) => b.length - a.length)) {
    execFileSync("umount", [at]);
    say(`unmounted ${at}`);
  }
}
