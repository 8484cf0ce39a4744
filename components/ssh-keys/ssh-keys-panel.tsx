"use client";
// The SSH keys page: add a key, see the project's keys, delete one.
import { useProject } from "@/components/console/project-context";
import { RoleOnly } from "@/components/console/role";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { AddSshKeyForm } from "./add-ssh-key-form";
import { SshKeyList } from "./ssh-key-list";

export function SshKeysPanel() {
  const { project } = useProject();
  return (
    <div className="space-y-6" key={project.id}>
      <PageHeader
        title="SSH keys"
        description={
          <>
            Public keys of the project <span className="font-medium text-slate-800">{project.name}</span>. A new instance lets in the key you choose for
            it; deleting a key here leaves instances that already have it unchanged.
          </>
        }
      />
      <RoleOnly least="developer">
        <Card title="Add an SSH key">
          <AddSshKeyForm projectId={project.id} />
        </Card>
      </RoleOnly>
      <Card title="Keys">
        <SshKeyList projectId={project.id} />
      </Card>
    </div>
  );
}
