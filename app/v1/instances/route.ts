import { createInstanceInput, listInstancesInput } from "@/server/cloud/instances/schema";
import { createInstance, listInstances } from "@/server/cloud/instances/service";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseBody, parseQuery } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";

// GET /v1/instances — this project's instances, newest first; ?status= filters
export const GET = withApiKey(async (request, { actor }) => Response.json(await listInstances(actor, parseQuery(request, listInstancesInput))), {
  scope: "read",
});

// POST /v1/instances — create an instance (fresh, or from a snapshot); provisioning when this answers (202 with its action)
export const POST = withApiKey(
  async (request, { actor }) => Response.json(await createInstance(actor, await parseBody(request, createInstanceInput)), { status: 202 }),
  { scope: "read_write" },
);

export const { PUT, PATCH, DELETE } = methodNotAllowed;
