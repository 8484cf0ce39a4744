// The demo workspace of a fresh clone: a console login, credits, and a read_write and a read key
// (printed once). Runs on every `npm start`; seeds nothing twice.
import { signUp } from "@/server/accounts/service";
import { addCredits } from "@/server/billing/ledger";
import { toMicro } from "@/server/billing/credits";
import { db } from "@/server/db";
import { env } from "@/server/env";
import { createKey } from "@/server/keys/service";
import { projectActor } from "@/server/projects/service";

export const DEMO_LOGIN = { email: "demo@switchyard.dev", password: "switchyard-demo", name: "Demo" };
const DEMO_CREDITS = 100;

export type SeedResult =
  | { created: true; readWriteKey: string; readKey: string; workspaceId: string; projectId: string }
  | { created: false };

export async function seed(): Promise<SeedResult> {
  if (await db().user.findUnique({ where: { email: DEMO_LOGIN.email } })) return { created: false };
  const account = await signUp(DEMO_LOGIN, { workspaceName: "Demo workspace" });
  await addCredits(account.workspaceId, toMicro(DEMO_CREDITS));
  const actor = await projectActor(account.projectId);
  const readWrite = await createKey(actor, { name: "Demo read_write key", scope: "read_write" }, env.DEMO_API_KEY);
  const read = await createKey(actor, { name: "Demo read key", scope: "read" });
  return { created: true, readWriteKey: readWrite.key, readKey: read.key, workspaceId: account.workspaceId, projectId: account.projectId };
}

export function describeSeed(result: SeedResult, port: number): string {
  const login = `Console: http://localhost:${port}  (sign in as ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password})`;
  if (!result.created) {
    return `${login}\nDemo workspace already seeded; its keys were printed on the first run. New key: npm run admin -- create-key (app stopped).`;
  }
  return [
    login,
    `Demo API key (scope read_write): ${result.readWriteKey}`,
    `Demo API key (scope read):       ${result.readKey}`,
    "These keys are shown once. Try:",
    `  curl -H "Authorization: Bearer ${result.readWriteKey}" http://localhost:${port}/v1/api_keys`,
  ].join("\n");
}
