import { modelObjects } from "@/server/ai/models";
import { methodNotAllowed } from "@/server/http/not-routed";
import { withApiKey } from "@/server/http/with-api-key";

// GET /api/public/v1/openai/models — the products as OpenAI-style models
export const GET = withApiKey(
  async () =>
    Response.json({
      object: "list",
      data: await modelObjects(),
    }),
  { scope: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed;
