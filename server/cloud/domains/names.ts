// DNS names as this service accepts them: domains (zones), record names relative to a domain,
// and host names that CNAME and MX records point to. Pure functions: a result or a message that
// says what to send instead. Everything is lowercase ASCII; an IDN is accepted as punycode only.
import "server-only";
import { domainToASCII, domainToUnicode } from "node:url";
import { quoted } from "@/server/vocab/quoted";

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

export const MAX_NAME_LENGTH = 253;
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
/** Service labels (`_dmarc`, `_acme-challenge`, `_domainkey`: RFC 8552) for record names and targets. */
const SERVICE_LABEL = /^_[a-z0-9]([a-z0-9-]{0,60}[a-z0-9])?$/;

const ok = <T,>(value: T): Checked<T> => ({ ok: true, value });
const fail = <T,>(message: string): Checked<T> => ({ ok: false, message });

type Labels = { underscore: boolean; wildcard: boolean };

/**
 * The fault of the first bad label, or null when every label is fine. It follows the whole name,
 * quoted, so a name of one label is not quoted twice ("The domain name "a b" has a space...").
 */
function labelFault(labels: string[], allow: Labels): string | null {
  const whole = labels.length === 1;
  const theLabel = (label: string) => (whole ? "" : ` (the label ${quoted(label)})`);
  for (const [index, label] of labels.entries()) {
    if (label === "") return "has an empty label (two dots in a row, or a leading dot)";
    if (label.length > 63) return `has a label over 63 characters${theLabel(label)}`;
    if (label === "*" && allow.wildcard && index === 0) continue;
    if (label === "*") return "may only have `*` as its first label";
    if (allow.underscore && SERVICE_LABEL.test(label)) continue;
    if (LABEL.test(label)) {
      if (label.startsWith("xn--") && domainToUnicode(label) === "") return `is not valid punycode${theLabel(label)}`;
      continue;
    }
    if (/^-|-$/.test(label)) return `has a label that starts or ends with \`-\`${theLabel(label)}`;
    const what = /\s/.test(label) ? "a space" : "a character names cannot hold";
    return `has ${what}${theLabel(label)}: labels are letters a-z, digits and \`-\`${allow.underscore ? " (or start with `_`)" : ""}, separated by dots`;
  }
  return null;
}

/** Lowercased, one trailing dot dropped; non-ASCII refused with its punycode form as the hint. */
function prepare(input: string, what: string): Checked<string> {
  const name = input.trim().toLowerCase().replace(/\.$/, "");
  if (!name) return fail(`The ${what} is empty.`);
  if (/[^\x00-\x7f]/.test(name)) {
    const ascii = domainToASCII(name);
    return fail(`Send internationalised names as punycode${ascii ? ` (\`${ascii}\`)` : ""}: ASCII letters, digits, \`-\` and dots only.`);
  }
  if (name.length > MAX_NAME_LENGTH) return fail(`The ${what} ${quoted(input)} is over ${MAX_NAME_LENGTH} characters.`);
  return ok(name);
}

function hostLike(input: string, what: string, allow: Labels): Checked<string> {
  const prepared = prepare(input, what);
  if (!prepared.ok) return prepared;
  const labels = prepared.value.split(".");
  const fault = labelFault(labels, allow);
  if (fault) return fail(`The ${what} ${quoted(input)} ${fault}.`);
  if (labels.length < 2) return fail(`The ${what} ${quoted(input)} needs at least two labels, like \`example.com\`.`);
  if (/^\d+$/.test(labels[labels.length - 1])) {
    return fail(`The ${what} ${quoted(input)} ends in a number: that is an IP address, not a name.`);
  }
  return ok(prepared.value);
}

/** A domain (zone) this project serves: `example.com`, `shop.example.co.uk`. */
export function domainName(input: string): Checked<string> {
  return hostLike(input, "domain name", { underscore: false, wildcard: false });
}

/** What a CNAME points to: any name in the DNS, service labels included (DKIM delegations use them). */
export function aliasTarget(input: string): Checked<string> {
  return hostLike(input, "target", { underscore: true, wildcard: false });
}

/** A mail server (MX): a real host name. */
export function mailHost(input: string): Checked<string> {
  return hostLike(input, "mail server", { underscore: false, wildcard: false });
}

/**
 * A record's name, relative to its domain: `@` for the domain itself, else labels such as `www`,
 * `api.eu`, `_dmarc` or a leading `*` wildcard. A name that repeats the domain is refused with the
 * relative form as the hint (`www.example.com` under example.com would mean www.example.com.example.com).
 */
export function recordName(input: string, domain: string): Checked<string> {
  const name = input.trim().toLowerCase();
  if (name === "@") return ok("@");
  if (!name) return fail("The record name is empty; use `@` for the domain itself.");
  const absolute = name.replace(/\.$/, "");
  if (absolute === domain || absolute.endsWith(`.${domain}`)) {
    return fail(`Record names are relative to ${domain}: send \`${relativeHint(absolute, domain)}\`, not ${quoted(input)}.`);
  }
  if (name.endsWith(".")) return fail(`Record names are relative to ${domain}; ${quoted(input)} is an absolute name outside it.`);
  if (/[^\x00-\x7f]/.test(name)) return fail("Send internationalised names as punycode: ASCII letters, digits, `-` and dots only.");
  const fault = labelFault(name.split("."), { underscore: true, wildcard: true });
  if (fault) return fail(`The record name ${quoted(input)} ${fault}.`);
  if (name.length + 1 + domain.length > MAX_NAME_LENGTH) {
    return fail(`The record name ${quoted(input)} makes a name over ${MAX_NAME_LENGTH} characters with ${domain}.`);
  }
  return ok(name);
}

function relativeHint(name: string, domain: string): string {
  if (name === domain) return "@";
  return name.endsWith(`.${domain}`) ? name.slice(0, -domain.length - 1) : name;
}

/** The full name a record answers for. */
export function fqdn(name: string, domain: string): string {
  return name === "@" ? domain : `${name}.${domain}`;
}
