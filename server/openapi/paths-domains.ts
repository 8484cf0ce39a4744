// The cloud API's domains (DNS zones) and their records: one registration per route and method.
import "server-only";
import { createDomainInput, createRecordInput, domainList, domainResponse, recordList, recordResponse, updateRecordInput } from "../cloud/domains/schema";
import { listInput } from "../wire/page";
import { operation } from "./operation";

const domainName = { name: "The domain, e.g. `example.com`." };
const recordId = { ...domainName, id: "The record's id, `rec_...`." };

export const domainOperations = [
  operation({
    method: "get",
    path: "/v1/domains",
    summary: "List domains",
    description: "This project's domains, newest first.",
    scope: "read",
    query: listInput,
    responses: { 200: { description: "A page of domains.", schema: domainList } },
  }),
  operation({
    method: "post",
    path: "/v1/domains",
    summary: "Add a domain",
    description:
      "A DNS zone of this project, delegated to the service's name servers (`name_servers`): the service writes its NS and SOA records at `@`, read-only. The same domain twice in one project is 409 `conflict`.",
    scope: "read_write",
    body: createDomainInput,
    responses: { 201: { description: "The domain.", schema: domainResponse } },
    errors: ["conflict"],
  }),
  operation({
    method: "get",
    path: "/v1/domains/{name}",
    summary: "Get a domain",
    scope: "read",
    pathParams: domainName,
    responses: { 200: { description: "The domain.", schema: domainResponse } },
  }),
  operation({
    method: "delete",
    path: "/v1/domains/{name}",
    summary: "Delete a domain",
    description: "Removes the domain and every record in it.",
    scope: "read_write",
    pathParams: domainName,
    responses: { 204: { description: "Deleted." } },
  }),
  operation({
    method: "get",
    path: "/v1/domains/{name}/records",
    summary: "List a domain's records",
    description: "Newest first, the NS and SOA records the service keeps at `@` among them (read-only).",
    scope: "read",
    pathParams: domainName,
    query: listInput,
    responses: { 200: { description: "A page of records.", schema: recordList } },
  }),
  operation({
    method: "post",
    path: "/v1/domains/{name}/records",
    summary: "Add a record",
    description:
      "An A, AAAA, CNAME, TXT or MX record. A CNAME shares its name with no other record: 409 `conflict` otherwise. NS and SOA records are kept by the service: sending one is 400 `invalid_body` (`param: \"type\"`).",
    scope: "read_write",
    pathParams: domainName,
    body: createRecordInput,
    responses: { 201: { description: "The record.", schema: recordResponse } },
    errors: ["conflict"],
  }),
  operation({
    method: "get",
    path: "/v1/domains/{name}/records/{id}",
    summary: "Get a record",
    scope: "read",
    pathParams: recordId,
    responses: { 200: { description: "The record.", schema: recordResponse } },
  }),
  operation({
    method: "patch",
    path: "/v1/domains/{name}/records/{id}",
    summary: "Change a record",
    description:
      "Name, value, TTL or priority, with the checks of a new record (the type is fixed). Sending what the record holds changes nothing. The NS and SOA records the service keeps are read-only: 409 `conflict`.",
    scope: "read_write",
    pathParams: recordId,
    body: updateRecordInput,
    responses: { 200: { description: "The record.", schema: recordResponse } },
    errors: ["conflict"],
  }),
  operation({
    method: "delete",
    path: "/v1/domains/{name}/records/{id}",
    summary: "Delete a record",
    description: "The NS and SOA records the service keeps at `@` cannot be deleted: 409 `conflict` (they go with the domain).",
    scope: "read_write",
    pathParams: recordId,
    responses: { 204: { description: "Deleted." } },
    errors: ["conflict"],
  }),
];
