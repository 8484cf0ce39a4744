"use client";
// Projects reach the console through the server layout (the header's switcher and useProject()):
// after a change, refresh it, with `refreshing` true until the new list is in.
import { useRouter } from "next/navigation";
import { useTransition } from "react";

export function useRefreshedProjects(): { refreshing: boolean; refresh: () => void } {
  const router = useRouter();
  const [refreshing, startTransition] = useTransition();
  return { refreshing, refresh: () => startTransition(() => router.refresh()) };
}
