/**
 * What the state's registry file says about one business beyond the search card (imported by
 * `npm run registry:import`): mailing address, FEI, the state's codes, registered agent, officers
 * and annual reports. All of it is public (the state publishes it); none of the product's private
 * fields are read here.
 */
import type Database from "better-sqlite3";
import { getDb } from "~/db/client.server";
import type { CordataAddress, CordataOfficer } from "~/lib/cordata";

/** The same shapes the state's file gives (app/lib/cordata.ts). */
export type RegistryAddress = CordataAddress;
export type RegistryOfficer = CordataOfficer;

export type RegistryDetails = {
  stateStatus: string | null;
  stateFilingType: string | null;
  mailingAddress: RegistryAddress | null;
  fei: string | null;
  lastTransactionOn: string | null;
  formationState: string | null;
  /** The state's file holds six officers at most; true when the entity has more. */
  moreOfficers: boolean;
  registeredAgent: { name: string; type: string | null; address: string | null; city: string | null; state: string | null; zip: string | null } | null;
  officers: RegistryOfficer[];
  annualReports: { year: number | null; filedOn: string | null }[];
};

type Row = {
  state_status: string | null;
  state_filing_type: string | null;
  mail_address1: string | null;
  mail_address2: string | null;
  mail_city: string | null;
  mail_state: string | null;
  mail_zip: string | null;
  mail_country: string | null;
  fei: string | null;
  last_transaction_on: string | null;
  formation_state: string | null;
  more_officers: number;
  agent_name: string | null;
  agent_type: string | null;
  agent_address: string | null;
  agent_city: string | null;
  agent_state: string | null;
  agent_zip: string | null;
};

const statements = new WeakMap<Database.Database, Record<"business" | "officers" | "reports", Database.Statement>>();
function prepared(client: Database.Database) {
  let s = statements.get(client);
  if (!s) {
    s = {
      business: client.prepare(
        `SELECT state_status, state_filing_type, mail_address1, mail_address2, mail_city, mail_state, mail_zip, mail_country,
                fei, last_transaction_on, formation_state, more_officers,
                agent_name, agent_type, agent_address, agent_city, agent_state, agent_zip
           FROM businesses WHERE id = ?`,
      ),
      officers: client.prepare(
        "SELECT position, title, type, name, address, city, state, zip FROM business_officers WHERE business_id = ? ORDER BY position",
      ),
      reports: client.prepare(
        "SELECT year, filed_on AS filedOn FROM business_annual_reports WHERE business_id = ? ORDER BY year DESC, position",
      ),
    };
    statements.set(client, s);
  }
  return s;
}

/** The registry details of business `id`, or null when there is no such business. */
export function getRegistryDetails(id: number): RegistryDetails | null {
  const s = prepared(getDb().$client);
  const r = s.business.get(id) as Row | undefined;
  if (!r) return null;
  const mailing = {
    address1: r.mail_address1,
    address2: r.mail_address2,
    city: r.mail_city,
    state: r.mail_state,
    zip: r.mail_zip,
    country: r.mail_country,
  };
  return {
    stateStatus: r.state_status,
    stateFilingType: r.state_filing_type,
    mailingAddress: Object.values(mailing).some(Boolean) ? mailing : null,
    fei: r.fei,
    lastTransactionOn: r.last_transaction_on,
    formationState: r.formation_state,
    moreOfficers: r.more_officers === 1,
    registeredAgent: r.agent_name
      ? { name: r.agent_name, type: r.agent_type, address: r.agent_address, city: r.agent_city, state: r.agent_state, zip: r.agent_zip }
      : null,
    officers: s.officers.all(id) as RegistryOfficer[],
    annualReports: s.reports.all(id) as RegistryDetails["annualReports"],
  };
}

