import { describe, it, expect } from 'vitest';
import { absoluteUrl, isIndexable, robotsTxt, sitemapPaths, sitemapXml } from './sitemap';
import { contentDirFromEnv, loadSite } from './load';

describe('sitemap.xml and robots.txt', () => {
  it('lists the home page and published pages, not redirects or drafts', () => {
    const site = loadSite(contentDirFromEnv());
    const paths = sitemapPaths(site);
    expect(paths[0]).toBe('/');
    expect(paths).toContain('/rules/combat');
    for (const r of site.records) if (r.draft) expect(paths).not.toContain(r._path);
    for (const p of paths) expect(site.pages.get(p)?.redirect).toBeFalsy();
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('writes absolute addresses under the base path', () => {
    expect(absoluteUrl('/rules', 'https://example.org', '/guide/')).toBe('https://example.org/guide/rules');
    const xml = sitemapXml(['/', '/rules'], 'https://example.org', '/guide/');
    expect(xml).toContain('<loc>https://example.org/guide/</loc>');
    expect(xml).toContain('<loc>https://example.org/guide/rules</loc>');
    expect(robotsTxt('https://example.org', '/guide/')).toContain('Sitemap: https://example.org/guide/sitemap.xml');
  });

  it('keeps the not-found, error, offline, sign-in and site index pages out of search engines, and lists only indexable pages', () => {
    for (const path of ['/404', '/500', '/offline', '/login', '/login/', '/site-index']) expect(isIndexable(path), path).toBe(false);
    for (const path of ['/', '/rules/combat', '/nucleus']) expect(isIndexable(path), path).toBe(true);
    for (const path of sitemapPaths(loadSite(contentDirFromEnv()))) expect(isIndexable(path), path).toBe(true);
  });
});
