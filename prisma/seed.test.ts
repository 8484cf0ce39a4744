// The demo workspace exists on the embedded default only (or when asked for with SEED_DEMO),
// with a random password shown once that really signs in; a second run seeds nothing.
import { afterEach, describe, expect, it } from "vitest";
import { checkCredentials } from "@/server/accounts/service";
import { db } from "@/server/db";
import { embedded, env } from "@/server/env";
import { migrate } from "@/server/migrations";
import { DEMO_EMAIL, describeSeed, seed } from "./seed";

afterEach(() => {
  env.SEED_DEMO = false;
});

describe("the demo seed", () => {
  it.runIf(!embedded)("on PostgreSQL: no demo login unless asked for, then once with a random password", async () => {
    await migrate();
    await db().user.deleteMany({ where: { email: DEMO_EMAIL } });
    expect(await seed()).toEqual({ created: false, reason: "not embedded" });
    expect(await db().user.count({ where: { email: DEMO_EMAIL } })).toBe(0);
    env.SEED_DEMO = true;
    const seeded = await seed();
    expect(seeded.created).toBe(true);
  });

  it("a random password that signs in, printed once; nothing seeded twice", async () => {
    await migrate();
    env.SEED_DEMO = !embedded; // on PostgreSQL only when asked for (the test above)
    await db().user.deleteMany({ where: { email: DEMO_EMAIL } });
    const first = await seed();
    if (!first.created) throw new Error("nothing seeded");
    expect(first.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(first.password).not.toBe("switchyard-demo");
    expect(await checkCredentials(DEMO_EMAIL, first.password, "test")).toMatchObject({ email: DEMO_EMAIL });
    expect(await checkCredentials(DEMO_EMAIL, "switchyard-demo", "test")).toBeNull();
    expect(describeSeed(first, 3000)).toContain(first.password);
    const second = await seed();
    expect(second).toEqual({ created: false, reason: "seeded before" });
    expect(describeSeed(second, 3000)).not.toContain(first.password);
  });
});
