// SSH as a user does it, with OpenSSH's own client: a key pair made with ssh-keygen, and a command
// run on an instance with it (never a host key check: every instance makes its own at first boot).
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type SshKeyPair = { privateKeyFile: string; publicKey: string };

export function sshKeyPair(comment = "switchyard-test"): SshKeyPair {
  const folder = mkdtempSync(join(tmpdir(), "sy-ssh-"));
  // The key goes with the process that made it (a test worker): nothing stays in the temporary folder.
  process.once("exit", () => rmSync(folder, { recursive: true, force: true }));
  const file = join(folder, "id_ed25519");
  execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", comment, "-f", file]);
  return { privateKeyFile: file, publicKey: readFileSync(`${file}.pub`, "utf8").trim() };
}

export type SshResult = { status: number | null; stdout: string; stderr: string };

/**
 * `ssh -p port root@host command`; status 255 is SSH's own failure (refused, key refused). Never
 * blocking: the relay it connects through may live in this very process.
 */
export function sshRun(target: { host: string; port: number; user: string }, key: SshKeyPair, command: string): Promise<SshResult> {
  const args = [
    "-i", key.privateKeyFile, "-p", String(target.port),
    "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
    "-o", "ConnectTimeout=10", "-o", "IdentitiesOnly=yes",
    `${target.user}@${target.host}`, command,
  ];
  return new Promise((resolve) => {
    execFile("ssh", args, { encoding: "utf8", timeout: 60_000 }, (error, stdout, stderr) => {
      const status = error ? (typeof error.code === "number" ? error.code : null) : 0;
      resolve({ status, stdout, stderr });
    });
  });
}
