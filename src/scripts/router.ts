// Client-side navigation (Astro's ClientRouter): the loading indicator while
// the next page loads, and focus moved to the new page's content so keyboard
// and screen-reader users start there (the router announces the title).
import { $loading } from '../stores/app';
import { onPage } from './lifecycle';

document.addEventListener('astro:before-preparation', () => $loading.set(true));
document.addEventListener('astro:after-preparation', () => $loading.set(false));
document.addEventListener('astro:after-swap', () => {
  $loading.set(false);
  if (location.hash) return; // the router scrolls to the target; leave focus to it
  const main = document.getElementById('main');
  main?.focus({ preventScroll: true });
});

// The loading bar under the header, on every page.
$loading.subscribe((on) => document.querySelector('.loading-bar')?.classList.toggle('on', on));
onPage(() => {
  const bar = document.createElement('div');
  bar.className = 'loading-bar';
  bar.setAttribute('aria-hidden', 'true');
  document.body.append(bar);
});
