import { describe, expect, it } from 'vitest';
import { blueprintEditor } from '../blueprint/definition';
import { coreEditor } from '../core/definition';
import { characterEditor } from '../character/definition';
import { creatureEditor } from '../creature/definition';
import { ROUTE_CATALOGUES, embeddedCatalogueJson } from './embedded';

describe('catalogues embedded in the editor routes', () => {
  it.each([blueprintEditor, coreEditor, characterEditor, creatureEditor].map((d) => [d.kind, d] as const))('the %s route embeds every catalogue its editor loads', (kind, definition) => {
    for (const name of definition.catalogues) expect(ROUTE_CATALOGUES[kind], name).toContain(name);
  });

  it('escapes "<" so entry text cannot close the script element, and parses back unchanged', () => {
    const gear = [{ id: 'x', name: 'Knife </script><script>alert(1)</script>' }] as never;
    const json = embeddedCatalogueJson('blueprint', { gear, coreEffects: [] });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ gear });
  });
});
