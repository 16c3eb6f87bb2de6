import { describe, expect, it } from 'vitest';
import { AREA_ROOTS, AREA_RULES, APPS, BRANDS, STAFF_ROLES, TOP_ROUTES, USER_KINDS, can, principalFrom } from '../../shared/access';
import { RESOURCES } from '../../renderer/app/resources';
import { allowedResources, navSections, resourceFor } from '../../renderer/lib/navigation';
import { routes } from '../../renderer/app/router';

describe('resources as data', () => {
  it('every route root of §2 but the index is a resource, guarded by its AREA_RULES entry', () => {
    expect(RESOURCES.map((r) => r.path).sort()).toEqual(AREA_ROOTS.filter((r) => r !== '/').sort());
    for (const r of RESOURCES) expect(r.access).toBe(AREA_RULES[r.path]);
  });

  it('the navigation of every app × role × brand is exactly what can() allows', () => {
    for (const app of APPS)
      for (const role of [...STAFF_ROLES, ...USER_KINDS])
        for (const brand of BRANDS) {
          const principal = principalFrom(`${app} ${role} ${brand}`);
          const expected = AREA_ROOTS.filter((p) => p !== '/' && can(principal, AREA_RULES[p])).sort();
          expect(
            allowedResources(principal)
              .map((r) => r.path)
              .sort(),
          ).toEqual(expected);
          expect(
            navSections(principal)
              .flatMap((s) => s.items.map((r) => r.path))
              .sort(),
          ).toEqual(expected);
        }
  });

  it('maps a pathname to its area', () => {
    expect(resourceFor('/catalog/tracks/12')?.path).toBe('/catalog');
    expect(resourceFor('/deliveries')?.path).toBe('/deliveries');
    expect(resourceFor('/old-deliveries/3')?.path).toBe('/old-deliveries');
    expect(resourceFor('/nowhere')).toBeUndefined();
  });
});

describe('route table (§2)', () => {
  const top = routes[0].children ?? [];
  it('has /auth, /auth/verify, /logout, /service-agreement and the shell', () => {
    expect(top.map((r) => r.path)).toEqual(['/auth', '/auth/verify', '/logout', '/service-agreement', '/']);
    expect(TOP_ROUTES['/auth']).toBe('*');
  });
  it('every route has an error boundary', () => {
    const walk = (rs: typeof top): void => {
      for (const r of rs) {
        expect(r.errorElement, String(r.path)).toBeTruthy();
        if (r.children) walk(r.children);
      }
    };
    walk(routes);
  });
  it('the shell holds every resource at <path>/* plus a 404 catch-all', () => {
    const shell = top.find((r) => r.path === '/')!;
    const paths = (shell.children ?? []).map((r) => (r.index ? '(index)' : r.path));
    expect(paths).toEqual(['(index)', ...RESOURCES.map((r) => `${r.path.slice(1)}/*`), '*']);
  });
});
