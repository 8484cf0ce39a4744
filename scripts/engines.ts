// `npm run engines -- up | down | status`: the real engines on this machine, for development, CI
// and anyone trying them (README "Run it for real"): Docker Engine on a private socket (no bridge,
// no firewall rules), PowerDNS on loopback with its own database on the configured PostgreSQL,
// and an S3 server on loopback. `up` installs what is missing from Debian (as root), builds the
// base image once, starts what is not running, and prints the `export` lines for the server;
// `down` stops what `up` started, by PID. Progress goes to stderr, the exports to stdout.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { installPackages } from "./engines/packages";
import { dockerSocket, releaseDockerMounts, startDocker } from "./engines/docker";
import { startPowerDns } from "./engines/powerdns";
import { S3_BUCKET, S3_KEY, startS3 } from "./engines/s3";
import { stop } from "./engines/run";
import { alive, ensureDirs, ports, startedPids, stateDir } from "./engines/state";

const say = (line: string) => process.stderr.write(`engines: ${line}\n`);

/** The PostgreSQL server PowerDNS's database goes on: ENGINES_DATABASE_URL, else DATABASE_URL's server, else the local default. */
function adminUrl(): string {
  if (process.env.ENGINES_DATABASE_URL) return process.env.ENGINES_DATABASE_URL;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = "/postgres";
    return url.toString();
  }
  return "postgresql://postgres@127.0.0.1:5432/postgres";
}

async function up(): Promise<void> {
  const started = Date.now();
  ensureDirs();
  installPackages(say);
  await startDocker(say);
  say(`Docker Engine answers on ${dockerSocket()}`);
  const pdns = await startPowerDns(adminUrl(), process.env.ENGINES_PDNS_DATABASE ?? "switchyard_pdns");
  say(`PowerDNS answers DNS on ${pdns.dns}, its API on ${pdns.apiUrl}`);
  const s3 = await startS3();
  say(`S3 answers on ${s3.endpoint} (bucket ${S3_BUCKET})`);
  const settings: Record<string, string> = {
    COMPUTE_DRIVER: "docker",
    DOCKER_HOST: `unix://${dockerSocket()}`,
    DOCKER_SSH_PORTS: `${ports.sshFirst}-${ports.sshLast}`,
    DNS_DRIVER: "powerdns",
    PDNS_API_URL: pdns.apiUrl,
    PDNS_API_KEY: pdns.apiKey,
    PDNS_SERVER_ID: "localhost",
    BACKUP_STORE_URL: `s3://${S3_BUCKET}/backups`,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: S3_KEY,
    S3_SECRET_ACCESS_KEY: S3_KEY,
    S3_FORCE_PATH_STYLE: "true",
    DNS_SERVER: pdns.dns,
  };
  const exports = Object.entries(settings).map(([name, value]) => `export ${name}=${value}`).join("\n");
  writeFileSync(join(stateDir, "env"), `${exports}\n`, { mode: 0o600 });
  say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s; the same lines are in ${join(stateDir, "env")}`);
  console.log(exports);
}

async function down(): Promise<void> {
  // The S3 server and PowerDNS first, then Docker (which stops its containers on the way down).
  for (const name of ["s3rver", "pdns", "dockerd"]) if (await stop(name, name === "dockerd" ? 60_000 : 10_000)) say(`stopped ${name}`);
  releaseDockerMounts(say);
}

function status(): void {
  const pids = startedPids();
  for (const name of ["dockerd", "pdns", "s3rver"]) say(`${name}: ${pids[name] && alive(pids[name]) ? `running (PID ${pids[name]})` : "not running"}`);
}

const verb = process.argv[2];
const verbs: Record<string, () => void | Promise<void>> = { up, down, status };
if (!verbs[verb]) {
  console.error("Usage: npm run engines -- up | down | status");
  process.exit(2);
}
Promise.resolve(verbs[verb]()).catch((error: unknown) => {
  say(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
