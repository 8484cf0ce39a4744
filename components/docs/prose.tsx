// Text of the OpenAPI document, where `backticks` mark code.
export function Prose({ text, className = "" }: { text?: string; className?: string }) {
  if (!text) return null;
  return (
    <p className={className}>
      {text.split(/(`[^`]+`)/).map((part, index) =>
        part.startsWith("`") && part.endsWith("`") && part.length > 1 ? (
          <code key={index} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
            {part.slice(1, -1)}
          </code>
        ) : (
          part
        ),
      )}
    </p>
  );
}
