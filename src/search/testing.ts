/**
 * Test helpers for search: pages from Markdown, and an engine loaded the way
 * the browser loads it (through the JSON files). Pure; tests only.
 */
import { parseMarkdown } from '../content';
import { createSearchIndex } from './indexBuilder';
import { SearchEngine } from './engine';
import type { SearchSection, PageRecord } from '../content';

/** A published Markdown page at `path` (`/rules/combat`), as the loader would make it. */
export function pageRecord(path: string, title: string, md: string, extra: Partial<PageRecord> = {}): PageRecord {
  const stem = path.slice(1);
  return {
    _id: `content:${stem.replace(/\//g, ':')}.md`,
    _path: path,
    path,
    stem,
    _type: 'markdown',
    _file: `${stem}.md`,
    folder: path.replace(/\/[^/]*$/, '') || '/',
    locale: 'en',
    title,
    description: '',
    navigation: true,
    body: parseMarkdown(md).body,
    draft: false,
    partial: false,
    ...extra,
  };
}

export function engineFor(sections: SearchSection[], options: { texts?: boolean } = {}): SearchEngine {
  const { manifest, files } = createSearchIndex(sections, 'test');
  const engine = new SearchEngine();
  for (const shard of manifest.shards) {
    engine.addShard(JSON.parse(files.get(shard.index)!));
    if (options.texts !== false) engine.addTexts(JSON.parse(files.get(shard.text)!));
  }
  return engine;
}
