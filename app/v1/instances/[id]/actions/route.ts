import { actionInput } from "@/server/cloud/instances/schema";
import { instanceAction } from "@/server/cloud/instances/service";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseBody } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";

// POST /v1/instances/{id}/actions — power_on, power_off or reboot (202 with the action)
export const POST = withApiKey(
  async (request, { actor, params }) => {
    const { type } = await parseBody(request, actionInput);
    return Response.json(await instanceAction(actor, params.id, type), { status: 202 });
  },
  { scope: "read_write" },
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed;
