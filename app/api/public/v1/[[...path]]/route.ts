// Any other path under /api/public/v1: a JSON 404.
import { notFound } from "@/server/http/not-routed";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = notFound;
