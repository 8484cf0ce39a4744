// The SSH key a new instance accepts; a project without one is sent to add one first.
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { SelectField } from "@/components/ui/field";

type SshKey = { id: string; name: string; fingerprint: string };

export function SshKeyChoice({ keys, value, onChange, error }: { keys: readonly SshKey[]; value?: string; onChange: (id: string) => void; error?: string }) {
  if (keys.length === 0) {
    return (
      <div>
        <p className="text-sm font-medium text-slate-700">SSH key</p>
        <div className="mt-1" data-testid="no-ssh-keys-for-instance">
          <Alert tone="warning">
            This project has no SSH key yet, and an instance is reached with one.{" "}
            <Link href="/ssh-keys" className="font-medium underline">
              Add an SSH key
            </Link>{" "}
            first.
          </Alert>
        </div>
      </div>
    );
  }
  return (
    <SelectField label="SSH key" name="ssh_key_id" value={value} onChange={(e) => onChange(e.target.value)} error={error}>
      {keys.map((key) => (
        <option key={key.id} value={key.id}>
          {key.name} ({key.fingerprint.slice(0, 19)}…)
        </option>
      ))}
    </SelectField>
  );
}
