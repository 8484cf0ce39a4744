// The S3 store's settings: checksums only where required on a store that is not AWS (the SDK's
// default trailers corrupted streamed uploads to s3rver), the SDK's defaults on AWS itself.
import { afterEach, describe, expect, it } from "vitest";
import { env } from "../../../env";
import { parseStoreUrl, s3Settings } from "./s3";

const saved = { ...env };
afterEach(() => Object.assign(env, saved));

describe("the S3 backup store", () => {
  it("reads bucket and prefix from BACKUP_STORE_URL", () => {
    expect(parseStoreUrl("s3://switchyard-backups/backups/")).toEqual({ bucket: "switchyard-backups", prefix: "backups" });
    expect(parseStoreUrl("s3://b")).toEqual({ bucket: "b", prefix: "" });
  });

  it("asks for checksums only when required on an endpoint that is not AWS", () => {
    Object.assign(env, { S3_ENDPOINT: "http://127.0.0.1:25390", S3_FORCE_PATH_STYLE: true, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" });
    expect(s3Settings()).toMatchObject({
      endpoint: "http://127.0.0.1:25390", forcePathStyle: true, requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED",
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
  });

  it("keeps the SDK's defaults and credential chain on AWS", () => {
    Object.assign(env, { S3_ENDPOINT: undefined, S3_ACCESS_KEY_ID: undefined, S3_SECRET_ACCESS_KEY: undefined });
    const settings = s3Settings();
    expect(settings).not.toHaveProperty("requestChecksumCalculation");
    expect(settings).not.toHaveProperty("credentials");
  });
});
