import { describe, it, expect } from 'vitest';
import { routeFor, validateRouteTable, routes, matchesPattern } from './routes';

describe('route table', () => {
  it('gives the spec metadata to each route', () => {
    expect(routeFor('/')).toMatchObject({ layout: 'full', colorMode: 'dark' });
    expect(routeFor('/login')).toMatchObject({ layout: 'full', colorMode: 'dark', documentDriven: false });
    for (const e of ['Blueprint', 'Character', 'Core', 'Creature']) {
      expect(routeFor(`/nucleus/${e}Editor`)).toMatchObject({ colorMode: 'dark', rightDrawer: false, documentDriven: false });
    }
    expect(routeFor('/editor').redirect).toBe('/nucleus');
    expect(routeFor('/creatureeditor').redirect).toBe('/nucleus/CreatureEditor');
  });

  it('validates content paths on the catch-all', () => {
    const route = routeFor('/rules/combat');
    expect(route.validate!('/rules/combat')).toBe(true);
    expect(route.validate!('/Rules/Bad_Path')).toBe(false);
  });

  it('matches exact and prefix patterns', () => {
    expect(matchesPattern('/galacticguide/**', '/galacticguide')).toBe(true);
    expect(matchesPattern('/galacticguide/**', '/galacticguide/factions')).toBe(true);
    expect(matchesPattern('/galacticguide/**', '/galacticguidebook')).toBe(false);
  });

  it('accepts the real table and refuses an unknown guard by name', () => {
    expect(() => validateRouteTable(routes)).not.toThrow();
    expect(() => validateRouteTable([{ pattern: '/x', middleware: ['admin'] }])).toThrow("route table, route '/x': unknown route guard 'admin'");
  });
});
