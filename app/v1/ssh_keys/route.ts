import { createSshKeyInput } from "@/server/cloud/ssh-keys/schema";
import { createSshKey, listSshKeys } from "@/server/cloud/ssh-keys/service";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseBody, parseQuery } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";
import { listInput } from "@/server/wire/page";

// GET /v1/ssh_keys — list this project's SSH keys, newest first
export const GET = withApiKey(async (request, { actor }) => Response.json(await listSshKeys(actor, parseQuery(request, listInput))), {
  scope: "read",
});

// POST /v1/ssh_keys — add an OpenSSH public key (ed25519, ecdsa, rsa ≥ 2048) to this project
export const POST = withApiKey(
  async (request, { actor }) => Response.json(await createSshKey(actor, await parseBody(request, createSshKeyInput)), { status: 201 }),
  { scope: "read_write" },
);

export const { PUT, PATCH, DELETE } = methodNotAllowed;
