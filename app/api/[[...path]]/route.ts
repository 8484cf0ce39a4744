// Any other path under /api (a mistyped prefix such as /api/v1/instances included): a JSON 404,
// never the console's HTML page.
import { notFound } from "@/server/http/not-routed";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = notFound;
