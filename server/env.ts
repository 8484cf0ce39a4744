// Every environment variable the app reads, validated once at start-up. Each has a default that
// makes the embedded mode (no account, no service) work on a fresh clone.
import "server-only";
import { z } from "zod";

/**
 * The steps BENCH_ABLATE can switch off (server/bench-ablation.ts): the key check (a key resolved
 * once per process), the rate-limit buckets, the input's token count (a length estimate instead),
 * the settlement statement as a whole, or one of its rows (ledger entry, usage record, daily
 * rollup, generation record), and the metrics.
 */
export const ABLATABLE_STEPS = ["key_check", "rate_limits", "input_count", "settlement", "ledger", "usage_record", "usage_rollup", "generation_record", "metrics"] as const;
export type AblatableStep = (typeof ABLATABLE_STEPS)[number];

const schema = z.object({
  // postgresql://... switches from embedded PGlite to PostgreSQL.
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL").optional(),
  // redis://... moves rate-limit buckets (and later shared state) to Redis, shared by every replica.
  REDIS_URL: z.string().regex(/^rediss?:\/\//, "must be a redis:// URL").optional(),
  // A Redis command not answered within this many ms fails, and what asked falls back to this
  // process's own state (rate limits, breakers): Redis is an accelerator, never a reason to fail.
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(10).default(500),
  // A new PostgreSQL connection not made within this many ms fails (503 service_unavailable).
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(1500),
  // Bearer token of GET /api/metrics (Prometheus text); unset = the route answers 404.
  METRICS_TOKEN: z.string().min(16).optional(),
  // Folder of the embedded database and of generated secrets in embedded mode.
  DATA_DIR: z.string().default(".data"),
  // HMAC secret for API key hashes; generated into DATA_DIR when unset. Set it on every replica at scale.
  KEY_HASH_SECRET: z.string().min(32).optional(),
  // next-auth session signing secret; generated into DATA_DIR when unset.
  NEXTAUTH_SECRET: z.string().min(32).optional(),
  // The console's public URL (https://console.example.com); unset = taken from each request's host.
  NEXTAUTH_URL: z.url().optional(),
  // The APIs' public base URL (https://api.example.com), named in the OpenAPI document's `servers`;
  // unset = the origin each request reached.
  PUBLIC_API_URL: z.url().optional(),
  // Port of `npm start`.
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // pino level: fatal, error, warn, info, debug, trace, silent.
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Credits (whole) given to a workspace at sign-up.
  STARTER_CREDITS: z.coerce.number().min(0).default(5),
  // Seed the demo workspace on PostgreSQL too (it is seeded on the embedded default only).
  SEED_DEMO: z.stringbool().default(false),
  // gzip for the console's pages, scripts and styles in the app process (server/http/page-compression.ts);
  // the APIs and every event stream are never compressed. false when a proxy in front compresses.
  COMPRESS_PAGES: z.stringbool().default(true),
  // Fixes the demo read_write key printed by the seed (scripted setups); a valid swk_ key.
  DEMO_API_KEY: z.string().optional(),
  // How often each server process releases expired credit reservations.
  RESERVATION_SWEEP_SECONDS: z.coerce.number().int().min(1).default(15),
  // JSON file listing the model families and the routing chains (see server/ai/families/).
  MODEL_FAMILIES_FILE: z.string().optional(),
  // A model family's circuit opens after this many failures in a row...
  BREAKER_FAILURES: z.coerce.number().int().min(1).default(5),
  // ...for this many seconds, then one probe request may close it again.
  BREAKER_COOLDOWN_SECONDS: z.coerce.number().int().min(1).default(30),
  // Longest Retry-After (seconds) honoured on an upstream 429 before failing over instead.
  UPSTREAM_RETRY_AFTER_MAX_SECONDS: z.coerce.number().min(0).default(2),
  /** Seconds in-flight requests and streams get to finish after SIGTERM/SIGINT (README, "Run it in production"). */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).default(30),
  /** A request's headers must arrive within this many seconds, else 408. */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
  /** The whole request (headers and body) must arrive within this many seconds, else 408. */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  /** An idle kept-alive connection is closed after this many seconds (above a load balancer's 60 s). */
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().default(65),
  // Silence (ms) after which a stream gets a `: keep-alive` comment line.
  KEEPALIVE_MS: z.coerce.number().int().min(100).default(10_000),
  // A non-streaming generation running longer than this (ms) sends its headers early and keeps the
  // connection alive with single spaces before the JSON body.
  LONG_RUN_AFTER_MS: z.coerce.number().int().min(100).default(15_000),
  // Background jobs (instance transitions...): poll interval, parallel jobs per process, and the
  // lease after which a job held by a dead process runs again elsewhere.
  JOBS_POLL_MS: z.coerce.number().int().min(10).default(500),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).default(8),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).default(60),
  // The simulated hypervisor's speed: 1 = realistic durations, 0.05 = twenty times faster (tests).
  COMPUTE_DRIVER_SPEED: z.coerce.number().positive().default(1),
  // The simulated hypervisor's faults, for trying failure handling: comma-separated
  // `operation@region[:plan]` (operations: provision, powerOn, powerOff, reboot, resize, snapshot,
  // backup, destroy), e.g. `provision@nyc1:m-8vcpu-64gb` = that region has no room for that plan.
  COMPUTE_DRIVER_FAULTS: z
    .string()
    .regex(/^\s*$|^\s*[a-zA-Z]+@[a-z0-9-]+(:[a-z0-9-]+)?(\s*,\s*[a-zA-Z]+@[a-z0-9-]+(:[a-z0-9-]+)?)*\s*$/, "comma-separated operation@region[:plan]")
    .optional(),
  // The compute engine new instances run on: simulated (no daemon, the default) or docker (Linux
  // containers you can SSH into; README "Run it for real"). An instance keeps its engine for life.
  COMPUTE_DRIVER: z.enum(["simulated", "docker"]).default("simulated"),
  // The Docker Engine's API: unix:///path/docker.sock (default the standard socket) or tcp://host:port.
  DOCKER_HOST: z.string().regex(/^(unix|tcp|http):\/\//, "a unix://, tcp:// or http:// address").default("unix:///var/run/docker.sock"),
  // The loopback ports of the instances' SSH relays (first-last); each instance gets one for life.
  DOCKER_SSH_PORTS: z.string().regex(/^\d{2,5}-\d{2,5}$/, "first-last, e.g. 25400-25499").default("25400-25499"),
  // The address the SSH relays listen on (an operator opens the ports there, README)...
  DOCKER_SSH_BIND: z.string().default("127.0.0.1"),
  // ...and the host name the instance object tells its owner to ssh to (default: the bind address).
  DOCKER_SSH_PUBLIC_HOST: z.string().optional(),
  // TESTS ONLY: moves this process's clock for key-limit periods (server/clock.ts) this many seconds
  // ahead, so a spec sees a daily limit reset without waiting. Refused at start-up unless
  // ALLOW_TEST_CLOCK=true is set with it; never set either in production.
  TEST_CLOCK_OFFSET_SECONDS: z.coerce.number().int().min(0).max(400 * 86_400).default(0),
  // TESTS ONLY: lets TEST_CLOCK_OFFSET_SECONDS be honoured.
  ALLOW_TEST_CLOCK: z.stringbool().default(false),
  // BENCH ONLY: steps of a metered generation switched off, a comma list of ABLATABLE_STEPS, so the
  // gateway bench can say what each step costs the machine (bench/README.md, "Ablation"). A step
  // switched off breaks what it guarantees (a generation unbilled, a limit not enforced): refused at
  // start-up unless ALLOW_BENCH_ABLATION=true is set with it; never set either outside a bench.
  BENCH_ABLATE: z
    .string()
    .default("")
    .transform((list) => list.split(",").map((step) => step.trim()).filter(Boolean))
    .pipe(z.array(z.enum(ABLATABLE_STEPS))),
  // BENCH ONLY: lets BENCH_ABLATE be honoured.
  ALLOW_BENCH_ABLATION: z.stringbool().default(false),
  // TESTS ONLY: containers share the host's network (sshd on the instance's port) instead of having
  // none, so they could reach this service's own network. Never set it in production.
  DOCKER_HOST_NETWORK_FOR_TESTS: z.stringbool().default(false),
  // How often each server process compares the engine's containers with the instances (drift
  // after a restart, events it missed); it also follows the engine's events as they happen.
  COMPUTE_RECONCILE_SECONDS: z.coerce.number().int().min(1).default(30),
  // Where backups of real instances are kept: s3://bucket/prefix (unset: simulated instances only
  // take backups; a docker instance's backup fails saying that no store is set).
  BACKUP_STORE_URL: z.string().regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/, "s3://bucket/prefix").optional(),
  // The S3 API's endpoint for a store that is not AWS (http://127.0.0.1:25390, MinIO...); unset = AWS.
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default("us-east-1"),
  // Credentials of the store (unset: the AWS SDK's own chain: environment, profile, instance role).
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // Bucket in the path (http://host/bucket/key) instead of the host name: most non-AWS servers need it.
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  // Where domains' zones are served: stored (records kept and listed, no name server answers; the
  // default) or powerdns (PowerDNS Authoritative, written through its HTTP API).
  DNS_DRIVER: z.enum(["stored", "powerdns"]).default("stored"),
  // PowerDNS's HTTP API (http://127.0.0.1:25381), its key, and its server id.
  PDNS_API_URL: z.url().optional(),
  PDNS_API_KEY: z.string().optional(),
  PDNS_SERVER_ID: z.string().default("localhost"),
  // How often each server process looks for zones the name server does not hold as they should be.
  DNS_RECONCILE_SECONDS: z.coerce.number().int().min(1).default(30),
  // How often each server process charges the compute hours that have started.
  COMPUTE_BILLING_SECONDS: z.coerce.number().int().min(1).default(60),
  // Webhooks: http:// URLs allowed (development only; production endpoints must be https).
  WEBHOOK_ALLOW_HTTP: z.stringbool().default(false),
  // Webhooks: loopback IP literals (127.0.0.1, [::1]) allowed as targets, for local development
  // and tests. Host names never get this allowance (that would reopen DNS rebinding).
  WEBHOOK_ALLOW_LOOPBACK: z.stringbool().default(false),
  // Webhooks: resolve endpoint host names with these DNS servers (comma-separated ip[:port])
  // instead of the system resolver.
  WEBHOOK_DNS_SERVERS: z.string().optional(),
  // Webhooks: how often each process looks for events and due deliveries (it is also woken at
  // once when it writes an event itself), and how many deliveries it sends at a time.
  WEBHOOK_POLL_MS: z.coerce.number().int().min(10).default(500),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).default(16),
  // Webhooks: the retry schedule's speed (1 = 5 s, 5 min, 30 min, 2 h...; 0.01 a hundred times faster, for tests).
  WEBHOOK_RETRY_SPEED: z.coerce.number().positive().default(1),
  // Webhooks: how long one attempt may take, connection to answer, in seconds (at most 30: a
  // claim's lease is 60 s); an endpoint silent that long is a failed attempt, retried on the schedule.
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(30).default(15),
  // Proxies whose X-Forwarded-For is believed (comma-separated: loopback, 10.0.0.0/8, an address):
  // client addresses (sign-in limits, the audit log) are the connection's otherwise.
  TRUSTED_PROXIES: z.string().optional(),
  // Console (tRPC) calls a minute per signed-in user; each client address may make twice as many.
  CONSOLE_CALLS_PER_MINUTE: z.coerce.number().int().min(10).default(300),
  // Live (unrevoked) API keys a project may hold; creating one more is 409 conflict.
  API_KEYS_PER_PROJECT: z.coerce.number().int().min(1).default(50),
  // All keys of a project together get this many times a key's per-minute limit (per bucket).
  PROJECT_RATE_LIMIT_MULTIPLE: z.coerce.number().min(1).default(5),
  // All projects of a workspace together get this many times a key's per-minute limit (per bucket).
  WORKSPACE_RATE_LIMIT_MULTIPLE: z.coerce.number().min(1).default(10),
  // Streams (SSE generations) one key may have open at once; one more is 429 `rate_limited`.
  STREAMS_PER_KEY: z.coerce.number().int().min(1).default(20),
  // Projects a workspace may hold; webhooks and domains a project may hold; records a domain may
  // hold. Creating one more is 409 conflict naming the limit.
  PROJECTS_PER_WORKSPACE: z.coerce.number().int().min(1).default(20),
  WEBHOOKS_PER_PROJECT: z.coerce.number().int().min(1).default(20),
  DOMAINS_PER_PROJECT: z.coerce.number().int().min(1).default(50),
  RECORDS_PER_DOMAIN: z.coerce.number().int().min(1).default(500),
  // The name servers every domain is delegated to (comma-separated host names): each domain gets an
  // NS record per name server and an SOA record naming the first, read-only, when it is made.
  DNS_NAME_SERVERS: z
    .string()
    .regex(/^\s*[a-z0-9.-]+\.[a-z]{2,}\s*(,\s*[a-z0-9.-]+\.[a-z]{2,}\s*)*$/, "comma-separated host names")
    .default("ns1.switchyard.dev,ns2.switchyard.dev"),
  // Failed sign-ins in a row for one email from one address before each further attempt waits
  // (an address gets ten times as many over all emails); see server/accounts/sign-in-limits.ts.
  SIGN_IN_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  // The first such wait in seconds; it doubles with every further failure, up to 15 minutes.
  SIGN_IN_FIRST_WAIT_SECONDS: z.coerce.number().int().min(1).max(900).default(1),
  // How long a mailed password-reset link works, in seconds (server/accounts/password-reset.ts).
  PASSWORD_RESET_LINK_SECONDS: z.coerce.number().int().min(1).max(24 * 3600).default(3600),
  // Console sign-up: open to anyone, or closed (accounts come from `npm run admin -- create-user`).
  SIGN_UP: z.enum(["open", "closed"]).default("open"),
  // Console sign-ups allowed per client address (an IPv6 client's /64) within an hour...
  SIGN_UPS_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
  // ...and from all addresses together within an hour (each verified one costs STARTER_CREDITS);
  // past it sign-ups are not refused but answered more and more slowly (0.25 s doubling to 10 s).
  SIGN_UPS_PER_HOUR: z.coerce.number().int().min(1).default(100),
  // Outgoing mail (email verification links): smtp://user:password@host:587 or smtps://...; unset =
  // links are written to the log in embedded mode and cannot be sent at all on PostgreSQL.
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional(),
  // The From of that mail.
  SMTP_FROM: z.string().default("Switchyard <no-reply@localhost>"),
  // Selling credits through Stripe (README "Selling credits"): the secret API key (sk_...); unset =
  // payments are off and the console says how to turn them on.
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  // The signing secret of the webhook endpoint registered in Stripe's dashboard (whsec_...).
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  // Where Stripe's API answers (tests point it at a fake server); unset = Stripe itself.
  STRIPE_API_BASE: z.url().optional(),
  // The price of one credit in the currency (e.g. 0.01 = 100 credits for 1.00), its currency (ISO
  // code, lower case), and the fewest and most credits one purchase may buy.
  CREDIT_PRICE: z.coerce.number().positive().default(1),
  CREDIT_CURRENCY: z.string().regex(/^[a-z]{3}$/, "a three-letter currency code in lower case, e.g. usd").default("usd"),
  TOP_UP_MIN_CREDITS: z.coerce.number().int().min(1).default(5),
  TOP_UP_MAX_CREDITS: z.coerce.number().int().min(1).default(10000),
  // Auto-recharge: the first wait after a failed charge in seconds (doubling for the next), and how
  // often each server process looks for a recharge that is due.
  AUTO_RECHARGE_RETRY_SECONDS: z.coerce.number().min(0.1).default(3600),
  AUTO_RECHARGE_POLL_SECONDS: z.coerce.number().min(0.1).default(5),
});

export type Env = z.infer<typeof schema>;

/** Settings that only mean something together: an engine named without where it answers. */
const complete = schema.superRefine((settings, ctx) => {
  if (settings.STRIPE_SECRET_KEY && !settings.STRIPE_WEBHOOK_SECRET) {
    ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET (the webhook endpoint's signing secret)" });
  }
  if (settings.TOP_UP_MIN_CREDITS > settings.TOP_UP_MAX_CREDITS) {
    ctx.addIssue({ code: "custom", path: ["TOP_UP_MIN_CREDITS"], message: "must not be above TOP_UP_MAX_CREDITS" });
  }
  if (settings.TEST_CLOCK_OFFSET_SECONDS !== 0 && !settings.ALLOW_TEST_CLOCK) {
    ctx.addIssue({ code: "custom", path: ["TEST_CLOCK_OFFSET_SECONDS"], message: "moves the clock for tests only: it needs ALLOW_TEST_CLOCK=true" });
  }
  if (settings.BENCH_ABLATE.length && !settings.ALLOW_BENCH_ABLATION) {
    ctx.addIssue({ code: "custom", path: ["BENCH_ABLATE"], message: "switches off what a generation guarantees, for the bench only: it needs ALLOW_BENCH_ABLATION=true" });
  }
  if (settings.DNS_DRIVER === "powerdns" && !settings.PDNS_API_URL) {
    ctx.addIssue({ code: "custom", path: ["PDNS_API_URL"], message: "DNS_DRIVER=powerdns needs PDNS_API_URL (and PDNS_API_KEY)" });
  }
});

function load(): Env {
  const parsed = complete.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}

export const env: Env = load();
export const embedded = env.DATABASE_URL === undefined;
