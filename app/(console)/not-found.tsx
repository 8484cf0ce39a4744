// A console address that leads nowhere (a mistyped path, an old link): said inside the console.
import { PageMissing } from "@/components/console/page-missing";

export default function ConsoleNotFound() {
  return (
    <PageMissing title="Page not found">
      <p>There is no page at this address. It may have moved, or the link may be mistyped; the navigation lists every page of the console.</p>
    </PageMissing>
  );
}
