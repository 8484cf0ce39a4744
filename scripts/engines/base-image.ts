// The instances' base image, built from Debian's packages (no registry is reachable): a Debian 12
// root file system with OpenSSH made by mmdebstrap, cached as a tar, imported into the engine.
// Host keys are removed from it, so that every instance makes its own at first boot.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { cacheDir } from "./state";

const SSHD_DROP_IN = [
  "# Written by the image build: keys only, for root too; no PAM (no login session to set up in a container).",
  "PermitRootLogin prohibit-password",
  "PasswordAuthentication no",
  "KbdInteractiveAuthentication no",
  "UsePAM no",
].join("\\n");

/** Everything that makes the image: a change here builds a new one (its tag is this recipe's hash). */
const recipe = [
  "--variant=apt",
  "--include=openssh-server,iproute2,procps",
  "--dpkgopt=path-exclude=/usr/share/doc/*",
  "--dpkgopt=path-exclude=/usr/share/man/*",
  "--dpkgopt=path-exclude=/usr/share/locale/*",
  `--customize-hook=rm -f "$1"/etc/ssh/ssh_host_*`,
  `--customize-hook=printf '${SSHD_DROP_IN}\\n' > "$1"/etc/ssh/sshd_config.d/switchyard.conf`,
  "--customize-hook=rm -rf \"$1\"/var/lib/apt/lists/* \"$1\"/var/cache/apt/*.bin",
  "bookworm",
];
const mirrors = ["deb http://deb.debian.org/debian bookworm main", "deb http://deb.debian.org/debian-security bookworm-security main"];

export const baseImageVersion = createHash("sha256").update(JSON.stringify([recipe, mirrors])).digest("hex").slice(0, 10);
/** The engine's name of the image (the compute driver's catalog names the same). */
export const baseImageRef = `switchyard/debian-12-sshd:${baseImageVersion}`;

/** The cached tar of the root file system, built now if absent (about two minutes). */
export function baseImageTar(say: (line: string) => void): string {
  const tar = join(cacheDir, `debian-12-sshd-${baseImageVersion}.tar`);
  if (existsSync(tar)) return tar;
  say(`building the base image with mmdebstrap (Debian 12 + OpenSSH; about 2 minutes, once): ${tar}`);
  const partial = `${tar}.partial`;
  rmSync(partial, { force: true });
  const started = Date.now();
  execFileSync("mmdebstrap", ["--quiet", "--format=tar", ...recipe, partial, ...mirrors], { stdio: ["ignore", "inherit", "inherit"] });
  renameSync(partial, tar);
  say(`base image built in ${Math.round((Date.now() - started) / 1000)} s (${Math.round(statSync(tar).size / 1e6)} MB)`);
  return tar;
}
