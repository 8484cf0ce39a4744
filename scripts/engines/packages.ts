// The Debian packages the engines need, installed when missing (as root, non-interactively;
// waiting for apt's lock if another install holds it). Services are never started by the
// packages' own scripts: a policy-rc.d refuses them for the install's length (Debian's docker.io
// would otherwise start a daemon with a bridge network, and pdns-server one on port 53).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";

/** Package → a file it installs (present = installed). */
const needed: Record<string, string> = {
  "docker.io": "/usr/sbin/dockerd",
  "pdns-server": "/usr/sbin/pdns_server",
  "pdns-backend-pgsql": "/usr/share/pdns-backend-pgsql/schema/schema.pgsql.sql",
  mmdebstrap: "/usr/bin/mmdebstrap",
  socat: "/usr/bin/socat",
  "util-linux": "/usr/bin/nsenter",
  "postgresql-client": "/usr/bin/psql",
  "openssh-client": "/usr/bin/ssh-keygen",
};

export function missingPackages(): string[] {
  return Object.entries(needed).filter(([, file]) => !existsSync(file)).map(([name]) => name);
}

const POLICY = "/usr/sbin/policy-rc.d";

function apt(args: string[]): void {
  for (let attempt = 1; ; attempt++) {
    const run = spawnSync("apt-get", ["-o", "DPkg::Lock::Timeout=300", ...args], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (run.status === 0) return;
    if (attempt === 3) throw new Error(`apt-get ${args.join(" ")} failed (exit ${run.status})`);
  }
}

export function installPackages(say: (line: string) => void): void {
  const missing = missingPackages();
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`missing Debian packages: ${missing.join(" ")}. Install them as root (apt-get install -y ${missing.join(" ")}) or run this command as root.`);
  }
  say(`installing ${missing.join(", ")} from Debian`);
  const started = Date.now();
  const ownPolicy = !existsSync(POLICY);
  if (ownPolicy) writeFileSync(POLICY, "#!/bin/sh\n# Written by npm run engines for the length of an install: no service starts.\nexit 101\n", { mode: 0o755 });
  try {
    apt(["update", "-qq"]);
    apt(["install", "-y", "-qq", "--no-install-recommends", ...missing]);
  } finally {
    if (ownPolicy) rmSync(POLICY, { force: true });
  }
  say(`installed in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** The PostgreSQL the engines' own database goes on (the configured one, or the local default). */
export function psql(url: string, sql: string): string {
  return execFileSync("psql", [url, "-qAtX", "-v", "ON_ERROR_STOP=1", "-c", sql], { encoding: "utf8" }).trim();
}
