// What a change changed, as `{field: [old, new]}` for the audit log: only the fields that differ
// (all of them when one side is absent: a creation or a deletion), in JSON's own values. Secret
// material never enters the log, whatever a caller passes: a field whose name says secret, hash,
// password, token or key material is dropped here, the one place that decides it.
import "server-only";

export type AuditChanges = Record<string, [unknown, unknown]>;
type Fields = Record<string, unknown>;

// By the words of a field's name (camelCase or snake_case): `previousSecret`, `password_hash`,
// `totp_seed`; and a key itself (`key`, `publicKey`). `tokens` (a count) and `sshKeyId` are not secrets.
const secretWords = new Set(["secret", "hash", "password", "passphrase", "token", "otp", "totp", "seed", "private", "recovery"]);
const keyMaterial = new Set(["key", "publickey", "privatekey"]);

/** Whether a field can never be shown in the log (the test of every audited field name). */
export function isSecretField(field: string): boolean {
  const words = field.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase().split(/[^a-z0-9]+/);
  return keyMaterial.has(words.join("")) || words.some((word) => secretWords.has(word));
}

/** Dates as ISO strings, big integers as numbers (credit amounts), undefined as null. */
function jsonValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return Number(value);
  return value;
}

/**
 * The differing fields of `before` and `after` (null for what did not exist), limited to `fields`
 * when given; null when nothing changed.
 */
export function changesOf(before: Fields | null, after: Fields | null, fields?: readonly string[]): AuditChanges | null {
  const names = fields ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: AuditChanges = {};
  for (const name of names) {
    if (isSecretField(name)) continue;
    const old = jsonValue(before?.[name]);
    const now = jsonValue(after?.[name]);
    if (JSON.stringify(old) !== JSON.stringify(now)) changes[name] = [old, now];
  }
  return Object.keys(changes).length ? changes : null;
}
