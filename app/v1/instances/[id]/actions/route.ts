import { actionInput } from "@/server/cloud/instances/schema";
import { instanceAction, listActions } from "@/server/cloud/instances/service";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseBody, parseQuery } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";
import { listInput } from "@/server/wire/page";

// GET /v1/instances/{id}/actions — the instance's actions, newest first
export const GET = withApiKey(
  async (request, { actor, params }) => Response.json(await listActions(actor, params.id, parseQuery(request, listInput))),
  { scope: "read" },
);

// POST /v1/instances/{id}/actions — power_on, power_off or reboot (202 with the action)
export const POST = withApiKey(
  async (request, { actor, params }) => {
    const { type } = await parseBody(request, actionInput);
    return Response.json(await instanceAction(actor, params.id, type), { status: 202 });
  },
  { scope: "read_write" },
);

export const { PUT, PATCH, DELETE } = methodNotAllowed;
