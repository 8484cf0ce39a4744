// An S3 server on loopback for the backup store: s3rver (npm, a devDependency), its objects in
// this checkout's `.engines/s3`, with the bucket made at start.
import { createRequire } from "node:module";
import { join } from "node:path";
import { daemon, waitFor } from "./run";
import { ports, stateDir } from "./state";

export const S3_BUCKET = "switchyard-backups";
/** s3rver's fixed credentials: it accepts these and no others. */
export const S3_KEY = "S3RVER";

export async function startS3(): Promise<{ endpoint: string }> {
  const bin = join(createRequire(import.meta.url).resolve("s3rver/package.json"), "..", "bin", "s3rver.js");
  const pid = daemon("s3rver", process.execPath, [
    bin, "--address", "127.0.0.1", "--port", String(ports.s3), "--directory", join(stateDir, "s3"), "--configure-bucket", S3_BUCKET, "--silent",
  ]);
  const endpoint = `http://127.0.0.1:${ports.s3}`;
  await waitFor("s3rver", pid, async () => (await fetch(`${endpoint}/${S3_BUCKET}`)).status < 500);
  return { endpoint };
}
