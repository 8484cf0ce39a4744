// The cloud API's catalog, API keys and billing: one registration per route and method.
import "server-only";
import { billingSummaryResponse, lowBalanceAlertInput, lowBalanceAlertObject, transactionList } from "../billing/schema";
import { catalogResponse, imageList } from "../cloud/instances/schema";
import { apiKeyList, apiKeyResponse, createdKeyResponse, createKeyInput, updateKeyInput } from "../keys/schema";
import { listInput } from "../wire/page";
import { operation } from "./operation";
import { transactionQuery } from "../billing/ledger-query";

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
    path: "/v1/images",
    summary: "List images",
    description:
      "The images new instances can be made from on this cloud's compute engine: `simulated` (no machine exists) or `docker` (Linux containers reached by SSH). " +
      "An image belongs to a catalog product; an instance names it in `image` (default: the product's first here).",
    scope: "read",
    responses: { 200: { description: "The images.", schema: imageList } },
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
      "revoked with it, and get no more than its own limits. A project holds at most 50 live keys (by default): one more is 409 `conflict`. " +
      "`rate_limits` and `credit_limit` give the key its own limits, tighter than its tier's; `limit_reset` says whether the credit limit starts again " +
      "each UTC day, ISO week (Monday 00:00 UTC) or calendar month (the default). `monthly_credit_limit`, its first name, is still accepted.",
    scope: "read_write",
    body: createKeyInput,
    responses: { 201: { description: "The key, shown once.", schema: createdKeyResponse } },
    errors: ["conflict"],
  }),
  operation({
    method: "get",
    path: "/v1/api_keys/{id}",
    summary: "Get an API key",
    description: "One live key of this project with its effective limits, the settled charges of its current period and when that period ends (`limit_resets_at`).",
    scope: "read",
    pathParams: { id: "The key's id, `key_...`." },
    responses: { 200: { description: "The key.", schema: apiKeyResponse } },
    errors: ["not_found"],
  }),
  operation({
    method: "patch",
    path: "/v1/api_keys/{id}",
    summary: "Change an API key",
    description:
      "Renames a key or changes its limits; the scope is fixed at creation. Rate limits are at most the tier's (400 `invalid_body` names the " +
      "tier's maximum); a key changing a key, itself included, cannot give more than its own limits. Applies from the key's next request.",
    scope: "read_write",
    pathParams: { id: "The key's id, `key_...`." },
    body: updateKeyInput,
    responses: { 200: { description: "The key as changed.", schema: apiKeyResponse } },
    errors: ["not_found"],
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
    description: "The ledger, newest first: the workspace's top-ups and grants, and the charges and refunds of the key's own project (another project's are not shown: the console's Billing page shows the whole workspace's), optionally only one `type`, one project or a time window. A charge names what it paid for: `resource` is the generation (`gen_...`) or instance (`ins_...`), and the description names it.",
    scope: "read",
    query: transactionQuery,
    responses: { 200: { description: "A page of transactions.", schema: transactionList } },
  }),
  operation({
    method: "get",
    path: "/v1/billing/low_balance_alert",
    summary: "Get the low-balance alert",
    description: "The threshold below which the balance is low (the console's notice, the `billing.balance_low` event) and whether the workspace's owners are mailed when a charge takes the balance below it.",
    scope: "read",
    responses: { 200: { description: "The workspace's low-balance alert.", schema: lowBalanceAlertObject } },
  }),
  operation({
    method: "patch",
    path: "/v1/billing/low_balance_alert",
    summary: "Change the low-balance alert",
    description: "A new threshold in credits, and whether the owners are mailed (once per fall below it; not again until the balance has been back at or above it).",
    scope: "read_write",
    body: lowBalanceAlertInput,
    responses: { 200: { description: "The low-balance alert as changed.", schema: lowBalanceAlertObject } },
  }),
];
