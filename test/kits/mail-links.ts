// For tests of mailed links (password reset, invitations): the console's public URL set while the
// file's tests run, as production sets NEXTAUTH_URL (without it, at scale, no link is sent), and
// the database migrated first.
import { afterAll, beforeAll } from "vitest";
import { env } from "../../server/env";
import { migrate } from "../../server/migrations";

export const CONSOLE_URL = "http://console.test";

export function withConsoleUrl(): void {
  const saved = env.NEXTAUTH_URL;
  beforeAll(async () => {
    env.NEXTAUTH_URL = CONSOLE_URL;
    await migrate();
  });
  afterAll(() => {
    env.NEXTAUTH_URL = saved;
  });
}
