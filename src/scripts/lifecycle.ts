/**
 * Runs `init` on every page the reader lands on: the first load and each
 * client-side navigation (Astro's ClientRouter swaps the body, so DOM-bound
 * setup must run again; global listeners are registered once at module load).
 */
export function onPage(init: () => void): void {
  document.addEventListener('astro:page-load', init);
}
