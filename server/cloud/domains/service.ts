// Domains (DNS zones) of a project and their records. A domain is found by its name within the
// key's project only: another project's domain or record is not found, never forbidden.
import "server-only";
import { nameHolds } from "../../wire/search";
import { quoted } from "@/server/vocab/quoted";
import type { DnsRecord, Domain } from "@prisma/client";
import { changesOf } from "../../audit/changes";
import { projectChange, recordAudit } from "../../audit/service";
import { db, type Tx } from "../../db";
import { isUniqueViolation } from "../../db-errors";
import { AppError } from "../../errors";
import { newId } from "../../ids";
import { findPage, type ListInput } from "../../wire/page";
import type { ProjectActor } from "../../actor";
import { domainName, fqdn } from "./names";
import { checkRecord, neighbourConflict } from "./records";
import type { CreateDomainInput, CreateRecordInput, DomainView, RecordType, RecordView, UpdateRecordInput } from "./schema";
import { checkRoom } from "../../projects/room";
import { isReadOnlyRecordType, readOnlyRecordTypes, type EditableRecordType } from "../../vocab/dns-record-types";
import { apexRecords } from "./apex-records";
import { nameServer } from "./dns";
import { servedZones, zoneChanged } from "./zone-sync";

/**
 * A name server holds one zone per name: with one (DNS_DRIVER=powerdns), a domain another project
 * holds is refused (without naming that project). Stored records alone can repeat across projects.
 */
async function refuseServedElsewhere(tx: Tx, projectId: string, name: string): Promise<void> {
  if (!nameServer()) return;
  const taken = await tx.domain.findFirst({ where: { name, projectId: { not: projectId } }, select: { id: true } });
  if (taken) throw new AppError("conflict", `The domain ${name} is already served by this cloud for another account; a name server holds each zone once.`, { param: "name" });
}

type DomainRow = Domain & { records: { value: string }[] };

/** A domain's NS records at `@`, read with it: its `name_servers`. */
const withNameServers = { records: { where: { type: "NS", name: "@" }, select: { value: true }, orderBy: { id: "asc" } } } as const;

export const domainView = (row: DomainRow, served: Set<string>): DomainView => ({
  id: row.id,
  name: row.name,
  name_servers: row.records.map((record) => record.value),
  served: served.has(row.name),
  created_at: row.createdAt.toISOString(),
});

async function viewsOf(rows: DomainRow[]): Promise<DomainView[]> {
  const served = await servedZones(rows.map((row) => row.name));
  return rows.map((row) => domainView(row, served));
}

export const recordView = (row: DnsRecord, domain: string): RecordView => ({
  id: row.id,
  type: row.type as RecordType,
  name: row.name,
  fqdn: fqdn(row.name, domain),
  value: row.value,
  ttl: row.ttl,
  priority: row.priority,
  created_at: row.createdAt.toISOString(),
});

/** A record is named by its type and full name: `A www.example.com`. */
const recordTarget = (row: DnsRecord, domain: string) => ({ type: "dns_record", id: row.id, name: `${row.type} ${fqdn(row.name, domain)}` });
const recordFields = ["type", "name", "value", "ttl", "priority"] as const;

// The messages never repeat the name or id: a 404 says nothing about what another project holds.
const noDomain = () => new AppError("not_found", "This project has no such domain.");
const noRecord = () => new AppError("not_found", "This domain has no such record in this project.");
const readOnly = (type: string, doing: "changed" | "deleted") =>
  new AppError(
    "conflict",
    `This ${type} record is kept by the service at the domain itself and cannot be ${doing}: it delegates the domain to its name servers (\`name_servers\` of the domain).`,
  );

/** The name from a URL, in its stored form; a name that cannot exist is simply not found. */
function storedName(fromUrl: string): string {
  const name = domainName(fromUrl);
  if (!name.ok) throw noDomain();
  return name.value;
}

async function findDomain(actor: ProjectActor, fromUrl: string): Promise<DomainRow> {
  const name = storedName(fromUrl);
  const domain = await db().domain.findFirst({ where: { projectId: actor.projectId, name }, include: withNameServers });
  if (!domain) throw noDomain();
  return domain;
}

export async function createDomain(actor: ProjectActor, input: CreateDomainInput) {
  const name = domainName(input.name);
  if (!name.ok) throw new AppError("invalid_body", name.message, { param: "name" });
  try {
    const row = await db().$transaction(async (tx) => {
      await checkRoom(tx, "domains", actor.projectId);
      await refuseServedElsewhere(tx, actor.projectId, name.value);
      const domain = await tx.domain.create({ data: { id: newId("dom"), projectId: actor.projectId, name: name.value } });
      await tx.dnsRecord.createMany({ data: apexRecords(domain.id, domain.createdAt) });
      await zoneChanged(tx, domain.name);
      await recordAudit(tx, projectChange(actor, "domain.create", { type: "domain", id: domain.id, name: domain.name }, { name: [null, domain.name] }));
      return tx.domain.findUniqueOrThrow({ where: { id: domain.id }, include: withNameServers });
    });
    return { domain: (await viewsOf([row]))[0] };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", `The domain ${quoted(name.value)} is already in this project.`, { param: "name" });
    throw error;
  }
}

export async function listDomains(actor: ProjectActor, input: ListInput & { q?: string }) {
  const { shown, next_cursor } = await findPage(input, ({ cursorWhere, ...args }) =>
    db().domain.findMany({ where: { projectId: actor.projectId, ...nameHolds("name", input.q?.toLowerCase()), ...cursorWhere }, include: withNameServers, ...args }),
  );
  return { domains: await viewsOf(shown), next_cursor };
}

export async function getDomain(actor: ProjectActor, name: string) {
  return { domain: (await viewsOf([await findDomain(actor, name)]))[0] };
}

/** Deletes the domain and all its records. */
export async function deleteDomain(actor: ProjectActor, name: string): Promise<void> {
  const stored = storedName(name);
  await db().$transaction(async (tx) => {
    const deleted = await tx.domain.findFirst({ where: { projectId: actor.projectId, name: stored }, select: { id: true } });
    if (!deleted) throw noDomain();
    const { count } = await tx.domain.deleteMany({ where: { id: deleted.id } });
    if (count === 0) throw noDomain();
    await zoneChanged(tx, stored);
    await recordAudit(tx, projectChange(actor, "domain.delete", { type: "domain", id: deleted.id, name: stored }));
  });
}

export async function createRecord(actor: ProjectActor, domainFromUrl: string, input: CreateRecordInput) {
  const name = storedName(domainFromUrl);
  const checked = checkRecord(input, name);
  if (!checked.ok) throw new AppError("invalid_body", checked.message, { param: checked.param });
  const record = checked.record;
  // The domain row is locked so that two requests cannot both see a free name and put a CNAME
  // and another record side by side.
  return db().$transaction(async (tx) => {
    const [domain] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM domains WHERE project_id = ${actor.projectId} AND name = ${name} FOR UPDATE`;
    if (!domain) throw noDomain();
    await checkRoom(tx, "records", domain.id);
    const atSameName = await tx.dnsRecord.findMany({
      where: { domainId: domain.id, name: record.name },
      select: { id: true, type: true, value: true, priority: true },
    });
    const conflict = neighbourConflict(record, atSameName);
    if (conflict) throw new AppError("conflict", conflict, { param: "name" });
    const row = await tx.dnsRecord.create({ data: { id: newId("rec"), domainId: domain.id, ...record } });
    await zoneChanged(tx, name);
    await recordAudit(tx, projectChange(actor, "dns_record.create", recordTarget(row, name), changesOf(null, row, recordFields)));
    return { record: recordView(row, name) };
  });
}

/**
 * Changes a record's name, value, TTL or priority, with the checks of a new record: the merged
 * record must be valid for its type and sit beside its new neighbours. Sending what it already
 * holds changes nothing and answers the same.
 */
export async function updateRecord(actor: ProjectActor, domainFromUrl: string, id: string, input: UpdateRecordInput) {
  const name = storedName(domainFromUrl);
  return db().$transaction(async (tx) => {
    const [domain] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM domains WHERE project_id = ${actor.projectId} AND name = ${name} FOR UPDATE`;
    if (!domain) throw noRecord();
    const current = await tx.dnsRecord.findFirst({ where: { id, domainId: domain.id } });
    if (!current) throw noRecord();
    if (isReadOnlyRecordType(current.type)) throw readOnly(current.type, "changed");
    const checked = checkRecord(
      {
        type: current.type as EditableRecordType,
        name: input.name ?? current.name,
        value: input.value ?? current.value,
        ttl: input.ttl ?? current.ttl,
        priority: input.priority ?? current.priority ?? undefined,
      },
      name,
    );
    if (!checked.ok) throw new AppError("invalid_body", checked.message, { param: checked.param });
    const record = checked.record;
    const atSameName = await tx.dnsRecord.findMany({
      where: { domainId: domain.id, name: record.name, id: { not: id } },
      select: { id: true, type: true, value: true, priority: true },
    });
    const conflict = neighbourConflict(record, atSameName);
    if (conflict) throw new AppError("conflict", conflict, { param: input.name !== undefined ? "name" : "value" });
    const row = await tx.dnsRecord.update({ where: { id }, data: record });
    await zoneChanged(tx, name);
    await recordAudit(tx, projectChange(actor, "dns_record.update", recordTarget(row, name), changesOf(current, row, recordFields)));
    return { record: recordView(row, name) };
  });
}

export async function listRecords(actor: ProjectActor, domainFromUrl: string, input: ListInput) {
  const domain = await findDomain(actor, domainFromUrl);
  const { shown, next_cursor } = await findPage(input, ({ cursorWhere, ...args }) =>
    db().dnsRecord.findMany({ where: { domainId: domain.id, ...cursorWhere }, ...args }),
  );
  return { records: shown.map((row) => recordView(row, domain.name)), next_cursor };
}

export async function getRecord(actor: ProjectActor, domainFromUrl: string, id: string) {
  const name = storedName(domainFromUrl);
  const row = await db().dnsRecord.findFirst({ where: { id, domain: { projectId: actor.projectId, name } } });
  if (!row) throw noRecord();
  return { record: recordView(row, name) };
}

export async function deleteRecord(actor: ProjectActor, domainFromUrl: string, id: string): Promise<void> {
  const name = storedName(domainFromUrl);
  const where = { id, domain: { projectId: actor.projectId, name } };
  const deleted = await db().$transaction(async (tx) => {
    const row = await tx.dnsRecord.findFirst({ where: { ...where, type: { notIn: [...readOnlyRecordTypes] } } });
    if (!row || (await tx.dnsRecord.deleteMany({ where: { id: row.id } })).count === 0) return null;
    await zoneChanged(tx, name);
    await recordAudit(tx, projectChange(actor, "dns_record.delete", recordTarget(row, name), changesOf(row, null, recordFields)));
    return row;
  });
  if (deleted) return;
  const kept = await db().dnsRecord.findFirst({ where, select: { type: true } });
  throw kept ? readOnly(kept.type, "deleted") : noRecord();
}
