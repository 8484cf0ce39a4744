// CPU time used by a process and its descendants, from /proc (Linux): `next start` serves from a
// child process, so the tree rooted at the spawned pid is what the server costs.
import { execSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execSync("getconf CLK_TCK", { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces). */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** `root` and every process below it. */
export function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statFields(Number(name));
    if (fields) parents.set(Number(name), Number(fields[1]));
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

/** User + system CPU milliseconds used so far by these processes. */
export function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const fields = statFields(pid);
    // utime and stime are fields 14 and 15 of stat; fields[0] here is field 3 (state).
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/**
 * Every process whose command name is `name` (`postgres`: the server, each connection's backend
 * and the background workers), and with `title` only those whose title (command line) matches.
 */
export function processesNamed(name: string, title?: (line: string) => boolean): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== name) continue;
      if (!title || title(readFileSync(`/proc/${entry}/cmdline`, "utf8").replace(/\0/g, " ").trim())) pids.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

/** A PostgreSQL connection's backend: its title names user, database and client (`postgres: 15/main: postgres db 127.0.0.1(5432) idle`). */
export const isPostgresBackend = (title: string): boolean => /^postgres: [^:]+: \S+ \S+ (\[local\]|[^ ]+\(\d+\))/.test(title);

/** The CPU milliseconds of each process so far, to compare with a later reading. */
export const cpuOfEach = (pids: number[]): Map<number, number> => new Map(pids.map((pid) => [pid, cpuMs([pid])]));

/**
 * The CPU `pids` used since `before` (cpuOfEach): those started meanwhile (a new connection's
 * backend) count from zero; those ended meanwhile are lost (pools keep theirs).
 */
export function cpuSince(pids: number[], before: Map<number, number>): number {
  return pids.reduce((total, pid) => total + cpuMs([pid]) - (before.get(pid) ?? 0), 0);
}

export const available = (() => {
  try {
    readFileSync("/proc/self/stat");
    return true;
  } catch {
    return false;
  }
})();
