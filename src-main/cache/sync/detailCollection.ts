/** The collections whose records the sync reads one by one (list, then details). */
export type DetailCollection = 'users' | 'companies' | 'persons';
