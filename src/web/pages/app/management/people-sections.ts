/** The three people screens of the admin: where each lists, and the route param of one person. */
export const PEOPLE_SECTIONS = {
  customers: { base: '/app/management/customers', param: 'customerId', back: 'people.customers.title' },
  users: { base: '/app/management/users', param: 'userId', back: 'people.users.title' },
  clients: { base: '/app/management/clients', param: 'clientId', back: 'people.clients.title' },
} as const;

export type PeopleSection = keyof typeof PEOPLE_SECTIONS;

/** A person's page in a section. */
export const personPath = (section: PeopleSection, id: string) =>
  `${PEOPLE_SECTIONS[section].base}/${encodeURIComponent(id)}`;
