// Request and response shapes of the SSH key routes, shared by REST, tRPC and the OpenAPI document.
// The key itself is checked by `parsePublicKey`; the schema bounds the size before any parsing.
import "server-only";
import { z } from "zod";
import { cursorPage } from "../../wire/schema";
import { NO_CONTROL_CHARACTERS, NO_CONTROL_CHARACTERS_MESSAGE } from "../../vocab/control-characters";
import { MAX_PUBLIC_KEY_CHARS } from "./public-key";

export const createSshKeyInput = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(NO_CONTROL_CHARACTERS, NO_CONTROL_CHARACTERS_MESSAGE)
    .meta({ description: "A label for the key, shown in lists." }),
  public_key: z
    .string()
    .max(MAX_PUBLIC_KEY_CHARS, `over ${MAX_PUBLIC_KEY_CHARS} characters; paste one OpenSSH public key line (the .pub file)`)
    .meta({ description: "One OpenSSH public key line (the .pub file): ed25519, ecdsa, or rsa of 2048 bits or more." }),
});
export type CreateSshKeyInput = z.infer<typeof createSshKeyInput>;

export const sshKeyObject = z
  .strictObject({
    id: z.string().meta({ example: "ssh_01jd0v6x4m8q2r5t7w9y1b3c5e" }),
    name: z.string(),
    fingerprint: z.string().meta({ description: "`SHA256:...` as `ssh-keygen -lf` prints it." }),
    public_key: z.string().meta({ description: "The OpenSSH line: type, base64 key, and its comment when one was sent." }),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "SshKey" });
export type SshKeyView = z.infer<typeof sshKeyObject>;

export const sshKeyResponse = z.strictObject({ ssh_key: sshKeyObject });
export const sshKeyList = cursorPage("ssh_keys", sshKeyObject);
