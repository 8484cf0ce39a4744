// What a container is made with: no network and no privileges beyond sshd's, the plan's limits,
// nothing of the host inside; the host's network only under the setting named for tests.
import { describe, expect, it } from "vitest";
import { containerSpec, planLimits, SSHD_CAPABILITIES } from "./container-spec";

const input = { instanceId: "ins_1", hostname: "web-1.example.com", plan: "s-1vcpu-1gb", image: "switchyard/debian-12-sshd:bookworm", sshPort: 25401, hostNetworkForTests: false, sshBind: "127.0.0.1" };

describe("the container of an instance", () => {
  it("has no network, drops every capability but sshd's, and mounts nothing of the host", () => {
    const spec = containerSpec(input);
    expect(spec.HostConfig).toMatchObject({ NetworkMode: "none", Privileged: false, CapDrop: ["ALL"], SecurityOpt: ["no-new-privileges:true"], Binds: [], Mounts: [], Devices: [], Init: true });
    expect(spec.HostConfig!.CapAdd).toEqual(SSHD_CAPABILITIES);
    expect(SSHD_CAPABILITIES).not.toContain("SYS_ADMIN");
    expect(JSON.stringify(spec)).not.toContain("docker.sock");
    expect(spec.Hostname).toBe("web-1");
    expect(spec.Labels).toEqual({ "switchyard.instance": "ins_1" });
    expect(spec.Cmd!.join(" ")).toContain("sshd -D -e -p 22 -o ListenAddress=127.0.0.1");
  });

  it("is limited to its plan: vCPUs as a CPU quota, memory without swap, processes", () => {
    expect(containerSpec(input).HostConfig).toMatchObject({ CpuPeriod: 100_000, CpuQuota: 100_000, Memory: 1024 ** 3, MemorySwap: 1024 ** 3, PidsLimit: 512 });
    // More vCPUs than a small host has are still a quota the engine takes (its NanoCpus would refuse them).
    expect(planLimits("m-8vcpu-64gb")).toMatchObject({ CpuQuota: 800_000, Memory: 65536 * 1024 ** 2, PidsLimit: 4096 });
  });

  it("shares the host's network only under the setting for tests, sshd then on the instance's own port", () => {
    const shared = containerSpec({ ...input, hostNetworkForTests: true });
    expect(shared.HostConfig!.NetworkMode).toBe("host");
    expect(shared.Cmd!.join(" ")).toContain("-p 25401 -o ListenAddress=127.0.0.1");
    expect(shared.Hostname).toBeUndefined();
    expect(() => containerSpec({ ...input, hostNetworkForTests: true, sshPort: null })).toThrow();
  });

  it("makes host keys of its own at first boot, dropping those of the instance its disk came from", () => {
    const command = containerSpec(input).Cmd!.join(" ");
    expect(command).toContain("[ -e /etc/ssh/.host-keys-of-ins_1 ] || { rm -f /etc/ssh/ssh_host_* /etc/ssh/.host-keys-of-*; touch /etc/ssh/.host-keys-of-ins_1; }");
    expect(command).toContain("ssh-keygen -A");
  });
});
