// Where a new instance starts: a fresh image, or one of the project's available snapshots.
import { SelectField } from "@/components/ui/field";

type Snapshot = { id: string; name: string; size_gb: number };

export function StartFromField({ snapshots, value, onChange, error }: { snapshots: readonly Snapshot[]; value: string; onChange: (id: string) => void; error?: string }) {
  if (snapshots.length === 0) return null;
  return (
    <SelectField label="Start from" name="snapshot_id" value={value} onChange={(e) => onChange(e.target.value)} error={error}>
      <option value="">A fresh image</option>
      {snapshots.map((snapshot) => (
        <option key={snapshot.id} value={snapshot.id}>
          Snapshot {snapshot.name} ({snapshot.size_gb} GB)
        </option>
      ))}
    </SelectField>
  );
}
