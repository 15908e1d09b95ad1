/**
 * The server's list of the web app's routes (web-routes.ts) is the router's (router.tsx): read from
 * its source with the TypeScript parser, so a page added to one and not the other fails here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { matchWebRoute, WEB_ROUTES } from './web-routes';

const routerFile = path.join(import.meta.dirname, '../web/app/router.tsx');

/** Every path router.tsx can show a page for (leaves and index routes), catch-alls left out. */
function routerPaths(): string[] {
  const source = ts.createSourceFile(
    routerFile,
    readFileSync(routerFile, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  let routes: ts.ArrayLiteralExpression | undefined;
  const find = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      node.expression.getText() === 'createBrowserRouter' &&
      node.arguments[0] &&
      ts.isArrayLiteralExpression(node.arguments[0])
    ) {
      routes = node.arguments[0];
    }
    ts.forEachChild(node, find);
  };
  find(source);
  if (!routes) throw new Error('createBrowserRouter([...]) not found in router.tsx');

  const found: string[] = [];
  const join = (parent: string, child: string) =>
    child.startsWith('/') ? child : `${parent.replace(/\/$/, '')}/${child}`;
  const walk = (list: ts.ArrayLiteralExpression, parent: string) => {
    for (const element of list.elements) {
      // later('users/:userId'): a screen of a later issue, a leaf.
      if (ts.isCallExpression(element) && element.expression.getText() === 'later') {
        const arg = element.arguments[0];
        if (!arg || !ts.isStringLiteral(arg)) throw new Error(`later() without a path: ${element.getText()}`);
        found.push(join(parent, arg.text));
        continue;
      }
      if (!ts.isObjectLiteralExpression(element)) throw new Error(`unexpected route: ${element.getText()}`);
      const prop = (name: string) =>
        element.properties.find(
          (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === name,
        )?.initializer;
      const pathNode = prop('path');
      const own = pathNode && ts.isStringLiteral(pathNode) ? join(parent, pathNode.text) : parent;
      const children = prop('children');
      if (children && ts.isArrayLiteralExpression(children)) walk(children, own);
      else if (pathNode || prop('index')) found.push(own);
    }
  };
  walk(routes, '');
  return found.filter((p) => !p.includes('*'));
}

describe('web routes', () => {
  it('lists exactly the routes of router.tsx', () => {
    const fromRouter = routerPaths();
    expect(fromRouter.length).toBeGreaterThan(30);
    expect([...new Set(fromRouter)].sort()).toEqual([...WEB_ROUTES].sort());
  });

  it('matches paths as React Router ranks them', () => {
    expect(matchWebRoute('/')?.route).toBe('/');
    expect(matchWebRoute('/login')?.route).toBe('/login');
    expect(matchWebRoute('/Login/')?.route).toBe('/login');
    expect(matchWebRoute('/cafe-roma-k7q2')).toEqual({
      route: '/:establishmentId',
      params: { establishmentId: 'cafe-roma-k7q2' },
    });
    expect(matchWebRoute('/cafe-roma-k7q2/register')?.route).toBe('/:establishmentId/register');
    expect(matchWebRoute('/verify/abc')).toEqual({ route: '/verify/:token', params: { token: 'abc' } });
    expect(matchWebRoute('/app/establishment/x/notification/y')?.route).toBe(
      '/app/establishment/:establishmentId/notification/:postId',
    );
    expect(matchWebRoute('/app/management/establishment/new')?.route).toBe(
      '/app/management/establishment/new',
    );
    for (const unknown of ['/app/no/such/screen', '/a/b/c', '/api/x/y/z/w', '//evil.example', '/x//y']) {
      expect(matchWebRoute(unknown), unknown).toBeUndefined();
    }
  });
});
