/**
 * CRM companies with their persons and roles, plus the reverse index a person's `companies` is read from.
 * Companies are few (one per twenty persons), so they are generated at start and kept as records.
 */
import type { Company, CompanyListItem, CompanyPerson } from '../../api/schemas';
import { createLocalFakers, type NameLanguage } from '../seed/fakers';
import type { Known } from '../seed/known';
import { createRandom } from '../random';

export type CompanyRecord = Omit<Known<Company>, 'tasks' | 'persons'> & { persons: CompanyMember[] };
export type CompanyMember = Known<CompanyPerson>;
export type NewCompany = Omit<CompanyRecord, 'id'>;

/** What a person's read-only `companies` lists. */
export interface PersonCompany {
  company_id: number;
  name: string;
  role: string;
}

const ROLES = ['CEO', 'Purchasing', 'Accounts', 'IT manager', 'Office manager', 'Sales representative'];
const INDUSTRIES = ['retail', 'manufacturing', 'logistics', 'software', 'healthcare', 'energy', 'finance'];

export class CompanyStore {
  private readonly companies = new Map<number, CompanyRecord>();
  private readonly byExternalId = new Map<string, number>();
  private readonly byPerson = new Map<number, Set<number>>();
  private nextId = 1;

  /** Seeds `count` companies whose persons are picked among `personIds()` (ids 1..personCount at start). */
  static seeded(seed: number, count: number, personCount: number): CompanyStore {
    const store = new CompanyStore();
    const random = createRandom(seed, 0xc0, count);
    const fakers = createLocalFakers();
    Object.values(fakers).forEach((faker, index) => faker.seed([seed, 0xc0, index]));
    for (let i = 0; i < count; i++) {
      const language: NameLanguage = random.pick(['cs', 'cs', 'sk', 'en']);
      let ico = String(random.int(10_000_000, 99_999_999));
      while (store.byExternalId.has(ico)) ico = String(random.int(10_000_000, 99_999_999));
      const persons = new Map<number, string>();
      const size = personCount === 0 ? 0 : random.int(1, Math.min(4, personCount));
      while (persons.size < size) persons.set(random.int(1, personCount), random.pick(ROLES));
      store.create({
        group_id: random.pick([1, 1, 2, 3, 5]),
        name: fakers[language].company.name(),
        external_id: ico,
        data: {
          ico,
          industry: random.pick(INDUSTRIES),
          country: language === 'sk' ? 'SK' : language === 'en' ? 'GB' : 'CZ',
        },
        persons: [...persons].map(([person_id, role]) => ({ person_id, role })),
      });
    }
    return store;
  }

  get total(): number {
    return this.companies.size;
  }

  get(id: number): CompanyRecord | undefined {
    return this.companies.get(id);
  }

  findByExternalId(externalId: string): CompanyRecord | undefined {
    const id = this.byExternalId.get(externalId);
    return id === undefined ? undefined : this.companies.get(id);
  }

  /** Map iteration is insertion order and ids only grow, so pages come out sorted by id. */
  page(offset: number, limit: number): CompanyListItem[] {
    const items: CompanyListItem[] = [];
    let index = 0;
    for (const { id, group_id, name, external_id } of this.companies.values()) {
      if (index++ < offset) continue;
      if (items.length >= limit) break;
      items.push({ id, group_id, name, external_id });
    }
    return items;
  }

  companiesOfPerson(personId: number): PersonCompany[] {
    return [...(this.byPerson.get(personId) ?? [])].flatMap((companyId) => {
      const company = this.companies.get(companyId)!;
      return company.persons
        .filter((person) => person.person_id === personId)
        .map((person) => ({ company_id: companyId, name: company.name, role: person.role }));
    });
  }

  create(fields: NewCompany): number {
    const id = this.nextId++;
    this.store({ ...fields, id, persons: uniquePersons(fields.persons) });
    return id;
  }

  /** Applies already validated changes; `persons`, when given, replaces the whole collection. */
  update(id: number, changes: Partial<NewCompany>): void {
    const current = this.companies.get(id);
    if (!current) return;
    this.unindex(current);
    this.store({ ...current, ...changes, id, persons: uniquePersons(changes.persons ?? current.persons) });
  }

  delete(id: number): boolean {
    const current = this.companies.get(id);
    if (!current) return false;
    this.unindex(current);
    this.companies.delete(id);
    return true;
  }

  /** A deleted person leaves every company it belonged to. */
  removePerson(personId: number): void {
    for (const companyId of this.byPerson.get(personId) ?? []) {
      const company = this.companies.get(companyId)!;
      company.persons = company.persons.filter((person) => person.person_id !== personId);
    }
    this.byPerson.delete(personId);
  }

  private store(company: CompanyRecord): void {
    this.companies.set(company.id, company);
    if (company.external_id != null) this.byExternalId.set(company.external_id, company.id);
    for (const { person_id } of company.persons) {
      let companies = this.byPerson.get(person_id);
      if (!companies) this.byPerson.set(person_id, (companies = new Set()));
      companies.add(company.id);
    }
  }

  private unindex(company: CompanyRecord): void {
    if (company.external_id != null) this.byExternalId.delete(company.external_id);
    for (const { person_id } of company.persons) this.byPerson.get(person_id)?.delete(company.id);
  }
}

/** One entry per person (the last role given wins), with only the documented fields. */
function uniquePersons(persons: readonly CompanyMember[]): CompanyMember[] {
  const roles = new Map<number, string>();
  for (const { person_id, role } of persons) roles.set(person_id, role);
  return [...roles].map(([person_id, role]) => ({ person_id, role }));
}
