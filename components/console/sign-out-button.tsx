"use client";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

export function SignOutButton() {
  const [pending, setPending] = useState(false);
  const leave = async () => {
    setPending(true);
    await signOut({ redirect: false });
    // A full page load, so nothing of this session stays in memory (query cache, router cache).
    window.location.assign("/sign-in");
  };
  return (
    <Button variant="secondary" onClick={leave} disabled={pending}>
      {pending ? "Signing out…" : "Sign out"}
    </Button>
  );
}
