// GET /invite?token=… — the link of an invitation mail, open without signing in: which workspace,
// which role, for which email, from whom. Signed in, the member accepts it here; signed out, sign-in
// and sign-up come back here afterwards. A used, revoked or expired link says so.
import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import { AcceptInvite } from "@/components/auth/accept-invite";
import { AuthCard } from "@/components/auth/auth-card";
import { withReturn } from "@/components/auth/return-path";
import { roleLabel } from "@/components/members/role-words";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button-link";
import { signedInUserId } from "@/server/auth";
import { serverCaller } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Join a workspace · Switchyard" };

const TOKEN_MAX = 500;
const GONE = "This invitation is not valid: it expired, was revoked or was used already. Ask the workspace's owner for a new one.";

type Invitation = Awaited<ReturnType<Awaited<ReturnType<typeof serverCaller>>["invites"]["show"]>>;

async function look(token: string | string[] | undefined): Promise<Invitation | { gone: string }> {
  if (typeof token !== "string" || !token || token.length > TOKEN_MAX) return { gone: GONE };
  try {
    return await (await serverCaller()).invites.show({ token });
  } catch (error) {
    if (error instanceof TRPCError && (error.code === "NOT_FOUND" || error.code === "BAD_REQUEST")) return { gone: error.code === "NOT_FOUND" ? error.message : GONE };
    throw error;
  }
}

export default async function InvitePage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const invitation = await look(token);
  const here = `/invite?token=${encodeURIComponent(String(token))}`;
  if ("gone" in invitation) {
    return (
      <AuthCard title="Join a workspace" footer="Have an account?" linkText="Sign in" href="/sign-in">
        <div data-testid="invite" data-outcome="gone">
          <Alert tone="warning">{invitation.gone}</Alert>
        </div>
      </AuthCard>
    );
  }
  const signedIn = (await signedInUserId()) !== null;
  return (
    <AuthCard
      title={`Join ${invitation.workspaceName}`}
      footer={signedIn ? "Invited at another address?" : "No account yet?"}
      linkText={signedIn ? "Sign in with it" : "Create an account"}
      href={withReturn(signedIn ? "/sign-in" : "/sign-up", here)}
    >
      <div className="space-y-4" data-testid="invite" data-outcome="open">
        <p className="text-sm text-slate-700" data-testid="invite-summary">
          {invitation.invitedBy ?? "An owner"} invited <span className="font-medium">{invitation.email}</span> to join{" "}
          <span className="font-medium">{invitation.workspaceName}</span> as <span className="font-medium">{roleLabel(invitation.role).toLowerCase()}</span>.
        </p>
        <p className="text-xs text-slate-500">
          The link works until {invitation.expiresAt.toUTCString()}, once, for an account with that email.
        </p>
        {signedIn ? (
          <AcceptInvite token={String(token)} />
        ) : (
          <div className="space-y-2">
            <ButtonLink href={withReturn("/sign-in", here)} className="w-full">
              Sign in to accept
            </ButtonLink>
            <ButtonLink href={withReturn("/sign-up", here)} variant="secondary" className="w-full">
              Create an account with {invitation.email}
            </ButtonLink>
          </div>
        )}
      </div>
    </AuthCard>
  );
}
