// Any other path under /api/public/v1/anthropic: a 404 in the Anthropic door's error shape.
import { anthropicNotRouted } from "@/server/ai/doors/anthropic-routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = anthropicNotRouted.notFound;
