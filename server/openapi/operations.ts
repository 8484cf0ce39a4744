// Every operation of both public APIs, from the paths file of each domain: the document's source,
// and the route table that 405 answers take their `Allow` header from.
import "server-only";
import type { ApiOperation } from "./operation";
import { aiOperations } from "./paths-ai";
import { anthropicOperations } from "./paths-anthropic";
import { auditOperations } from "./paths-audit";
import { cloudOperations } from "./paths-cloud";
import { domainOperations } from "./paths-domains";
import { generationOperations } from "./paths-generations";
import { instanceOperations } from "./paths-instances";
import { paymentOperations } from "./paths-payments";
import { sshKeyOperations } from "./paths-ssh-keys";
import { webhookOperations } from "./paths-webhooks";

export const operations: ApiOperation[] = [
  ...aiOperations, ...anthropicOperations, ...generationOperations, ...cloudOperations, ...paymentOperations, ...instanceOperations, ...sshKeyOperations, ...domainOperations, ...webhookOperations, ...auditOperations,
];
