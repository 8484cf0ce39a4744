import { modelObject } from "@/server/ai/openai-features";
import { productIds } from "@/server/vocab/products";
import { methodNotAllowed } from "@/server/http/not-routed";
import { withApiKey } from "@/server/http/with-api-key";

// GET /api/public/v1/openai/models — the products as OpenAI-style models
export const GET = withApiKey(
  async () =>
    Response.json({
      object: "list",
      data: productIds.map(modelObject),
    }),
  { scope: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed;
