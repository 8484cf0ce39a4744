"use client";
// The Domains page: add a domain, see the project's domains, open one for its records.
import { useProject } from "@/components/console/project-context";
import { RoleOnly } from "@/components/console/role";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { AddDomainForm } from "./add-domain-form";
import { DomainList } from "./domain-list";

export function DomainsPanel() {
  const { project } = useProject();
  return (
    <div className="space-y-6" key={project.id}>
      <PageHeader
        title="Domains"
        description={
          <>
            DNS zones of the project <span className="font-medium text-slate-800">{project.name}</span> and their records.
          </>
        }
      />
      <RoleOnly least="developer">
        <Card title="Add a domain">
          <AddDomainForm projectId={project.id} />
        </Card>
      </RoleOnly>
      <Card title="Domains">
        <DomainList projectId={project.id} />
      </Card>
    </div>
  );
}
