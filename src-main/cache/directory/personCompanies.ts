/**
 * A person's companies read in the statement that reads the person: one JSON column, in the companies'
 * order. A second statement for them (a join of two tables per card or lookup) cost more than the person's
 * own row; the EXISTS first spares the aggregate for the many persons without a company.
 */
import type { CompanyLink } from '../../shared/contract';

/** The companies of the person aliased `p`, as JSON `[[id, name, role], …]`, or NULL for none. */
export const PERSON_COMPANIES_JSON_SQL = `CASE WHEN p.id IS NOT NULL AND EXISTS (
      SELECT 1 FROM company_persons WHERE person_id = p.id) THEN
      (SELECT json_group_array(json_array(pc.id, pc.name, cp.role) ORDER BY pc.sort_key)
        FROM company_persons cp JOIN companies pc ON pc.id = cp.company_id WHERE cp.person_id = p.id)
    END`;

/** The companies of PERSON_COMPANIES_JSON_SQL's column. */
export function companiesOf(json: string | null): CompanyLink[] {
  if (json === null) return [];
  return (JSON.parse(json) as [number, string, string][]).map(([id, name, role]) => ({
    id,
    name,
    role,
  }));
}
