// Request and response shapes of the SSH key routes, shared by REST, tRPC and the OpenAPI document.
// The key itself is checked by `parsePublicKey`; the schema bounds the size before any parsing.
import { z } from "zod";
import { MAX_PUBLIC_KEY_CHARS } from "./public-key";

export const createSshKeyInput = z.strictObject({
  name: z.string().trim().min(1).max(100).regex(/^[^\u0000-\u001f\u007f]*$/, "no control characters"),
  public_key: z
    .string()
    .max(MAX_PUBLIC_KEY_CHARS, `over ${MAX_PUBLIC_KEY_CHARS} characters; paste one OpenSSH public key line (the .pub file)`),
});
export type CreateSshKeyInput = z.infer<typeof createSshKeyInput>;

export type SshKeyView = {
  id: string;
  name: string;
  /** `SHA256:...` as `ssh-keygen -lf` prints it. */
  fingerprint: string;
  /** The OpenSSH line: type, base64 key, and its comment when one was sent. */
  public_key: string;
  created_at: string;
};
