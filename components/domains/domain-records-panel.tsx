"use client";
// One domain's page: its records, and the form to add one. A domain that is not in the chosen
// project (another project's, or deleted) is said to be missing rather than shown as an error.
import { errorCode } from "@/components/console/form-errors";
import { useProject } from "@/components/console/project-context";
import { RoleOnly } from "@/components/console/role";
import { BackLink } from "@/components/ui/back-link";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Empty } from "@/components/ui/states";
import { AddRecordForm } from "./add-record-form";
import { RecordList, useDomainRecords } from "./record-list";

export function DomainRecordsPanel({ domain }: { domain: string }) {
  const { project } = useProject();
  const records = useDomainRecords(project.id, domain);
  const missing = errorCode(records.error) === "not_found";

  return (
    <div className="space-y-6">
      <BackLink href="/domains" label="Domains" />
      <PageHeader title={domain} description="DNS records of this domain. Its NS and SOA records are kept by the service: point the domain at those name servers at its registrar." />
      {missing ? (
        <Empty title="No such domain in this project" testId="domain-not-found">
          The project <span className="font-medium">{project.name}</span> has no domain {domain}. It may belong to another project: choose that one in the
          header.
        </Empty>
      ) : (
        <>
          <RoleOnly least="developer">
            <Card title="Add a record">
              <AddRecordForm projectId={project.id} domain={domain} />
            </Card>
          </RoleOnly>
          <Card title="Records">
            <RecordList projectId={project.id} domain={domain} />
          </Card>
        </>
      )}
    </div>
  );
}
