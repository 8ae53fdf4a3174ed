/**
 * Site configuration: one typed object, read by the build and the browser.
 */
import type { SiteConfig } from './site.schema';

export type { SiteConfig };

// A plain object (no parsing at load), so browser code that reads it ships no
// schema library; config/site.test.ts checks it against the schema.
export const siteConfig: SiteConfig = {
  title: 'Nucleus',
  description: 'The Galactic Guide, the rules and the builders of Nucleus, a sci-fi tabletop role-playing game.',
  locales: ['en'],
  defaultLocale: 'en',
  layoutFallbacks: [{ pattern: '/nucleus/**', layout: 'full' }],
  globals: {
    guideIndex: { where: [{ _path: '/galacticguide' }], first: true, only: ['title', 'description', '_path'] },
  },
  tokenSyncUrl: '',
  clientDatabase: false,
  sections: [
    { title: 'Galactic Guide', href: '/galacticguide' },
    { title: 'Rules', href: '/rules' },
    { title: 'Editors', href: '/nucleus' },
  ],
};

export const LAYOUTS = ['default', 'full'] as const;
export type LayoutName = (typeof LAYOUTS)[number];

export function isLayoutName(name: string): name is LayoutName {
  return (LAYOUTS as readonly string[]).includes(name);
}
