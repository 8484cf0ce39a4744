// PowerDNS Authoritative on loopback: DNS on one port, its HTTP API on another, its zones in a
// database of its own on the configured PostgreSQL (ENGINES_PDNS_DATABASE, made and loaded with
// Debian's schema if absent). It never asks the internet (security-poll-suffix empty).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { psql } from "./packages";
import { daemon, waitFor } from "./run";
import { ports, stateDir } from "./state";

const SCHEMA = "/usr/share/pdns-backend-pgsql/schema/schema.pgsql.sql";

function database(adminUrl: string, name: string): { host: string; port: string; user: string; password: string } {
  if (psql(adminUrl, `SELECT 1 FROM pg_database WHERE datname = '${name}'`) !== "1") psql(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (psql(url.toString(), "SELECT to_regclass('public.domains') IS NOT NULL") !== "t") {
    execFileSync("psql", [url.toString(), "-qX", "-v", "ON_ERROR_STOP=1", "-f", SCHEMA], { stdio: ["ignore", "ignore", "inherit"] });
  }
  return { host: url.hostname, port: url.port || "5432", user: decodeURIComponent(url.username || "postgres"), password: decodeURIComponent(url.password) };
}

/** The API key, made once per checkout's engines and kept with them. */
function apiKey(): string {
  const file = join(stateDir, "pdns-api-key");
  if (!existsSync(file)) writeFileSync(file, randomBytes(24).toString("hex"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

export async function startPowerDns(adminUrl: string, databaseName: string): Promise<{ apiUrl: string; apiKey: string; dns: string }> {
  const db = database(adminUrl, databaseName);
  const key = apiKey();
  const configDir = join(stateDir, "pdns");
  execFileSync("mkdir", ["-p", configDir]);
  const settings = [
    "launch=gpgsql",
    `gpgsql-host=${db.host}`,
    `gpgsql-port=${db.port}`,
    `gpgsql-dbname=${databaseName}`,
    `gpgsql-user=${db.user}`,
    `gpgsql-password=${db.password}`,
    "local-address=127.0.0.1",
    `local-port=${ports.dns}`,
    "api=yes",
    `api-key=${key}`,
    "webserver=yes",
    "webserver-address=127.0.0.1",
    `webserver-port=${ports.pdnsApi}`,
    "webserver-allow-from=127.0.0.1/32",
    "security-poll-suffix=",
    "disable-syslog=yes",
    `socket-dir=${configDir}`,
    // Answers change the moment the API changes a zone: no packet or negative-answer cache (a
    // zone made again right after a REFUSED for it would stay REFUSED for the cache's 20 s).
    "cache-ttl=0",
    "negquery-cache-ttl=0",
    "query-cache-ttl=0",
  ];
  writeFileSync(join(configDir, "pdns.conf"), `${settings.join("\n")}\n`, { mode: 0o600 });
  const pid = daemon("pdns", "/usr/sbin/pdns_server", [`--config-dir=${configDir}`, "--daemon=no", "--guardian=no", "--disable-syslog", "--write-pid=no"]);
  const apiUrl = `http://127.0.0.1:${ports.pdnsApi}`;
  await waitFor("pdns", pid, async () => (await fetch(`${apiUrl}/api/v1/servers/localhost`, { headers: { "X-API-Key": key } })).ok);
  return { apiUrl, apiKey: key, dns: `127.0.0.1:${ports.dns}` };
}
