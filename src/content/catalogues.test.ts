import { describe, it, expect } from 'vitest';
import { join } from 'node:path';
import { loadCatalogues } from './catalogues';
import { ContentError, ContentErrors } from './errors';
import { writeCorpus } from './testing';
import { catalogueTextProblems } from './catalogueText';
import { LineCounter, parseDocument, type Node as YamlNode, type YAMLSeq } from 'yaml';

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

  it('checks a core effect template like Markdown: its link targets and raw HTML, at the line of the field', () => {
    const effects = [
      '- id: shove',
      '  name: Shove',
      '  discipline: kinetic',
      '  baseCost: 2',
      '  maxPotency: 1',
      '  costPerPotency: 0',
      '  template: Push {potency} metres, [see](javascript:alert(1)).',
      '- id: pull',
      '  name: Pull',
      '  discipline: kinetic',
      '  baseCost: 2',
      '  maxPotency: 1',
      '  costPerPotency: 0',
      '  template: Pull <!-- a --><img src=x onerror=alert(1)><!-- b --> {potency} metres.',
    ].join('\n');
    expect(problemsOf({ 'data/core-effects.yml': effects + '\n' })).toEqual([
      expect.stringMatching(/^data\/core-effects\.yml:7: 'shove': template: link: 'javascript:alert\(1\)' is not a link target content may use/),
      "data/core-effects.yml:14: 'pull': template: raw HTML is not allowed in content (<img src=x onerror=alert(1)>); use Markdown or a directive",
    ]);
  });

  it('reports raw HTML in a rules text, between two comments too, with the line inside a literal block', () => {
    const features = [
      '- id: quick',
      '  name: Quick',
      '  tree: gunslinger',
      '  tier: 1',
      '  text: |',
      '    First line is fine.',
      '',
      '    Then <b>bold</b> and :::note[x] nothing.',
    ].join('\n');
    const sides = '- { id: numb, name: Numb, refund: 1, text: "Numb <!-- a --><script>x</script><!-- b -->." }\n';
    expect(problemsOf({ 'data/features.yml': features + '\n', 'data/core-side-effects.yml': sides })).toEqual([
      "data/features.yml:8: 'quick': text: raw HTML is not allowed in content (<b>); use Markdown or a directive",
      "data/features.yml:8: 'quick': text: raw HTML is not allowed in content (</b>); use Markdown or a directive",
      "data/core-side-effects.yml:1: 'numb': text: raw HTML is not allowed in content (<script>); use Markdown or a directive",
      "data/core-side-effects.yml:1: 'numb': text: raw HTML is not allowed in content (</script>); use Markdown or a directive",
    ]);
  });

  it('checks every Markdown field at any depth: a description, a nested option text, a callout label', () => {
    const yaml = ['- id: plate', '  description: "Heavy [armour](vbscript:x)."', '  options:', '    - id: spiked', '      text: ":::note[<i>x</i>]"', '  name: <b>not Markdown</b>'].join('\n');
    const lines = new LineCounter();
    const doc = parseDocument(yaml, { lineCounter: lines });
    const entry = (doc.contents as YAMLSeq).items[0] as YamlNode;
    expect(catalogueTextProblems(entry, lines).map((p) => `${p.line}: ${p.reason.replace(/ is not a link target .*/, ' …')}`)).toEqual([
      "2: description: link: 'vbscript:x' …",
      '5: options.0.text: raw HTML is not allowed in a callout label (<i></i>); it would show as text',
    ]);
  });
});
