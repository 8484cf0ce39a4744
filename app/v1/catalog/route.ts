import { catalog } from "@/server/cloud/catalog";
import { methodNotAllowed } from "@/server/http/not-routed";
import { withApiKey } from "@/server/http/with-api-key";

// GET /v1/catalog — the products, plans (with hourly rates) and regions an instance can use
export const GET = withApiKey(async () => Response.json(catalog()), { scope: "read" });

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed;
