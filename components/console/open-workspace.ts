// After the session moved to another workspace (switched, an invitation accepted, this one left):
// its projects are others, so the chosen project is forgotten, and a full page load leaves
// nothing of the old workspace in memory (query cache, router cache, the layout's role).
import { forgetProject } from "./project-cookie";

export function openWorkspace(): void {
  forgetProject();
  window.location.assign("/overview");
}
