// Import rules of server/, checked by scripts/import-rules.test.ts (part of `npm test`, so of CI).
//
// Rooms, lowest first. A module imports only its own room or rooms below it:
//   1. base modules: the top-level server/*.ts files (db, errors, ids, log, env, redis, ...) but the
//      console's sign-in (auth.ts, auth-sessions.ts: a feature) and the composition roots;
//   2. shared contracts: server/vocab/ (small vocabularies the browser may import too: products,
//      endpoints, tiers, event and record types...; they import only each other), server/actor.ts
//      (who acts), server/wire/ (schema kit, list input and pages, body limits, errors as
//      responses), server/events/ (the event outbox), server/net/ (the outgoing-URL guard). Base
//      modules and shared contracts import no feature;
//   3. features (a folder under server/, or a top-level file named with .ts), in FEATURE_LAYERS
//      order: a feature imports features of lower layers only, except for the few edges in
//      UPWARD_EDGES, each with its reason;
//   4. composition roots (COMPOSITION: the server's start and stop), which wire the features
//      together and may import anything.
// Test kits live in test/kits/ and no production module imports them. Import circles: none.

/** Features by layer, lowest first; a folder under server/ that is in no layer fails the check. */
const FEATURE_LAYERS = [
  // The audit log is written beside every change, projects' included: below them all.
  ["audit"],
  ["changes", "jobs", "mail", "projects"],
  ["billing"],
  ["keys"],
  ["webhooks"],
  ["cloud"],
  ["workspaces"],
  // The HTTP kit of every API (key auth, rate limits, idempotency, bodies, streams): no AI in it.
  ["http"],
  // The AI API's doors (ai/doors/) serve their wire formats with the HTTP kit.
  ["ai"],
  ["openapi"],
  ["accounts"],
  // Members and invitations: the workspaces' roles, with the accounts' mail links and limits.
  ["members"],
  ["auth-sessions.ts"],
  ["auth.ts"],
  ["trpc"],
];

/** Imports from a lower layer to a higher one, by file, and why each is there (at most 3). */
const UPWARD_EDGES = [
  {
    from: "^server/webhooks/ping-limit\\.ts$",
    to: "^server/http/rate-limit\\.ts$",
    why: "Test pings are limited with the same shared limiter (Redis, or memory) as the API's requests.",
  },
  {
    from: "^server/http/allowed-methods\\.ts$",
    to: "^server/openapi/operations\\.ts$",
    why: "The Allow header of a 405 and the route label of the metrics come from the registered operations, the one list of the public paths.",
  },
];

const COMPOSITION = ["shutdown", "start-server"];
const SHARED_ROOMS = ["vocab", "wire", "events", "net"];

const FEATURES = FEATURE_LAYERS.flat();
const room = (name) => (name.endsWith(".ts") ? `${name.replace(".", "\\.")}$` : `${name}/`);
const folders = (names) => `^server/(${names.map(room).join("|")})`;
const composition = `^server/(${COMPOSITION.join("|")})\\.ts$`;

const layerRules = FEATURE_LAYERS.map((layer, i) => {
  const sameOrHigher = FEATURE_LAYERS.slice(i).flat();
  return {
    name: `feature-layer-${i + 1}`,
    comment: `${layer.join(", ")}: imports features of lower layers only (order and reasons in .dependency-cruiser.cjs).`,
    severity: "error",
    from: { path: folders(layer), pathNot: UPWARD_EDGES.map((edge) => edge.from) },
    to: { path: folders(sameOrHigher), pathNot: "^server/$1" },
  };
});

const upwardRules = UPWARD_EDGES.map((edge, i) => {
  const folder = edge.from.match(/^\^server\/([^/]+)\//)[1];
  const sameOrHigher = FEATURE_LAYERS.slice(FEATURE_LAYERS.findIndex((layer) => layer.includes(folder))).flat();
  return {
    name: `feature-upward-${i + 1}`,
    comment: `Only the listed upward import: ${edge.why}`,
    severity: "error",
    from: { path: edge.from },
    to: { path: folders(sameOrHigher), pathNot: [`^server/${folder}/`, edge.to] },
  };
});

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import circles.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "shared-imports-no-feature",
      comment: "Base modules and shared contracts import no feature and no composition root.",
      severity: "error",
      from: { path: ["^server/[^/]+\\.ts$", folders(SHARED_ROOMS)], pathNot: [composition, folders(FEATURES)] },
      to: { path: [folders(FEATURES), composition] },
    },
    {
      name: "vocabularies-import-nothing-else",
      comment: "server/vocab/ is imported by the browser too: it imports only its own modules.",
      severity: "error",
      from: { path: "^server/vocab/" },
      to: { pathNot: "^server/vocab/" },
    },
    {
      name: "features-import-no-composition-root",
      comment: "The composition roots import features, never the other way round.",
      severity: "error",
      from: { path: folders(FEATURES) },
      to: { path: composition },
    },
    {
      name: "feature-in-a-layer",
      comment: "Every folder under server/ is a shared room or a feature in FEATURE_LAYERS.",
      severity: "error",
      from: { path: `^server/(?!(${[...FEATURES, ...SHARED_ROOMS].filter((name) => !name.endsWith(".ts")).join("|")})/)[^/]+/` },
      to: {},
    },
    {
      name: "no-test-kits-in-production",
      comment: "Test kits (test/) are for tests; production code never imports them.",
      severity: "error",
      from: { path: "^server/", pathNot: "\\.test\\.ts$" },
      to: { path: "^(test|e2e)/" },
    },
    ...layerRules,
    ...upwardRules,
  ],
  options: {
    includeOnly: "^(server|test|e2e)/",
    exclude: { path: "\\.test\\.ts$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
  // Read by scripts/import-rules.test.ts to print the figures.
  layers: { FEATURE_LAYERS, UPWARD_EDGES },
};
