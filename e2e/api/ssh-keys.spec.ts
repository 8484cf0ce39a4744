// SSH keys over REST: added with a checked key and its ssh-keygen fingerprint, listed, read,
// deleted; refused with `param: "public_key"` when the key is weak, malformed or private; a
// duplicate in one project is a conflict; another project never sees them. Keys are generated
// for each run: no private key is committed.
import { expect, test } from "@playwright/test";
import { createHash, generateKeyPairSync } from "node:crypto";
import sshpk from "sshpk";
import { call } from "../fixtures/api";
import { freshKeys } from "../fixtures/fresh-keys";

function publicKey(type: "ed25519" | "ec" | "rsa" | "dsa", options: object = {}) {
  const { publicKey: pem, privateKey } = generateKeyPairSync(type as "ed25519", {
    ...options,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  } as never) as unknown as { publicKey: string; privateKey: string };
  const line = sshpk.parseKey(pem, "pem").toString("ssh").replace(/ \(unnamed\)$/, "");
  return { line, privateKey };
}

const fingerprintOf = (line: string) =>
  "SHA256:" + createHash("sha256").update(Buffer.from(line.split(" ")[1], "base64")).digest("base64").replace(/=+$/, "");


test("create → list → get → delete, fingerprint as ssh-keygen prints it", async () => {
  const k = await freshKeys("ssh-keys spec");
  const { line } = publicKey("ed25519");
  const created = await call("POST", "/v1/ssh_keys", { key: k.a, body: { name: "laptop", public_key: `${line} alice@laptop\n` } });
  expect(created.status).toBe(201);
  const { ssh_key } = created.body;
  expect(ssh_key).toEqual({
    id: expect.stringMatching(/^ssh_[0-9a-z]{26}$/),
    name: "laptop",
    fingerprint: fingerprintOf(line),
    public_key: `${line} alice@laptop`,
    created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
  });

  const listed = await call("GET", "/v1/ssh_keys?limit=100", { key: k.aRead });
  expect(listed.status).toBe(200);
  expect(listed.body.ssh_keys).toContainEqual(ssh_key);
  expect(listed.body).toHaveProperty("next_cursor");

  const one = await call("GET", `/v1/ssh_keys/${ssh_key.id}`, { key: k.aRead });
  expect(one.status).toBe(200);
  expect(one.body).toEqual({ ssh_key });

  expect((await call("DELETE", `/v1/ssh_keys/${ssh_key.id}`, { key: k.aRead })).status).toBe(403);
  const deleted = await call("DELETE", `/v1/ssh_keys/${ssh_key.id}`, { key: k.a });
  expect(deleted.status).toBe(204);
  expect(deleted.text).toBe("");
  expect((await call("GET", `/v1/ssh_keys/${ssh_key.id}`, { key: k.a })).body.error.code).toBe("not_found");
  expect((await call("DELETE", `/v1/ssh_keys/${ssh_key.id}`, { key: k.a })).status).toBe(404);
  const after = await call("GET", "/v1/ssh_keys?limit=100", { key: k.a });
  expect(after.body.ssh_keys.some((s: { id: string }) => s.id === ssh_key.id)).toBe(false);
});

test("ed25519, ecdsa p256/p384/p521 and rsa ≥ 2048 are accepted", async () => {
  const k = await freshKeys("ssh-keys spec");
  const lines = [
    publicKey("ed25519").line,
    publicKey("ec", { namedCurve: "P-256" }).line,
    publicKey("ec", { namedCurve: "P-384" }).line,
    publicKey("ec", { namedCurve: "P-521" }).line,
    publicKey("rsa", { modulusLength: 2048 }).line,
    publicKey("rsa", { modulusLength: 3072 }).line,
  ];
  for (const line of lines) {
    const res = await call("POST", "/v1/ssh_keys", { key: k.a, body: { name: line.split(" ")[0], public_key: line } });
    expect(res.status, line.slice(0, 30)).toBe(201);
    expect(res.body.ssh_key.fingerprint).toBe(fingerprintOf(line));
  }
});

test("weak, malformed, private, several and over-long keys → 400 invalid_body, param public_key", async () => {
  const k = await freshKeys("ssh-keys spec");
  const ed = publicKey("ed25519");
  const rsa = publicKey("rsa", { modulusLength: 2048 });
  const [edType, edBase64] = ed.line.split(" ");
  const cases: [string, string, RegExp][] = [
    ["rsa 1024", publicKey("rsa", { modulusLength: 1024 }).line, /1024 bits; RSA keys need at least 2048/],
    ["dsa", publicKey("dsa", { modulusLength: 1024, divisorLength: 160 }).line, /DSA keys are refused/],
    ["garbage", "hello there, I am a key", /does not start with a supported key type/],
    ["one word", "AAAAC3NzaC1lZDI1NTE5", /is not one: a key looks like/],
    ["empty", "", /empty/],
    ["private key (PKCS#8)", ed.privateKey, /private key/],
    ["private key (OpenSSH)", sshpk.parsePrivateKey(ed.privateKey, "pem").toString("openssh"), /private key/],
    ["two keys on two lines", `${ed.line}\n${rsa.line}`, /several keys/],
    ["two keys on one line", `${ed.line} ${rsa.line}`, /several keys/],
    ["truncated", `${edType} ${edBase64.slice(0, -6)}`, /not a valid ssh-ed25519 key|base64/],
    ["wrong type label", `ssh-rsa ${edBase64}`, /not a valid ssh-rsa key/],
    ["PEM public key", sshpk.parseKey(ed.line, "ssh").toString("pkcs8"), /PEM or SSH2/],
    ["authorized_keys options", `no-pty ${ed.line}`, /authorized_keys options/],
    ["over-long", `${ed.line} ${"c".repeat(9000)}`, /over 8192 characters/],
  ];
  for (const [label, public_key, message] of cases) {
    const res = await call("POST", "/v1/ssh_keys", { key: k.a, body: { name: label, public_key } });
    expect(res.status, label).toBe(400);
    expect(res.body.error, label).toMatchObject({ type: "invalid_request_error", code: "invalid_body", param: "public_key" });
    expect(res.body.error.message, label).toMatch(message);
    // The message never echoes a private key back.
    expect(res.text, label).not.toContain("PRIVATE KEY-----\\n");
  }
});

test("name is 1..100 characters; missing, wrong and unknown fields name the field", async () => {
  const k = await freshKeys("ssh-keys spec");
  const line = publicKey("ed25519").line;
  const post = (body: unknown) => call("POST", "/v1/ssh_keys", { key: k.a, body });
  for (const [body, param] of [
    [{ name: "", public_key: line }, "name"],
    [{ name: "   ", public_key: line }, "name"],
    [{ name: "n".repeat(101), public_key: line }, "name"],
    [{ name: "tab\there", public_key: line }, "name"],
    [{ public_key: line }, "name"],
    [{ name: "x" }, "public_key"],
    [{ name: "x", public_key: 42 }, "public_key"],
    [{ name: "x", public_key: line, fingerprint: "SHA256:x" }, "fingerprint"],
  ] as const) {
    const res = await post(body);
    expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    expect(res.body.error).toMatchObject({ code: "invalid_body", param });
  }
  const longest = await post({ name: "n".repeat(100), public_key: line });
  expect(longest.status).toBe(201);
  expect(longest.body.ssh_key.name).toHaveLength(100);
});

test("the same key twice in a project → 409 conflict; in another project it is fine", async () => {
  const k = await freshKeys("ssh-keys spec");
  const { line } = publicKey("ed25519");
  const first = await call("POST", "/v1/ssh_keys", { key: k.a, body: { name: "one", public_key: `${line} first` } });
  expect(first.status).toBe(201);
  // Same key, other comment and name: still the same key.
  const again = await call("POST", "/v1/ssh_keys", { key: k.a, body: { name: "two", public_key: `${line} second` } });
  expect(again.status).toBe(409);
  expect(again.body.error).toMatchObject({ type: "invalid_request_error", code: "conflict" });
  expect(again.body.error.message).toContain(first.body.ssh_key.id);
  const elsewhere = await call("POST", "/v1/ssh_keys", { key: k.b, body: { name: "one", public_key: line } });
  expect(elsewhere.status).toBe(201);
  expect(elsewhere.body.ssh_key.fingerprint).toBe(first.body.ssh_key.fingerprint);
});

test("concurrent adds of one key create exactly one", async () => {
  const k = await freshKeys("ssh-keys spec");
  const { line } = publicKey("ed25519");
  const results = await Promise.all(
    Array.from({ length: 6 }, (_, i) => call("POST", "/v1/ssh_keys", { key: k.a, body: { name: `race ${i}`, public_key: line } })),
  );
  expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
});

test("another project's keys: not listed, not readable, not deletable (404)", async () => {
  const k = await freshKeys("ssh-keys spec");
  const { line } = publicKey("ed25519");
  const mine = (await call("POST", "/v1/ssh_keys", { key: k.a, body: { name: "private to A", public_key: line } })).body.ssh_key;
  const listed = await call("GET", "/v1/ssh_keys?limit=100", { key: k.b });
  expect(listed.body.ssh_keys.some((s: { id: string }) => s.id === mine.id)).toBe(false);
  expect(JSON.stringify(listed.body)).not.toContain(line.split(" ")[1]);
  for (const method of ["GET", "DELETE"]) {
    const res = await call(method, `/v1/ssh_keys/${mine.id}`, { key: k.b });
    expect(res.status, method).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect(res.text).not.toContain(mine.id);
  }
  expect((await call("GET", `/v1/ssh_keys/${mine.id}`, { key: k.a })).status).toBe(200);
});

test("lists paginate newest first with limit and cursor", async () => {
  const k = await freshKeys("ssh-keys spec");
  // Project B: keys made by this test only come after the ones already there.
  const made: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await call("POST", "/v1/ssh_keys", { key: k.b, body: { name: `page ${i}`, public_key: publicKey("ed25519").line } });
    made.push(res.body.ssh_key.id);
  }
  const first = await call("GET", "/v1/ssh_keys?limit=2", { key: k.b });
  expect(first.body.ssh_keys).toHaveLength(2);
  expect(first.body.next_cursor).toBe(first.body.ssh_keys[1].id);
  const second = await call("GET", `/v1/ssh_keys?limit=100&cursor=${first.body.next_cursor}`, { key: k.b });
  const ids = [...first.body.ssh_keys, ...second.body.ssh_keys].map((s: { id: string }) => s.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort().reverse()).toEqual(ids);
  expect(ids).toEqual(expect.arrayContaining(made));
  expect(second.body.next_cursor).toBeNull();
  expect((await call("GET", "/v1/ssh_keys?limit=101", { key: k.b })).body.error).toMatchObject({ code: "invalid_body", param: "limit" });
  expect((await call("PUT", "/v1/ssh_keys", { key: k.b })).status).toBe(405);
  expect((await call("POST", `/v1/ssh_keys/${made[0]}`, { key: k.b, body: {} })).status).toBe(405);
});
