import { describe, it, expect } from 'vitest';
import { siteConfig } from './site';
import { siteConfigSchema } from './site.schema';

describe('site config', () => {
  it('matches its schema', () => {
    expect(() => siteConfigSchema.parse(siteConfig)).not.toThrow();
    expect(siteConfig.locales).toContain(siteConfig.defaultLocale);
  });
});
