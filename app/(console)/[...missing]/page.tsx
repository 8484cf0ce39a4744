// Any path no console page has: the console's own "Page not found" (not-found.tsx beside the
// layout), inside its header and navigation, rather than the framework's bare page.
import { notFound } from "next/navigation";

export default function MissingPage() {
  notFound();
}
