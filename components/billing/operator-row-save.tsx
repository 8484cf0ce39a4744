// The end of an operator's editable row (rates, tier limits): Save, a "Saved" note, and the row's
// error under it.
import { Button } from "@/components/ui/button";

export function OperatorRowSave({ pending, saved, error }: { pending: boolean; saved: boolean; error: string | null | undefined }) {
  return (
    <>
      <div className="col-span-2 flex items-center gap-2 sm:col-span-1 sm:pt-6">
        <Button type="submit" variant="secondary" disabled={pending}>
          {pending ? "Saving…" : "Save"}
        </Button>
        <span role="status" className="text-xs text-emerald-700">
          {saved ? "Saved" : ""}
        </span>
      </div>
      {error && (
        <p role="alert" className="col-span-2 text-sm text-red-600 sm:col-span-4">
          {error}
        </p>
      )}
    </>
  );
}
