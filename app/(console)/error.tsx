"use client";
// A page that failed while rendering: said inside the console, with Try again and the way back.
import { PageMissing } from "@/components/console/page-missing";
import { Button } from "@/components/ui/button";

export default function ConsoleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <PageMissing title="Something went wrong" actions={<Button onClick={() => reset()}>Try again</Button>}>
      <p>This page could not be shown. Try again; if it keeps failing, the server&apos;s log has the details{error.digest ? ` (reference ${error.digest})` : ""}.</p>
    </PageMissing>
  );
}
