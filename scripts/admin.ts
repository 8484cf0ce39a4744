// Operator commands: `npm run admin -- <command> [--flags]`. Run `npm run admin -- help`.
// In embedded mode the database folder is held by the running app: stop it first.
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { validationError } from "@/server/http/parse-body";
import { setPassword, signUp } from "@/server/accounts/service";
import { resetTwoFactor } from "@/server/accounts/two-factor/service";
import { cliOperator } from "@/server/audit/service";
import { setPasswordInput, signUpInput } from "@/server/accounts/schema";
import { addCredits } from "@/server/billing/ledger";
import { refundPayment } from "@/server/billing/payments/operator-refund";
import { toCredits, toMicro } from "@/server/billing/credits";
import { allRates, rateView, setRate } from "@/server/billing/rates";
import { allTierLimits, setTierLimits } from "@/server/billing/tier-limits";
import { closeDatabase, embeddedDatabaseOwner } from "@/server/db";
import { env } from "@/server/env";
import { AppError } from "@/server/errors";
import { createKey, listKeys } from "@/server/keys/service";
import { createKeyInput } from "@/server/keys/schema";
import { migrate } from "@/server/migrations";
import { projectActor } from "@/server/projects/service";
import { setTier } from "@/server/workspaces/service";
import { tierIds } from "@/server/vocab/tiers";

const usage = `Usage: npm run admin -- <command> [options] [--json]

  create-user   --email E --password P --name N [--workspace NAME] [--operator]
                creates a user (email taken as verified), a workspace with starter credits and a default project
  set-password  --email E --password P
                a new password; every console session of the user ends
  reset-two-factor --email E
                turns the user's two-factor sign-in off (an owner locked out by an authenticator not theirs)
  grant-credits --workspace WSP --credits N
  create-key    --project PRJ --name N --scope read|read_write [--key swk_...]
                prints the key once
  list-keys     --project PRJ
  set-tier      --workspace WSP --tier ${tierIds.join("|")}
  set-rate      --product P --input CREDITS --output CREDITS   (credits per million tokens; live at once)
  list-rates
  set-tier-limits --tier ${tierIds.join("|")} --generate N --api N
                per-key requests per minute of the tier; live on the next request of every running server
  list-tier-limits
  refund-payment --payment PAY
                refunds a paid top-up or auto-recharge through Stripe; its credits go when Stripe confirms
  help          this text (also --help, -h)`;

const options = {
  email: { type: "string" }, password: { type: "string" }, name: { type: "string" },
  workspace: { type: "string" }, operator: { type: "boolean" }, credits: { type: "string" },
  project: { type: "string" }, scope: { type: "string" }, key: { type: "string" }, tier: { type: "string" },
  product: { type: "string" }, input: { type: "string" }, output: { type: "string" },
  generate: { type: "string" }, api: { type: "string" }, payment: { type: "string" },
  json: { type: "boolean" }, help: { type: "boolean", short: "h" },
} as const;

const parsed = (() => {
  try {
    return parseArgs({ allowPositionals: true, options });
  } catch (error) {
    // An unknown or malformed option: say which, and how the commands go (no stack trace).
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(1);
  }
})();
const { positionals, values } = parsed;
if (values.help || positionals[0] === "help" || positionals.length === 0) {
  console.log(usage);
  process.exit(positionals.length === 0 && !values.help ? 1 : 0);
}

function need(name: keyof typeof values): string {
  const value = values[name];
  if (typeof value !== "string" || value === "") throw new AppError("invalid_body", `--${name} is required.`);
  return value;
}

async function run(command: string | undefined): Promise<Record<string, unknown>> {
  switch (command) {
    case "create-user": {
      const input = signUpInput.parse({ email: need("email"), password: need("password"), name: need("name") });
      const account = await signUp(input, { operator: values.operator, workspaceName: values.workspace, by: cliOperator, emailVerified: true });
      return { user_id: account.userId, workspace_id: account.workspaceId, project_id: account.projectId };
    }
    case "set-password": {
      const { email, password } = setPasswordInput.parse({ email: need("email"), password: need("password") });
      await setPassword(email, password);
      return { email, password_changed: true, sessions_ended: true };
    }
    case "grant-credits": {
      const credits = Number(need("credits"));
      if (!Number.isFinite(credits)) throw new AppError("invalid_body", "--credits must be a number.");
      return { workspace_id: need("workspace"), balance: toCredits(await addCredits(need("workspace"), toMicro(credits), { grantedBy: cliOperator })) };
    }
    case "create-key": {
      const input = createKeyInput.parse({ name: need("name"), scope: need("scope") });
      return createKey({ ...(await projectActor(need("project"))), by: cliOperator }, input, values.key);
    }
    case "list-keys":
      return listKeys(await projectActor(need("project")), { limit: 100 });
    case "set-tier":
      await setTier(need("workspace"), need("tier"), cliOperator);
      return { workspace_id: need("workspace"), tier: need("tier") };
    case "set-rate":
      return { product: need("product"), ...(await setRate(need("product"), Number(need("input")), Number(need("output")), cliOperator)) };
    case "list-rates":
      return Object.fromEntries([...(await allRates())].map(([product, rates]) => [product, rateView(rates)]));
    case "set-tier-limits":
      return setTierLimits(need("tier"), { generate: Number(need("generate")), api: Number(need("api")) }, cliOperator);
    case "reset-two-factor":
      return resetTwoFactor(need("email"), cliOperator);
    case "refund-payment":
      return refundPayment(need("payment"), cliOperator);
    case "list-tier-limits":
      return Object.fromEntries((await allTierLimits()).map(({ tier, ...limits }) => [tier, limits]));
    default:
      throw new AppError("invalid_body", usage);
  }
}

const owner = env.DATABASE_URL ? null : embeddedDatabaseOwner();
if (owner !== null) {
  console.error(
    `The embedded database in ${env.DATA_DIR} is open in the running app (pid ${owner}). Stop the app first, ` +
      "or make the change in the console (operators: Billing, rates and tier limits), which applies at once.",
  );
  process.exit(2);
}

try {
  await migrate();
  const result = await run(positionals[0]);
  if (values.json) process.stdout.write(JSON.stringify(result) + "\n");
  else for (const [name, value] of Object.entries(result)) console.log(`${name}: ${typeof value === "object" ? JSON.stringify(value, null, 2) : value}`);
  if (typeof result.key === "string" && !values.json) console.log("\nThis key is shown once. Store it now.");
  process.exitCode = 0;
} catch (error) {
  const shown = error instanceof ZodError ? validationError(error, "options") : error;
  console.error(shown instanceof Error ? shown.message : String(shown));
  process.exitCode = 1;
} finally {
  await closeDatabase();
  // The Redis client (rate limits) and PGlite timers must not keep a CLI alive.
  process.exit();
}
