import { describe, it, expect } from 'vitest';
import { loadSite, contentDirFromEnv } from './load';
import { siteIndex } from './siteIndex';
import { writeCorpus, page } from './testing';

describe('site index', () => {
  it('lists every published page with its headings, by section, in navigation order', () => {
    const site = loadSite(
      writeCorpus({
        'index.md': page({ title: 'Home' }),
        '1.rules/_dir.yml': 'title: Rules\n',
        '1.rules/index.md': page({ title: 'Rules' }) + '\n## How to read the rules\n\nText.\n',
        '1.rules/1.combat.md': page({ title: 'Combat' }) + '\n## Initiative\n\nText.\n\n### Turns\n\nMore.\n',
        '1.rules/2.gear/_dir.yml': 'title: Gear\n',
        '1.rules/2.gear/1.weapons.md': page({ title: 'Weapons' }),
        '1.rules/3.draft.md': page({ title: 'Draft', draft: true }),
      }),
    );
    const index = siteIndex(site);
    const rules = index.find((s) => s.title === 'Rules')!;
    expect(rules.path).toBe('/rules');
    // The section's own page keeps its headings too (the reader's find must reach them).
    expect(rules.headings.map((h) => [h.text, h.id])).toEqual([['How to read the rules', 'how-to-read-the-rules']]);
    expect(rules.pages.map((p) => p.title)).toEqual(['Combat', 'Weapons']);
    expect(rules.pages[0]!.headings.map((h) => [h.text, h.id, h.depth])).toEqual([
      ['Initiative', 'initiative', 2],
      ['Turns', 'turns', 3],
    ]);
    expect(index.flatMap((s) => s.pages.map((p) => p.path))).not.toContain('/rules/draft');
  });

  it('holds every page of the real site that the navigation shows', () => {
    const site = loadSite(contentDirFromEnv());
    const listed = new Set(siteIndex(site).flatMap((s) => [s.path, ...s.pages.map((p) => p.path)]));
    for (const path of ['/', '/rules/combat', '/rules/gear-and-blueprints', '/galacticguide/sectors']) expect(listed, path).toContain(path);
  });

  it('lists every heading of every page of the real site that it lists', () => {
    const site = loadSite(contentDirFromEnv());
    const index = siteIndex(site);
    const listed = new Set(index.flatMap((s) => [...s.headings.map((h) => `${s.path}#${h.id}`), ...s.pages.flatMap((p) => p.headings.map((h) => `${p.path}#${h.id}`))]));
    const pages = index.flatMap((s) => [...(s.path ? [s.path] : []), ...s.pages.map((p) => p.path)]);
    const expected = pages.flatMap((path) => site.pages.get(path)!.body.toc.map((h) => `${path}#${h.id}`));
    expect(expected.length).toBeGreaterThan(100);
    expect(expected.filter((h) => !listed.has(h))).toEqual([]);
  });
});
