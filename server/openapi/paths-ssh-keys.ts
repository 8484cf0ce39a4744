// The cloud API's SSH keys: one registration per route and method.
import "server-only";
import { createSshKeyInput, sshKeyList, sshKeyResponse } from "../cloud/ssh-keys/schema";
import { listInput } from "../wire/page";
import { operation } from "./operation";

const sshKeyId = { id: "The SSH key's id, `ssh_...`." };

export const sshKeyOperations = [
  operation({
    method: "get",
    path: "/v1/ssh_keys",
    summary: "List SSH keys",
    description: "This project's SSH keys, newest first.",
    scope: "read",
    query: listInput,
    responses: { 200: { description: "A page of SSH keys.", schema: sshKeyList } },
  }),
  operation({
    method: "post",
    path: "/v1/ssh_keys",
    summary: "Add an SSH key",
    description: "An OpenSSH public key for new instances of this project. The same key twice in one project is 409 `conflict`.",
    scope: "read_write",
    body: createSshKeyInput,
    responses: { 201: { description: "The key, with its fingerprint.", schema: sshKeyResponse } },
    errors: ["conflict"],
  }),
  operation({
    method: "get",
    path: "/v1/ssh_keys/{id}",
    summary: "Get an SSH key",
    scope: "read",
    pathParams: sshKeyId,
    responses: { 200: { description: "The key.", schema: sshKeyResponse } },
  }),
  operation({
    method: "delete",
    path: "/v1/ssh_keys/{id}",
    summary: "Delete an SSH key",
    description: "Instances already created with the key keep it; new instances can no longer name it.",
    scope: "read_write",
    pathParams: sshKeyId,
    responses: { 204: { description: "Deleted." } },
  }),
];
