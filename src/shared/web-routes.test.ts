/**
 * The server's list of the web app's routes (web-routes.ts) is the router's (route-tree.tsx and its
 * *-routes.tsx modules): read from their source with the TypeScript parser, so a page added to one and not the other fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { matchWebRoute, WEB_ROUTES } from './web-routes';

const appDir = path.join(import.meta.dirname, '../web/app');

/** Every top-level `const name = ...` of the route modules (route-tree.tsx and the *-routes.tsx it imports). */
function routeDeclarations(): { routes: ts.ArrayLiteralExpression; named: Map<string, ts.Expression> } {
  const named = new Map<string, ts.Expression>();
  const files = readdirSync(appDir).filter((f) => f === 'route-tree.tsx' || f.endsWith('-routes.tsx'));
  for (const file of files) {
    const source = ts.createSourceFile(
      file,
      readFileSync(path.join(appDir, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const find = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
        named.set(node.name.text, node.initializer);
      ts.forEachChild(node, find);
    };
    find(source);
  }
  const routes = named.get('routeTree');
  if (!routes || !ts.isArrayLiteralExpression(routes))
    throw new Error('routeTree = [...] not found in route-tree.tsx');
  return { routes, named };
}

/** Every path the router can show a page for (leaves and index routes), catch-alls left out. */
function routerPaths(): string[] {
  const { routes, named } = routeDeclarations();
  const resolve = (node: ts.Expression): ts.Expression => {
    if (!ts.isIdentifier(node)) return node;
    const value = named.get(node.text);
    if (!value) throw new Error(`route ${node.text} not declared in a route module`);
    return resolve(value);
  };
  const found: string[] = [];
  const join = (parent: string, child: string) =>
    child.startsWith('/') ? child : `${parent.replace(/\/$/, '')}/${child}`;
  const walkRoute = (node: ts.Expression, parent: string) => {
    const element = resolve(node);
    if (ts.isCallExpression(element)) {
      const name = element.expression.getText();
      // withRight(right, [children], 'path'?): a guard around child routes.
      if (name === 'withRight') {
        const [, children, pathArg] = element.arguments;
        const own = pathArg && ts.isStringLiteral(pathArg) ? join(parent, pathArg.text) : parent;
        if (!children) throw new Error(`withRight() without children: ${element.getText()}`);
        walkList(resolve(children), own);
        return;
      }
    }
    if (!ts.isObjectLiteralExpression(element)) throw new Error(`unexpected route: ${element.getText()}`);
    const prop = (name: string) =>
      element.properties.find(
        (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === name,
      )?.initializer;
    const pathNode = prop('path');
    const own = pathNode && ts.isStringLiteral(pathNode) ? join(parent, pathNode.text) : parent;
    const children = prop('children');
    if (children) walkList(resolve(children), own);
    else if (pathNode || prop('index')) found.push(own);
  };
  const walkList = (list: ts.Expression, parent: string) => {
    if (!ts.isArrayLiteralExpression(list)) throw new Error(`expected a list of routes: ${list.getText()}`);
    for (const element of list.elements) {
      if (ts.isSpreadElement(element)) walkList(resolve(element.expression), parent);
      else walkRoute(element, parent);
    }
  };
  walkList(routes, '');
  return found.filter((p) => !p.includes('*'));
}

describe('web routes', () => {
  it('lists exactly the routes of route-tree.tsx', () => {
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
