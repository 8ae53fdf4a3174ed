import { describe, it, expect } from 'vitest';
import { join } from 'node:path';
import { loadCatalogues } from './catalogues';
import { ContentError, ContentErrors } from './errors';
import { writeCorpus } from './testing';

function problemsOf(files: Record<string, string>): string[] {
  try {
    loadCatalogues(join(writeCorpus(files), 'data'));
  } catch (e) {
    if (e instanceof ContentErrors) return e.all.map((x) => x.message);
    if (e instanceof ContentError) return [e.message];
    throw e;
  }
  return [];
}

describe('catalogue text links', () => {
  it('refuses a rules text or description linking to a target content may not use, at the entry', () => {
    const features = [
      '- { id: quick, name: Quick, tree: gunslinger, tier: 1, text: "See [the rules](/rules) or <https://example.org>." }',
      '- { id: sly, name: Sly, tree: gunslinger, tier: 1, text: "Click [here](javascript:alert(1)) or ![x](//elsewhere.example/x.png)." }',
    ].join('\n');
    expect(problemsOf({ 'data/features.yml': features })).toEqual([
      expect.stringMatching(/^data\/features\.yml:2: 'sly': text: link: 'javascript:alert\(1\)' is not a link target content may use/),
      expect.stringMatching(/^data\/features\.yml:2: 'sly': text: image: '\/\/elsewhere\.example\/x\.png' is not a link target content may use/),
    ]);
  });
});
