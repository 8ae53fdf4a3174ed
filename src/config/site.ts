/**
 * Site configuration: one typed object, read by the build and the browser.
 */
import { z } from 'zod';

export const siteConfigSchema = z.object({
  title: z.string(),
  description: z.string(),
  /** Locales the content may use; the first folder of a page may name one. */
  locales: z.array(z.string()).min(1),
  defaultLocale: z.string(),
  /** Layout fallbacks by path pattern (`/galacticguide/**`), tried in order. */
  layoutFallbacks: z.array(z.object({ pattern: z.string(), layout: z.string() })),
  /**
   * Named content queries resolved at build and given to every page.
   * Must be a keyed map; a list is refused (SPEC §5).
   */
  globals: z.unknown(),
  /** Same-origin address that receives the user's ID token (SPEC §7); empty = off. */
  tokenSyncUrl: z.string(),
  /** Run every content query on the local database instead of the static API. */
  clientDatabase: z.boolean(),
  /** Top sections shown in the header. */
  sections: z.array(z.object({ title: z.string(), href: z.string() })),
});

export type SiteConfig = z.output<typeof siteConfigSchema>;

export const siteConfig: SiteConfig = siteConfigSchema.parse({
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
});

export const LAYOUTS = ['default', 'full'] as const;
export type LayoutName = (typeof LAYOUTS)[number];

export function isLayoutName(name: string): name is LayoutName {
  return (LAYOUTS as readonly string[]).includes(name);
}
