/** The admin the e2e server creates at start. */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' };
