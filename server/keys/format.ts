// The API key format: `swk_` + 32 random base62 characters + 6 base62 characters of
// CRC32 over the random part. The checksum lets us refuse a mistyped or made-up key without a
// database read; secret scanners can recognise the shape. Stored only as an HMAC-SHA-256.
import "server-only";
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { crc32 } from "node:zlib";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const PREFIX_LENGTH = 8;
const SHAPE = /^swk_[0-9A-Za-z]{38}$/;

function base62(value: number, width: number): string {
  let out = "";
  for (let i = 0; i < width; i++) {
    out = ALPHABET[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

const checksum = (random: string) => base62(crc32(random), CHECKSUM_LENGTH);

export function generateKey(): string {
  let random = "";
  for (let i = 0; i < RANDOM_LENGTH; i++) random += ALPHABET[randomInt(62)];
  return `swk_${random}${checksum(random)}`;
}

export type ParsedKey = { prefix: string; last4: string };

/** The key's public parts when its shape and checksum hold, else null. No I/O. */
export function parseKey(key: string): ParsedKey | null {
  if (!SHAPE.test(key)) return null;
  const random = key.slice(4, 4 + RANDOM_LENGTH);
  if (checksum(random) !== key.slice(4 + RANDOM_LENGTH)) return null;
  return { prefix: random.slice(0, PREFIX_LENGTH), last4: key.slice(-4) };
}

export function hashKey(key: string, secret: string): string {
  return createHmac("sha256", secret).update(key).digest("hex");
}

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
