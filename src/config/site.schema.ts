/**
 * The site configuration's schema. Kept apart from the config itself so that
 * browser code reading the config does not bundle zod.
 */
import './zod';
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
