import { createCheckoutSession } from "@/server/billing/payments/checkout";
import { billingPageUrl } from "@/server/billing/payments/return-url";
import { checkoutSessionInput } from "@/server/billing/payments/schema";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseBody } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";
import { requestOrigin } from "@/server/http/request-origin";

// POST /v1/billing/checkout_sessions — buy credits: a payment page of the provider; the credits come when it is paid
export const POST = withApiKey(
  async (request, { actor }) => {
    const { credits } = await parseBody(request, checkoutSessionInput);
    const session = await createCheckoutSession({ workspaceId: actor.workspaceId, projectId: actor.projectId, credits, by: actor.by }, billingPageUrl(requestOrigin(request.headers)));
    return Response.json(session, { status: 201 });
  },
  { scope: "read_write" },
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed;
