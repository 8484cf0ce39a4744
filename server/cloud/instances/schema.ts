// Request shapes of the instance routes (strict: `status`, `id`, `project_id`... in a body are
// unknown fields, refused with `param`), and the wire shapes of views.ts and the catalog.
import "server-only";
import { z } from "zod";
import { cursor, cursorPage, plainText } from "../../wire/schema";
import { cloudProducts, plans, regions } from "../catalog";
import { images } from "../images";
import { actionStatuses, actionTypes, imageStatuses, powerActions, statuses } from "../../vocab/instance-states";

const ids = <T extends readonly { id: string }[]>(items: T) => items.map((item) => item.id) as [string, ...string[]];

export const hostname = z
  .string()
  .max(253)
  .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/, "lowercase letters, digits and hyphens in dot-separated labels of 1 to 63")
  .meta({ description: "Lowercase letters, digits and hyphens, in dot-separated labels of 1 to 63." });

export const createInstanceInput = z.strictObject({
  product: z.enum(ids(cloudProducts)).meta({ description: "The operating system: a product id of GET /v1/catalog." }),
  image: z
    .enum(ids(images))
    .optional()
    .meta({ description: "An image id of GET /v1/images, of this `product` (default: the first image of the product there)." }),
  plan: z.enum(ids(plans)).meta({ description: "The size: a plan id of GET /v1/catalog (its hourly rate is charged per started hour)." }),
  region: z.enum(ids(regions)).meta({ description: "A region id of GET /v1/catalog." }),
  ssh_key_id: z.string().min(1).max(100).meta({ description: "An `ssh_...` id from GET /v1/ssh_keys. The key of this project installed for root." }),
  hostname,
  backups: z.boolean().default(false).meta({ description: "Take backups automatically." }),
  snapshot_id: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: "Restore this snapshot of the project (`snap_...`, available, of the same `product`, fitting the plan's disk) instead of a fresh image." }),
  backup_id: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: "Restore this backup of the project (`bkp_...`, same checks as `snapshot_id`; not with it) instead of a fresh image." }),
});
export type CreateInstanceInput = z.infer<typeof createInstanceInput>;

export const updateInstanceInput = z
  .strictObject({
    plan: z.enum(ids(plans)).optional().meta({ description: "A new plan: a resize, answered 202 (running or stopped instances only). Never a smaller disk." }),
    backups: z.boolean().optional(),
    hostname: hostname.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, "send at least one of plan, backups, hostname");
export type UpdateInstanceInput = z.infer<typeof updateInstanceInput>;

export const listInstancesInput = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: cursor(),
  status: z.enum(statuses).optional().meta({ description: "Only instances in this status (default: all but deleted)." }),
});

export const actionInput = z.strictObject({
  type: z.enum(powerActions).meta({ description: "power_on from stopped; power_off and reboot from running." }),
});
export const snapshotInput = z.strictObject({
  name: plainText().trim().min(1).max(100).optional().meta({ description: "Default: the hostname and today's date." }),
});

const time = z.iso.datetime();
const doneAt = time.nullable().meta({ description: "Null until finished." });

export const instanceObject = z
  .strictObject({
    id: z.string().meta({ example: "ins_01jd0v6x4m8q2r5t7w9y1b3c5e" }),
    hostname: z.string(),
    product: z.string(),
    plan: z.string(),
    region: z.string(),
    ssh_key_id: z.string().nullable(),
    backups: z.boolean(),
    status: z.enum(statuses),
    status_reason: z.string().nullable().meta({ description: "Why the instance is `failed`, and what to do; null otherwise.", example: null }),
    snapshot_id: z.string().nullable().meta({ description: "The snapshot it was restored from (`snap_...`); null for a fresh image." }),
    backup_id: z.string().nullable().meta({ description: "The backup it was restored from (`bkp_...`); null unless restored from a backup." }),
    ipv4: z.string().nullable().meta({ description: "Assigned once provisioned; null on an engine that gives instances no network of their own (docker: reach it by `ssh`)." }),
    ipv6: z.string().nullable(),
    engine: z.enum(["simulated", "docker"]).meta({ description: "What runs it: `simulated` (no machine exists; nothing answers at its address) or `docker` (a Linux container)." }),
    image: z.string().meta({ description: "The image it was made from (an id of GET /v1/images)." }),
    ssh: z
      .strictObject({ host: z.string(), port: z.number().int(), user: z.string() })
      .nullable()
      .meta({ description: "How to log in: `ssh -p {port} {user}@{host}` with the instance's key. Null until it first runs, once deleted, and when simulated." }),
    created_at: time,
    updated_at: time,
  })
  .meta({ id: "Instance" });

export const actionObject = z
  .strictObject({
    id: z.string().meta({ example: "act_01jd0v6x4m8q2r5t7w9y1b3c5e" }),
    instance_id: z.string(),
    type: z.enum(actionTypes),
    status: z.enum(actionStatuses),
    status_reason: z.string().nullable().meta({ description: "Why the action failed, and what to do; null otherwise." }),
    started_at: time,
    completed_at: doneAt,
  })
  .meta({ id: "Action" });

export const snapshotObject = z
  .strictObject({
    id: z.string().meta({ example: "snap_01jd0v6x4m8q2r5t7w9y1b3c5e" }),
    instance_id: z.string(),
    name: z.string(),
    status: z.enum(imageStatuses),
    size_gb: z.number().int(),
    created_at: time,
    completed_at: doneAt,
  })
  .meta({ id: "Snapshot" });

export const backupObject = z
  .strictObject({
    id: z.string().meta({ example: "bkp_01jd0v6x4m8q2r5t7w9y1b3c5e" }),
    instance_id: z.string(),
    status: z.enum(imageStatuses),
    size_gb: z.number().int(),
    size_bytes: z.number().int().nullable().meta({ description: "What the backup store holds, in bytes; null when simulated or not taken yet." }),
    checksum: z.string().nullable().meta({ description: "`sha256:<hex>` of what the store holds; null when simulated or not taken yet." }),
    stored_at: z.string().nullable().meta({ description: "Where the store holds it (`s3://bucket/key`); null when simulated or not taken yet." }),
    created_at: time,
    completed_at: doneAt,
    action: actionObject.nullable().meta({ description: "The `backup` action that takes it; null for a scheduled backup." }),
  })
  .meta({ id: "Backup" });

export const instanceResponse = z.strictObject({ instance: instanceObject });
export const instanceList = cursorPage("instances", instanceObject);
export const actionResponse = z.strictObject({ action: actionObject });
/** A create or a resize: the instance, and the action to follow it by. */
export const instanceWorkResponse = z.strictObject({ instance: instanceObject, action: actionObject });
export const snapshotWorkResponse = z.strictObject({ snapshot: snapshotObject, action: actionObject });
export const actionList = cursorPage("actions", actionObject);
export const snapshotResponse = z.strictObject({ snapshot: snapshotObject });
export const snapshotList = cursorPage("snapshots", snapshotObject);
/** A backup taken on request: the backup, pending, and its action. */
export const backupWorkResponse = z.strictObject({ backup: backupObject, action: actionObject });
export const backupList = z.strictObject({ backups: z.array(backupObject).meta({ description: "Newest first, at most 100." }) });

export const imageList = z
  .strictObject({
    images: z
      .array(z.strictObject({ id: z.string(), name: z.string(), product: z.string(), engine: z.enum(["simulated", "docker"]) }))
      .meta({ description: "The images new instances can be made from on this cloud's engine (its `COMPUTE_DRIVER`)." }),
  })
  .meta({ id: "ImageList" });

export const catalogResponse = z
  .strictObject({
    products: z.array(z.strictObject({ id: z.string(), name: z.string() })).meta({ description: "Images an instance can run." }),
    plans: z
      .array(
        z.strictObject({
          id: z.string(),
          vcpus: z.number().int(),
          memory_mb: z.number().int(),
          disk_gb: z.number().int(),
          max_processes: z.number().int().meta({ description: "Processes and threads the instance may run at once." }),
          hourly_rate: z.number().meta({ description: "Credits per started hour." }),
        }),
      )
      .meta({ description: "Sizes, with their hourly rates." }),
    regions: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  })
  .meta({ id: "Catalog" });
