// Reading one OpenSSH public key line (`ssh-ed25519 AAAA... comment`) the way `ssh-keygen -l`
// would, strictly: sshpk decodes the RFC 4253 blob and computes the fingerprint, but it forgives
// a lot (a second key read as the comment, bytes after the blob, a short ed25519 key), so the
// line is tokenised here, the blob must re-encode to exactly what was sent, and OpenSSL must
// accept the key material (a point on the curve, a 32-byte ed25519 key).
import "server-only";
import { quoted } from "@/server/vocab/quoted";
import { createPublicKey } from "node:crypto";
import sshpk from "sshpk";

export const MAX_PUBLIC_KEY_CHARS = 8192;
export const MIN_RSA_BITS = 2048;

export type ParsedPublicKey = {
  /** The key type as OpenSSH writes it: ssh-ed25519, ecdsa-sha2-nistp256, ssh-rsa, ... */
  type: string;
  bits: number;
  /** `SHA256:<base64 without padding>`, exactly as `ssh-keygen -lf` prints it. */
  fingerprint: string;
  /** The line as stored and shown: type, canonical base64, and the comment if there was one. */
  publicKey: string;
};

export type PublicKeyResult = { ok: true; key: ParsedPublicKey } | { ok: false; message: string };

const ACCEPTED = ["ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521", "ssh-rsa"];
const ACCEPTED_TEXT = "ssh-ed25519, ecdsa-sha2-nistp256/384/521, or ssh-rsa of 2048 bits or more";
const KEY_TYPE_TOKEN = /(?:^|\s)(?:ssh-[a-z0-9-]+|ecdsa-sha2-[a-z0-9-]+|sk-[a-z0-9@.-]+)\s+AAAA/;

const refuse = (message: string): PublicKeyResult => ({ ok: false, message });

export function parsePublicKey(input: string): PublicKeyResult {
  if (input.length > MAX_PUBLIC_KEY_CHARS) {
    return refuse(`The public key ${quoted(input)} is over ${MAX_PUBLIC_KEY_CHARS} characters; paste one OpenSSH public key line (the .pub file).`);
  }
  const text = input.trim();
  if (!text) return refuse(`The public key is empty; paste the contents of your .pub file (${ACCEPTED_TEXT}).`);
  if (/PRIVATE KEY-----|^PuTTY-User-Key-File/m.test(text)) {
    return refuse("This is a private key. Never share it: paste the public key instead (the .pub file, or `ssh-keygen -y -f <key>`).");
  }
  if (/^-----BEGIN |^---- BEGIN SSH2 PUBLIC KEY/.test(text)) {
    return refuse("This public key is in PEM or SSH2 format; paste the one-line OpenSSH form (`ssh-keygen -i -f <key.pub>` converts it).");
  }
  const lines = text.split(/\r?\n/).filter((line) => line.trim());
  if (lines.length > 1) {
    return lines.filter((line) => KEY_TYPE_TOKEN.test(" " + line)).length > 1
      ? refuse("This holds several keys; add one key per request.")
      : refuse("The public key must be a single line: `<type> <base64> [comment]`.");
  }
  if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(text)) return refuse("The public key contains control characters.");

  const match = /^(\S+)[ \t]+(\S+)(?:[ \t]+(.*))?$/.exec(text);
  if (!match) return refuse(`The public key ${quoted(text)} is not one: a key looks like \`<type> <base64> [comment]\`, with type ${ACCEPTED_TEXT}.`);
  const [, type, base64, rawComment] = match;
  const comment = rawComment?.trim() ?? "";

  const typeProblem = checkType(type, text);
  if (typeProblem) return refuse(typeProblem);
  if (KEY_TYPE_TOKEN.test(" " + comment)) return refuse("This holds several keys; add one key per request.");

  const blob = Buffer.from(base64, "base64");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || blob.length === 0 || blob.toString("base64") !== base64) {
    return refuse("The key data is not valid base64; paste the whole line unchanged.");
  }
  let key: sshpk.Key;
  try {
    key = sshpk.parseKey(`${type} ${base64}`, "ssh");
  } catch {
    return refuse(`The key data is not a valid ${type} key; paste the whole line unchanged.`);
  }
  // Bytes after the key, a non-canonical encoding, a blob of another type or curve under this
  // label (sshpk only compares the family: ecdsa-sha2-nistp384 with a P-256 blob passes it).
  if (!key.toBuffer("rfc4253").equals(blob) || blobType(blob) !== type) {
    return refuse(`The key data is not a valid ${type} key; paste the whole line unchanged.`);
  }
  if (key.type === "rsa" && key.size < MIN_RSA_BITS) {
    return refuse(`This RSA key has ${key.size} bits; RSA keys need at least ${MIN_RSA_BITS}. Generate a new one (\`ssh-keygen -t ed25519\`).`);
  }
  try {
    createPublicKey(key.toString("pkcs8"));
  } catch {
    return refuse(`The key data is not a valid ${type} key (the key material is malformed).`);
  }
  return {
    ok: true,
    key: {
      type,
      bits: key.size,
      fingerprint: key.fingerprint("sha256").toString(),
      publicKey: comment ? `${type} ${base64} ${comment}` : `${type} ${base64}`,
    },
  };
}

function checkType(type: string, text: string): string | null {
  if (ACCEPTED.includes(type)) return null;
  if (type === "ssh-dss") return "DSA keys are refused (too weak; OpenSSH disabled them). Use ssh-ed25519 (`ssh-keygen -t ed25519`).";
  if (type.includes("-cert-")) return "This is an SSH certificate; paste the public key itself.";
  if (type.startsWith("sk-")) return `Security-key (FIDO) keys are not supported; use ${ACCEPTED_TEXT}.`;
  return `The public key ${quoted(text)} does not start with a supported key type; use ${ACCEPTED_TEXT}. Paste the key without authorized_keys options.`;
}

/** The key type named inside the blob (its first RFC 4253 string). */
function blobType(blob: Buffer): string {
  const length = blob.readUInt32BE(0);
  return blob.subarray(4, 4 + length).toString("latin1");
}
