import { productCatalog } from "@/server/ai/catalog";
import { withoutKey } from "@/server/http/without-key";
import { methodNotAllowed } from "@/server/http/not-routed";

// GET /api/public/v1/ai/products — the products, their endpoints, live rates and limits (no key)
export const GET = withoutKey(async () => Response.json(await productCatalog()));

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed;
