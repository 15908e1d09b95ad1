/**
 * Every API route is registered from a contract of src/shared/contracts, and every contract is
 * registered: the server and the web derive from the same declarations. /api/docs lists each with
 * its operationId and summary.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as account from '../../src/shared/contracts/account.contracts';
import * as comments from '../../src/shared/contracts/comments.contracts';
import * as contact from '../../src/shared/contracts/contact.contracts';
import type { Contract } from '../../src/shared/contracts/contract';
import * as emailComplaints from '../../src/shared/contracts/email-complaints.contracts';
import * as establishments from '../../src/shared/contracts/establishments.contracts';
import * as exportContracts from '../../src/shared/contracts/exports.contracts';
import * as management from '../../src/shared/contracts/management.contracts';
import * as notificationLimits from '../../src/shared/contracts/notification-limits.contracts';
import * as notifications from '../../src/shared/contracts/notifications.contracts';
import * as preferences from '../../src/shared/contracts/preferences.contracts';
import * as quietHours from '../../src/shared/contracts/quiet-hours.contracts';
import * as reactions from '../../src/shared/contracts/reactions.contracts';
import * as reports from '../../src/shared/contracts/reports.contracts';
import * as signInProvider from '../../src/shared/contracts/sign-in-provider.contracts';
import { setupRouteFixture } from '../support/route-fixture';
import type { TestApp } from '../support/test-app';

const isContract = (value: unknown): value is Contract =>
  typeof value === 'object' && value !== null && 'operationId' in value && 'path' in value;

const CONTRACTS = [
  account,
  comments,
  contact,
  emailComplaints,
  establishments,
  exportContracts,
  management,
  notificationLimits,
  notifications,
  preferences,
  quietHours,
  reactions,
  reports,
  signInProvider,
].flatMap((module) => Object.values(module).filter(isContract));

/** API routes, as opposed to the docs, health, metrics and the web app's files. */
const isApiRoute = (key: string) => {
  const path = key.split(' ')[1] ?? '';
  return (path.startsWith('/api/') && !path.startsWith('/api/docs')) || path.startsWith('/notifications/');
};

let t: TestApp;
const fixture = setupRouteFixture({ admin: false });
beforeAll(() => {
  t = fixture.t;
});

describe('contracts', () => {
  it('every API route comes from a contract', () => {
    const apiRoutes = [...t.app.routeContracts].filter(([key]) => isApiRoute(key));
    expect(apiRoutes.length).toBeGreaterThanOrEqual(45);
    const withoutContract = apiRoutes.filter(([, operationId]) => !operationId).map(([key]) => key);
    expect(withoutContract).toEqual([]);
  });

  it('every contract is registered, once, under its own method and path', () => {
    const operationIds = CONTRACTS.map((contract) => contract.operationId);
    expect(new Set(operationIds).size).toBe(operationIds.length);
    for (const contract of CONTRACTS) {
      expect(t.app.routeContracts.get(`${contract.method} ${contract.path}`), contract.operationId).toBe(
        contract.operationId,
      );
    }
  });

  it('/api/docs lists each with its operationId and summary', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { operationId?: string; summary?: string }>>;
    }>();
    for (const contract of CONTRACTS) {
      const path = contract.path.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = doc.paths[path]?.[contract.method.toLowerCase()];
      expect(operation?.operationId, contract.operationId).toBe(contract.operationId);
      expect(operation?.summary, contract.operationId).toBe(contract.summary);
    }
  });
});
