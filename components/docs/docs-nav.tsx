// The reference's table of contents: every operation, by tag.
import { MethodBadge } from "./method-badge";
import type { TagView } from "./reference-model";

export function DocsNav({ tags }: { tags: TagView[] }) {
  return (
    <nav className="space-y-5 text-sm">
      {tags.map((tag) => (
        <div key={tag.name}>
          <a href={`#${tag.name.replace(/\W+/g, "-").toLowerCase()}`} className="font-semibold text-slate-900 hover:underline">
            {tag.name}
          </a>
          <ul className="mt-2 space-y-1">
            {tag.operations.map((operation) => (
              <li key={operation.id}>
                <a href={`#${operation.id}`} className="flex items-center gap-2 text-slate-600 hover:text-slate-900">
                  <MethodBadge method={operation.method} />
                  <span className="truncate">{operation.summary}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
