// The webhook address guard at delivery time: the socket's own lookup refuses what a name resolves
// to now (DNS rebinding), whatever it resolved to when the webhook was saved.
import { createServer, connect, type AddressInfo, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "../env";
import { AddressRefusedError, checkPublicUrl, guardedLookup } from "./ssrf";
import { PUBLIC_V4, PUBLIC_V6, lookup, withDnsStub } from "@/test/kits/ssrf-guard";

const stub = withDnsStub();

describe("guardedLookup", () => {
  beforeAll(() => {
    stub.dns.set("lookup.example.test", [PUBLIC_V4, PUBLIC_V6]);
    stub.dns.set("lookup4.example.test", [PUBLIC_V4]);
    stub.dns.set("split.example.test", [PUBLIC_V4, "fd00::7"]);
  });

  it("refuses a name that was public when saved and points at loopback now (DNS rebinding)", async () => {
    stub.dns.set("rebind.example.test", [PUBLIC_V4]);
    await expect(checkPublicUrl("https://rebind.example.test/hook")).resolves.toBeInstanceOf(URL);
    expect((await lookup("rebind.example.test", {})).address).toBe(PUBLIC_V4);

    stub.dns.set("rebind.example.test", ["127.0.0.1"]);
    env.WEBHOOK_ALLOW_LOOPBACK = true; // literals only: a name never gets the allowance
    const { error, address } = await lookup("rebind.example.test", { all: true });
    expect(address).toBeUndefined();
    expect(error).toBeInstanceOf(AddressRefusedError);
    expect(error?.code).toBe("WEBHOOK_ADDRESS_REFUSED");
    const refused = error as AddressRefusedError;
    expect(refused.host).toBe("rebind.example.test");
    expect(refused.address).toBe("127.0.0.1");
    expect(refused.reason).toMatch(/loopback/);
    // The address and its range are for the server's log; the message (shown in the delivery log) tells neither.
    expect(refused.message).toBe("rebind.example.test resolves to an address that is not public");
  });

  it("refuses on every call, not only the first: it asks DNS again each time", async () => {
    stub.dns.set("flip.example.test", ["10.9.9.9"]);
    expect((await lookup("flip.example.test", 0)).error).toBeInstanceOf(AddressRefusedError);
    stub.dns.set("flip.example.test", [PUBLIC_V4]);
    expect(await lookup("flip.example.test", 0)).toEqual({ error: null, address: PUBLIC_V4, family: 4 });
    stub.dns.set("flip.example.test", ["169.254.169.254"]);
    expect((await lookup("flip.example.test", 0)).error).toMatchObject({ code: "WEBHOOK_ADDRESS_REFUSED", address: "169.254.169.254" });
  });

  it("returns every address as {address, family} with {all: true}", async () => {
    expect(await lookup("lookup.example.test", { all: true })).toEqual({
      error: null,
      address: [
        { address: PUBLIC_V4, family: 4 },
        { address: PUBLIC_V6, family: 6 },
      ],
      family: undefined,
    });
  });

  it("returns the address of the asked family as a string and a family", async () => {
    expect(await lookup("lookup.example.test", { family: 4 })).toEqual({ error: null, address: PUBLIC_V4, family: 4 });
    expect(await lookup("lookup.example.test", { family: 6 })).toEqual({ error: null, address: PUBLIC_V6, family: 6 });
    expect(await lookup("lookup.example.test", 6)).toEqual({ error: null, address: PUBLIC_V6, family: 6 });
    expect(await lookup("lookup.example.test", { family: "IPv6" })).toEqual({ error: null, address: PUBLIC_V6, family: 6 });
    expect(await lookup("lookup.example.test", { family: 6, all: true })).toEqual({ error: null, address: [{ address: PUBLIC_V6, family: 6 }], family: undefined });
  });

  it("fails with ENOTFOUND when the name has no address of the asked family", async () => {
    const { error } = await lookup("lookup4.example.test", { family: 6 });
    expect(error).toMatchObject({ code: "ENOTFOUND", message: /no IPv6 address/ });
    expect(error).not.toBeInstanceOf(AddressRefusedError);
  });

  it("refuses a name with any inside address, even when the asked family's addresses are public", async () => {
    const { error } = await lookup("split.example.test", { family: 4 });
    expect(error).toBeInstanceOf(AddressRefusedError);
    expect((error as AddressRefusedError).address).toBe("fd00::7");
  });

  it("passes a resolution failure through, not as a refusal", async () => {
    const { error } = await lookup("gone.example.test", {});
    expect(error).toMatchObject({ code: "ENOTFOUND" });
    expect(error).not.toBeInstanceOf(AddressRefusedError);
  });

  describe("as a socket's lookup", () => {
    let server: Server;
    let connections = 0;

    beforeAll(async () => {
      server = createServer((socket) => {
        connections++;
        socket.destroy();
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    });

    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    function connectThroughGuard(host: string): Promise<NodeJS.ErrnoException | null> {
      const port = (server.address() as AddressInfo).port;
      return new Promise((resolve) => {
        const socket = connect({ host, port, lookup: guardedLookup as never });
        socket.once("connect", () => {
          socket.destroy();
          resolve(null);
        });
        socket.once("error", (error) => resolve(error));
      });
    }

    it("never opens a connection to a name that now resolves to loopback", async () => {
      stub.dns.set("sneaky.example.test", ["127.0.0.1"]);
      const error = await connectThroughGuard("sneaky.example.test");
      expect(error).toBeInstanceOf(AddressRefusedError);
      expect(error?.code).toBe("WEBHOOK_ADDRESS_REFUSED");
      expect(connections).toBe(0);
    });
  });
});
