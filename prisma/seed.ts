// The demo workspace of a fresh clone: a console login with a random password, credits, and a
// read_write and a read key, all printed once. Seeded on the embedded default only (a deployment on
// PostgreSQL gets it only with SEED_DEMO=true); runs on every `npm start`, seeds nothing twice.
import { randomBytes } from "node:crypto";
import { signUp } from "@/server/accounts/service";
import { addCredits } from "@/server/billing/ledger";
import { toMicro } from "@/server/billing/credits";
import { db } from "@/server/db";
import { embedded, env } from "@/server/env";
import { createKey } from "@/server/keys/service";
import { projectActor } from "@/server/projects/service";

export const DEMO_EMAIL = "demo@switchyard.dev";
const DEMO_CREDITS = 100;

export type SeedResult =
  | { created: true; password: string; readWriteKey: string; readKey: string; workspaceId: string; projectId: string }
  | { created: false; reason: "seeded before" | "not embedded" };

export async function seed(): Promise<SeedResult> {
  if (!embedded && !env.SEED_DEMO) return { created: false, reason: "not embedded" };
  if (await db().user.findUnique({ where: { email: DEMO_EMAIL } })) return { created: false, reason: "seeded before" };
  const password = randomBytes(12).toString("base64url");
  const account = await signUp({ email: DEMO_EMAIL, password, name: "Demo" }, { workspaceName: "Demo workspace", emailVerified: true });
  await addCredits(account.workspaceId, toMicro(DEMO_CREDITS));
  const actor = await projectActor(account.projectId);
  const readWrite = await createKey(actor, { name: "Demo read_write key", scope: "read_write" }, env.DEMO_API_KEY);
  const read = await createKey(actor, { name: "Demo read key", scope: "read" });
  return { created: true, password, readWriteKey: readWrite.key, readKey: read.key, workspaceId: account.workspaceId, projectId: account.projectId };
}

export function describeSeed(result: SeedResult, port: number): string {
  const consoleUrl = `Console: http://localhost:${port}`;
  if (!result.created && result.reason === "not embedded") {
    return `${consoleUrl}\nNo demo workspace on this database (set SEED_DEMO=true to have one). Create a user with npm run admin -- create-user.`;
  }
  if (!result.created) {
    return [
      `${consoleUrl}  (sign in as ${DEMO_EMAIL}; its password and keys were printed on the first run)`,
      `A new password: npm run admin -- set-password --email ${DEMO_EMAIL} --password '...' (with the app stopped).`,
    ].join("\n");
  }
  return [
    `${consoleUrl}  (sign in as ${DEMO_EMAIL} / ${result.password})`,
    `Demo API key (scope read_write): ${result.readWriteKey}`,
    `Demo API key (scope read):       ${result.readKey}`,
    "The password and keys are shown once. Try:",
    `  curl -H "Authorization: Bearer ${result.readWriteKey}" http://localhost:${port}/v1/api_keys`,
  ].join("\n");
}
