// The activity of a project's generations (/api/public/v1/generations): one registration per route and method.
import "server-only";
import { generationList, generationObject, generationQuery } from "../ai/generations/schema";
import { operation } from "./operation";

export const generationOperations = [
  operation({
    method: "get",
    path: "/api/public/v1/generations",
    summary: "List generations",
    description:
      "The key's project's generations, newest first, failed and cancelled ones included: product, endpoint, door, key, status, " +
      "usage, latency and routing, never the prompt or the output. Filters combine; a malformed one is 400 `invalid_body` naming it.",
    scope: "read",
    query: generationQuery,
    responses: { 200: { description: "A page of generations.", schema: generationList } },
  }),
  operation({
    method: "get",
    path: "/api/public/v1/generations/{id}",
    summary: "Get a generation",
    description: "One generation of the key's project, with the figures its answer carried; another project's is `not_found`.",
    scope: "read",
    pathParams: { id: "The generation's id, `gen_...` (the `id` of its answer)." },
    responses: { 200: { description: "The generation.", schema: generationObject } },
  }),
];
