// The cloud API's catalog, API keys and billing: one registration per route and method.
import { billingSummaryResponse, transactionList } from "../billing/schema";
import { catalogResponse } from "../cloud/instances/schema";
import { apiKeyList, createdKeyResponse, createKeyInput, listInput } from "../keys/schema";
import { operation } from "./operation";

export const cloudOperations = [
  operation({
    method: "get",
    path: "/v1/catalog",
    summary: "Instance choices",
    description: "The products (images), plans (sizes, with hourly rates) and regions an instance can use.",
    scope: "read",
    responses: { 200: { description: "The catalog.", schema: catalogResponse } },
  }),
  operation({
    method: "get",
    path: "/v1/api_keys",
    summary: "List API keys",
    description: "This project's active keys: `prefix` and `last4` only, never the key.",
    scope: "read",
    query: listInput,
    responses: { 200: { description: "A page of keys.", schema: apiKeyList } },
  }),
  operation({
    method: "post",
    path: "/v1/api_keys",
    summary: "Create an API key",
    description:
      "The whole key is in this response only. A key can create keys with a scope no wider than its own; the keys it creates are " +
      "revoked with it. A project holds at most 50 live keys (by default): one more is 409 `conflict`.",
    scope: "read_write",
    body: createKeyInput,
    responses: { 201: { description: "The key, shown once.", schema: createdKeyResponse } },
    errors: ["conflict"],
  }),
  operation({
    method: "delete",
    path: "/v1/api_keys/{id}",
    summary: "Revoke an API key",
    description: "Refused from the very next request, together with every key it created over the API (and theirs); no other key is touched.",
    scope: "read_write",
    pathParams: { id: "The key's id, `key_...`." },
    responses: { 204: { description: "Revoked." } },
  }),
  operation({
    method: "get",
    path: "/v1/billing",
    summary: "Balance and tier",
    scope: "read",
    responses: { 200: { description: "Balance, reserved credits, tier and its discount.", schema: billingSummaryResponse } },
  }),
  operation({
    method: "get",
    path: "/v1/billing/transactions",
    summary: "List transactions",
    description: "The workspace's ledger, newest first: top-ups, grants, charges and refunds. A charge names what it paid for: `resource` is the generation (`gen_...`) or instance (`ins_...`), and the description names it.",
    scope: "read",
    query: listInput,
    responses: { 200: { description: "A page of transactions.", schema: transactionList } },
  }),
];
