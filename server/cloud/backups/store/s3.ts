// The backup store on S3 or an S3-compatible server, through the AWS SDK: uploads in parts
// (lib-storage), so a backup of any size is streamed, never held in memory. Its size and SHA-256
// are counted on the way.
import "server-only";
import { createHash } from "node:crypto";
import { PassThrough, Transform, type Readable } from "node:stream";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { env } from "../../../env";
import type { BackupStore } from "./index";

/** `s3://bucket/some/prefix` → bucket and prefix (no leading or trailing slash). */
export function parseStoreUrl(url: string): { bucket: string; prefix: string } {
  const { host, pathname } = new URL(url);
  return { bucket: host, prefix: pathname.replace(/^\/+|\/+$/g, "") };
}

/**
 * The client's settings. A store that is not AWS gets checksums only where the API requires them:
 * with the SDK's default (a CRC32 on every request, sent as aws-chunked trailers) a streamed
 * upload to s3rver was stored 16 kB too long, trailer and all.
 */
export function s3Settings() {
  const custom = env.S3_ENDPOINT !== undefined;
  return {
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    ...(custom ? { requestChecksumCalculation: "WHEN_REQUIRED" as const, responseChecksumValidation: "WHEN_REQUIRED" as const } : {}),
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
      : {}),
  };
}

/** Counts and hashes what passes through. */
function measured() {
  const hash = createHash("sha256");
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { tap, result: () => ({ sizeBytes: size, checksum: `sha256:${hash.digest("hex")}` }) };
}

export function s3Store(url: string): BackupStore {
  const { bucket, prefix } = parseStoreUrl(url);
  const client = new S3Client(s3Settings());
  const keyOf = (key: string) => (prefix ? `${prefix}/${key}` : key);
  return {
    async put(key, body) {
      const { tap, result } = measured();
      const out = new PassThrough();
      body.on("error", (err) => out.destroy(err));
      body.pipe(tap).pipe(out);
      // 16 MiB parts, two at a time: at most 32 MiB of a backup in memory, whatever its size.
      await new Upload({ client, params: { Bucket: bucket, Key: keyOf(key), Body: out }, partSize: 16 * 1024 * 1024, queueSize: 2 }).done();
      return { ...result(), storedAt: `s3://${bucket}/${keyOf(key)}` };
    },
    async get(storedAt) {
      const { bucket: from, prefix: key } = parseStoreUrl(storedAt);
      const answer = await client.send(new GetObjectCommand({ Bucket: from, Key: key }));
      return answer.Body as Readable;
    },
  };
}
