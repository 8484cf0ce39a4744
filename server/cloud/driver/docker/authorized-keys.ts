// Root's authorized_keys in a container, written through the engine's archive API before the
// container starts: the keys of the instance added to what the disk already holds (a snapshot or
// a backup keeps the keys its owner added), each once.
import "server-only";
import type Docker from "dockerode";
import { extract, pack } from "tar-stream";
import { statusOf } from "./client";

const FILE = "/root/.ssh/authorized_keys";

/** The file's lines with `keys` added where absent (a key is compared by type and blob, not comment). */
export function mergeKeys(existing: string, keys: string[]): string {
  const lines = existing.split("\n").map((line) => line.trim()).filter(Boolean);
  const blob = (line: string) => line.split(/\s+/).slice(0, 2).join(" ");
  const held = new Set(lines.map(blob));
  for (const key of keys) {
    if (!held.has(blob(key))) lines.push(key.trim());
    held.add(blob(key));
  }
  return lines.length ? `${lines.join("\n")}\n` : "";
}

async function readExisting(container: Docker.Container): Promise<string> {
  let archive: NodeJS.ReadableStream;
  try {
    archive = await container.getArchive({ path: FILE });
  } catch (error) {
    if (statusOf(error) === 404) return "";
    throw error;
  }
  const reader = extract();
  let text = "";
  reader.on("entry", (_header, stream, next) => {
    stream.on("data", (chunk) => (text += (chunk as Buffer).toString("utf8")));
    stream.on("end", next);
  });
  await new Promise<void>((resolve, reject) => {
    reader.on("finish", resolve);
    reader.on("error", reject);
    archive.pipe(reader);
  });
  return text;
}

export async function writeAuthorizedKeys(container: Docker.Container, keys: string[]): Promise<void> {
  const content = mergeKeys(await readExisting(container), keys);
  const archive = pack();
  archive.entry({ name: "root/.ssh", type: "directory", mode: 0o700, uid: 0, gid: 0 });
  archive.entry({ name: "root/.ssh/authorized_keys", mode: 0o600, uid: 0, gid: 0 }, content);
  archive.finalize();
  await container.putArchive(archive as unknown as NodeJS.ReadableStream, { path: "/" });
}
