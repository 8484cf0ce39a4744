// Request shapes of the instance routes (strict: `status`, `id`, `project_id`... in a body are
// unknown fields, refused with `param`).
import { z } from "zod";
import { cloudProducts, plans, regions } from "../catalog";
import { statuses } from "./state-machine";

const ids = <T extends readonly { id: string }[]>(items: T) => items.map((item) => item.id) as [string, ...string[]];

export const hostname = z
  .string()
  .max(253)
  .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/, "lowercase letters, digits and hyphens in dot-separated labels of 1 to 63");

export const createInstanceInput = z.strictObject({
  product: z.enum(ids(cloudProducts)),
  plan: z.enum(ids(plans)),
  region: z.enum(ids(regions)),
  ssh_key_id: z.string().min(1).max(100),
  hostname,
  backups: z.boolean().default(false),
});
export type CreateInstanceInput = z.infer<typeof createInstanceInput>;

export const updateInstanceInput = z
  .strictObject({ plan: z.enum(ids(plans)).optional(), backups: z.boolean().optional(), hostname: hostname.optional() })
  .refine((body) => Object.keys(body).length > 0, "send at least one of plan, backups, hostname");
export type UpdateInstanceInput = z.infer<typeof updateInstanceInput>;

export const listInstancesInput = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).max(100).optional(),
  status: z.enum(statuses).optional(),
});

export const actionInput = z.strictObject({ type: z.enum(["power_on", "power_off", "reboot"]) });
export const snapshotInput = z.strictObject({ name: z.string().trim().min(1).max(100).optional() });
