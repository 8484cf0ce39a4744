// A resize never shrinks the disk: a plan with a smaller disk is refused before anything starts,
// naming the plans allowed; the instance stays as it was.
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { newInstance, waitForStatus } from "../fixtures/cloud";
import { state } from "../fixtures/state";

test("a plan with a smaller disk is 400 invalid_body on plan, naming the larger plans", async () => {
  const key = state().a.readWriteKey;
  const instance = await newInstance(key, { plan: "s-2vcpu-4gb" });
  await waitForStatus(key, instance.id, "running");
  const res = await call("PATCH", `/v1/instances/${instance.id}`, { key, body: { plan: "s-1vcpu-1gb", hostname: "renamed" } });
  expect(res.status, res.text).toBe(400);
  expect(res.body.error).toMatchObject({ code: "invalid_body", param: "plan" });
  expect(res.body.error.message).toBe(
    "Plan s-1vcpu-1gb has a disk of 25 GB, smaller than the 80 GB of plan s-2vcpu-4gb; a resize never shrinks the disk. Pick c-4vcpu-8gb or m-8vcpu-64gb.",
  );
  const after = (await call("GET", `/v1/instances/${instance.id}`, { key })).body.instance;
  expect(after).toMatchObject({ plan: "s-2vcpu-4gb", status: "running", hostname: instance.hostname });
  const actions = (await call("GET", `/v1/instances/${instance.id}/actions`, { key })).body.actions;
  expect(actions.map((a: { type: string }) => a.type)).toEqual(["create"]);
});
