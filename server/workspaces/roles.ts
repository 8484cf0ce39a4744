// What each console procedure needs of the member's role, written down once: the least role that
// may call it, or "self" for what is the user's own (their account, their sign-in, their
// workspaces) whatever their role. The console's procedures check it on every call
// (server/trpc/trpc.ts), so a role change applies on the member's next request; a procedure
// missing here is refused to everyone (server/trpc/roles.test.ts walks every procedure × role).
// API keys are not members: a key acts on its project whatever its creator's role becomes.
import "server-only";
import { AppError } from "../errors";
import { roleAllows, type Role } from "./role-order";

export type Access = Role | "self";

const each = (names: string[], least: Access) => Object.fromEntries(names.map((name) => [name, least]));

export const procedureAccess: Record<string, Access> = {
  // The user's own account, sign-in and two-factor; the operator's commands check their own flag.
  ...each(["account.signUp", "account.verifyEmail", "account.resendVerification", "account.signOutEverywhere", "account.sessions"], "self"),
  ...each(["account.endSession", "account.changePassword", "account.requestPasswordReset", "account.checkResetLink", "account.resetPassword"], "self"),
  ...each(["twoFactor.status", "twoFactor.start", "twoFactor.confirm", "twoFactor.disable", "twoFactor.regenerateRecoveryCodes"], "self"),
  "twoFactor.setWorkspaceRequirement": "owner",
  ...each(["operator.isOperator", "operator.auditEvents", "operator.rates", "operator.setRate", "operator.tierLimits"], "self"),
  ...each(["operator.setTierLimits", "operator.grantCredits", "operator.setTier"], "self"),
  ...each(["operator.workspacePayments", "operator.refundPayment"], "self"),
  ...each(["workspace.current", "workspaces.list", "workspaces.switch", "invites.show", "invites.accept"], "self"),
  // Members: everyone sees who is in the workspace and may leave it; owners manage it.
  ...each(["members.list", "members.leave"], "viewer"),
  ...each(["members.invites", "members.invite", "members.revokeInvite", "members.changeRole", "members.remove"], "owner"),
  // Read-only pages: viewers and up.
  ...each(["projects.list", "projects.get", "generations.list", "generations.get"], "viewer"),
  // The overview's balance and the Usage page are read-only pages; the ledger is the Billing page's.
  ...each(["billing.summary", "billing.usage"], "viewer"),
  ...each(["instances.catalog", "instances.images", "instances.list", "instances.get", "instances.actions", "instances.getAction"], "viewer"),
  ...each(["instances.snapshots", "instances.backups", "sshKeys.list", "domains.list", "domains.records"], "viewer"),
  ...each(["webhooks.list", "webhooks.deliveries", "webhooks.failures"], "viewer"),
  // Building: API keys, the playground, instances, SSH keys, DNS, webhooks.
  ...each(["apiKeys.list", "apiKeys.create", "apiKeys.update", "apiKeys.revoke", "playground.start", "playground.stream"], "developer"),
  ...each(["instances.create", "instances.update", "instances.action", "instances.delete", "instances.createSnapshot"], "developer"),
  ...each(["instances.deleteSnapshot", "sshKeys.create", "sshKeys.delete", "domains.create", "domains.delete"], "developer"),
  ...each(["domains.createRecord", "domains.updateRecord", "domains.deleteRecord"], "developer"),
  ...each(["webhooks.create", "webhooks.update", "webhooks.delete", "webhooks.rotateSecret", "webhooks.ping", "webhooks.retry"], "developer"),
  // Running the workspace: projects, billing, the audit log.
  ...each(["projects.create", "projects.rename", "projects.delete", "billing.transactions"], "admin"),
  // Paying: buying credits, the saved card and auto-recharge, payment history (owners and admins).
  ...each(["billing.paymentSettings", "billing.createCheckout", "billing.payments", "billing.payment", "billing.autoRecharge"], "admin"),
  ...each(["billing.updateAutoRecharge", "billing.startCardSetup"], "admin"),
  ...each(["billing.lowBalanceAlert", "billing.updateLowBalanceAlert"], "admin"),
  "audit.list": "admin",
};

/** Whether `role` may call the procedure at `path`. */
export function roleMayCall(path: string, role: string): boolean {
  const access = procedureAccess[path];
  if (access === undefined) return false;
  return access === "self" || roleAllows(role, access);
}

/** Refuses a call the member's role does not allow, by the role's name. */
export function requireRole(path: string, role: string): void {
  if (!roleMayCall(path, role)) throw new AppError("forbidden", `Your role (${role}) does not allow this. Ask an owner of the workspace.`);
}
