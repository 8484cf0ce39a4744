// Where `npm run engines` keeps what it started (this checkout's `.engines/`: sockets, data,
// PIDs, the settings it printed) and what it keeps between runs (the cache: the base image).
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** This checkout's engines: two checkouts on one machine never share a daemon (ENGINES_DIR overrides). */
export const stateDir = resolve(process.env.ENGINES_DIR ?? ".engines");
/** Kept across checkouts and runs: building the base image takes minutes, importing it seconds. */
export const cacheDir = join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "switchyard", "engines");

/**
 * Loopback ports of the engines (ENGINES_PORT_BASE moves them all): DNS, the PowerDNS API, S3,
 * and the range of the instances' SSH relays.
 */
const base = Number(process.env.ENGINES_PORT_BASE ?? 25300);
export const ports = { dns: base + 53, pdnsApi: base + 81, s3: base + 90, sshFirst: base + 100, sshLast: base + 199 };

export function ensureDirs(): void {
  mkdirSync(stateDir, { recursive: true });
  mkdirSync(cacheDir, { recursive: true });
}

type Started = Record<string, number>;
const pidsFile = () => join(stateDir, "pids.json");

export function startedPids(): Started {
  return existsSync(pidsFile()) ? (JSON.parse(readFileSync(pidsFile(), "utf8")) as Started) : {};
}

export function recordPid(name: string, pid: number | null): void {
  const pids = startedPids();
  if (pid === null) delete pids[name];
  else pids[name] = pid;
  writeFileSync(pidsFile(), JSON.stringify(pids, null, 2));
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
